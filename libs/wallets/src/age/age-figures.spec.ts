import type { AssetTransfer } from '@scout/upstream';
import { ageDays, ageSummary, chainAge } from './age-figures';

const NOW = Date.parse('2026-03-11T12:00:00Z');
const ME = '0x00000000000000000000000000000000000000aa';
const FUNDER = '0x00000000000000000000000000000000000000ff';

const transfer = (block: number, timestamp: string | null, over: Partial<AssetTransfer> = {}): AssetTransfer => ({
  chain: 'base',
  blockNumber: block,
  hash: `0x${block}`,
  uniqueId: `0x${block}:external`,
  category: 'external',
  from: ME,
  to: FUNDER,
  asset: 'ETH',
  tokenAddress: null,
  amount: 1,
  rawValue: '1',
  decimals: 18,
  tokenId: null,
  timestamp,
  ...over,
});

describe('ageDays', () => {
  it('counts days to one decimal, and knows nothing of an unknown time', () => {
    expect(ageDays('2026-03-01T12:00:00Z', NOW)).toBe(10);
    expect(ageDays('2026-03-11T00:00:00Z', NOW)).toBe(0.5);
    expect(ageDays(null, NOW)).toBeNull();
  });
});

describe('chainAge', () => {
  it('takes the older of the first sent and first received transfer', () => {
    const received = transfer(10, '2026-03-01T12:00:00Z', { from: FUNDER, to: ME });
    const sent = transfer(20, '2026-03-06T12:00:00Z');
    expect(chainAge('base', sent, received, 4, NOW)).toEqual({
      chain: 'base',
      firstActivityAt: '2026-03-01T12:00:00Z',
      firstActivityHash: '0x10',
      firstDirection: 'in',
      firstCounterparty: FUNDER,
      ageDays: 10,
      outboundCount: 4,
    });
    expect(chainAge('base', sent, null, 1, NOW)).toMatchObject({ firstDirection: 'out', firstCounterparty: FUNDER, ageDays: 5 });
  });

  it('is null for a chain without any activity; a nonce alone still makes a row, of unknown age', () => {
    expect(chainAge('base', null, null, 0, NOW)).toBeNull();
    expect(chainAge('base', null, null, 2, NOW)).toMatchObject({ firstActivityAt: null, ageDays: null, outboundCount: 2 });
  });
});

describe('ageSummary', () => {
  it('is the oldest chain and the sent count over every chain', () => {
    const rows = [
      chainAge('base', transfer(1, '2026-03-06T12:00:00Z'), null, 3, NOW)!,
      chainAge('ethereum', null, transfer(1, '2026-02-09T12:00:00Z', { from: FUNDER, to: ME }), 2, NOW)!,
      chainAge('bsc', null, null, 1, NOW)!,
    ];
    expect(ageSummary(rows, NOW)).toEqual({ firstActivityAt: '2026-02-09T12:00:00Z', oldestChain: 'ethereum', ageDays: 30, outboundCount: 6 });
    expect(ageSummary([], NOW)).toEqual({ firstActivityAt: null, oldestChain: null, ageDays: null, outboundCount: 0 });
  });
});
