import { byLlamaChain, isLlamaChain, scoutChainOfLlama } from './llama-chains';

describe('DefiLlama chain names', () => {
  it('matches display names to Scout chains without regard to case', () => {
    expect(isLlamaChain('Hyperliquid L1', 'hyperliquid')).toBe(true);
    expect(isLlamaChain('robinhood chain', 'brokerage')).toBe(true);
    expect(isLlamaChain('Hyperliquid', 'hyperliquid')).toBe(false);
    expect(isLlamaChain('Arbitrum', 'ethereum')).toBe(false);
  });

  it('maps display names and internal keys to Scout chains, other chains to null', () => {
    expect(scoutChainOfLlama('BSC')).toBe('bsc');
    expect(scoutChainOfLlama('hyperliquid')).toBe('hyperliquid');
    expect(scoutChainOfLlama('robinhood')).toBe('brokerage');
    expect(scoutChainOfLlama('arbitrum')).toBeNull();
  });

  it('reads records keyed by display names', () => {
    expect(byLlamaChain({ 'Hyperliquid L1': 3, Base: 1 }, 'hyperliquid')).toBe(3);
    expect(byLlamaChain({ base: 1 }, 'base')).toBe(1);
    expect(byLlamaChain({ Base: 1 }, 'monad')).toBeUndefined();
  });
});
