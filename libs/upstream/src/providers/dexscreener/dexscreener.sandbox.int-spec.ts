import { CallMeter, RequestContext, type ToolContext } from '@scout/core';
import { SANDBOX_KEYS, startSandbox, type RunningSandbox } from '@scout/sandbox';
import { HttpUpstreamSource } from '../../http-upstream-source';
import { UpstreamError } from '../../upstream.types';
import { JupiterClient } from '../jupiter/jupiter.client';
import { DexScreenerClient } from './dexscreener.client';

interface SandboxToken {
  chain: string;
  address: string;
  symbol: string;
}

/** The client over a real source against the sandbox's DexScreener stand-in: every answer must parse and agree with Jupiter. */
describe('DexScreenerClient over the sandbox', () => {
  let sandbox: RunningSandbox;
  let source: HttpUpstreamSource;
  let jupiterSource: HttpUpstreamSource;
  let client: DexScreenerClient;
  let jupiter: JupiterClient;
  const now = Date.parse('2026-06-15T12:00:00Z');

  const within = <T>(fn: () => Promise<T>): Promise<T> => {
    const context: ToolContext = { tool: 'service_token_prices', requestId: 'r', caller: null, meter: new CallMeter(), deadlineAt: Date.now() + 20_000 };
    return RequestContext.run(context, fn);
  };
  const tokensOn = (chain: string): SandboxToken[] =>
    sandbox.market.tokens.filter((tk) => tk.chain.name === chain).map((tk) => ({ chain, address: tk.address, symbol: tk.symbol }));

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 42, now: () => now });
    source = new HttpUpstreamSource({
      name: 'dexscreener',
      baseUrl: sandbox.urls.dexscreener,
      keys: [],
      keyPlacement: { kind: 'none' },
      timeoutMs: 10_000,
      retries: 0,
    });
    jupiterSource = new HttpUpstreamSource({
      name: 'jupiter',
      baseUrl: sandbox.urls.jupiter,
      keys: [SANDBOX_KEYS.jupiter],
      keyPlacement: { kind: 'header', header: 'x-api-key' },
      timeoutMs: 10_000,
      retries: 0,
    });
    client = new DexScreenerClient(source);
    jupiter = new JupiterClient(jupiterSource);
  });

  afterAll(async () => {
    await source?.close();
    await jupiterSource?.close();
    await sandbox?.close();
  });

  beforeEach(() => sandbox.control.reset());

  it("reads every priced Solana token, in chunks of 30, at Jupiter's price and liquidity", async () => {
    const solana = tokensOn('Solana').map((tk) => tk.address);
    const markets = await within(() => client.markets('solana', solana));
    const priced = solana.filter((mint) => sandbox.market.tokenPrice(sandbox.market.tokenByMintAddress(mint)!, now) !== null);
    expect([...markets.keys()].sort()).toEqual([...priced].sort());
    expect(sandbox.control.count('dexscreener', '/tokens/v1')).toBe(Math.ceil(solana.length / 30));

    const asked = priced.slice(0, 50);
    const { byMint } = await within(() => jupiter.prices(asked));
    for (const mint of asked) {
      const market = markets.get(mint)!;
      const token = sandbox.market.tokenByMintAddress(mint)!;
      expect(market.priceUsd).toBe(byMint.get(mint)!.usdPrice);
      expect(market.liquidityUsd).toBe(byMint.get(mint)!.liquidity);
      expect(market.change24hPct).toBe(byMint.get(mint)!.priceChange24h);
      expect(market.marketCapUsd).toBeCloseTo(market.priceUsd! * token.circSupply, 1);
      expect(market.fdvUsd).toBeCloseTo(market.priceUsd! * token.totalSupply, 1);
      expect(market.pairAddress).toBe(token.ammKey);
      expect(market.pairCreatedAt).toBe(new Date(Date.parse(token.firstPool.createdAt)).toISOString());
    }
  });

  it('reads every EVM chain of Scout, matching addresses in any case', async () => {
    const chains = [
      ['ethereum', 'Ethereum'],
      ['base', 'Base'],
      ['bsc', 'BSC'],
      ['monad', 'Monad'],
      ['hyperliquid', 'Hyperliquid L1'],
      ['brokerage', 'Robinhood Chain'],
    ] as const;
    for (const [chain, name] of chains) {
      const tokens = tokensOn(name).filter((tk) => tk.symbol !== 'UNPR');
      const asked = tokens.map((tk) => tk.address.toLowerCase());
      const markets = await within(() => client.markets(chain, asked));
      expect([...markets.keys()].sort()).toEqual([...asked].sort());
      for (const market of markets.values()) {
        expect(market).toMatchObject({
          chain,
          priceUsd: expect.any(Number),
          volume24hUsd: expect.any(Number),
          pairAddress: expect.stringMatching(/^0x[0-9a-f]{40}$/),
        });
      }
    }
  });

  it('leaves unknown and unpriced tokens out', async () => {
    const unpr = tokensOn('Base').find((tk) => tk.symbol === 'UNPR')!;
    const markets = await within(() => client.markets('base', [unpr.address, '0x000000000000000000000000000000000000dEaD']));
    expect(markets.size).toBe(0);
  });

  it('turns a failing upstream into an UpstreamError', async () => {
    sandbox.control.add({ provider: 'dexscreener', status: 503 });
    await expect(within(() => client.markets('solana', [tokensOn('Solana')[0].address]))).rejects.toBeInstanceOf(UpstreamError);
    sandbox.control.clear();
    sandbox.control.add({ provider: 'dexscreener', malformed: 'shape' });
    await expect(within(() => client.markets('solana', [tokensOn('Solana')[1].address]))).rejects.toMatchObject({ failure: 'malformed' });
  });
});
