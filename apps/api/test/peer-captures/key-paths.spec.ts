import { shapeGaps, shapeOf } from './key-paths';
import { deriveInput, scoutToolName } from './derive-inputs';

describe('key paths of a JSON answer', () => {
  it('objects by key, arrays by the union of their elements, each path with the types seen', () => {
    expect(
      shapeOf({
        window: '7d',
        count: 2,
        cut: null,
        rows: [
          { a: 1, wallets: { solana: 'x' } },
          { a: null, b: true, tags: ['t'] },
        ],
        empty: [],
      }),
    ).toEqual({
      count: ['number'],
      cut: ['null'],
      empty: ['array'],
      rows: ['array'],
      'rows[]': ['object'],
      'rows[].a': ['null', 'number'],
      'rows[].b': ['boolean'],
      'rows[].tags': ['array'],
      'rows[].tags[]': ['string'],
      'rows[].wallets': ['object'],
      'rows[].wallets.solana': ['string'],
      window: ['string'],
    });
  });

  it("renames the peer's chain keys to Scout's only when asked", () => {
    const byChain = { byChain: { robinhood: { holdings: 1 }, solana: { holdings: 2 } } };
    expect(Object.keys(shapeOf(byChain))).toContain('byChain.robinhood');
    expect(Object.keys(shapeOf(byChain, { scoutChainKeys: true }))).toEqual([
      'byChain',
      'byChain.brokerage',
      'byChain.brokerage.holdings',
      'byChain.solana',
      'byChain.solana.holdings',
    ]);
  });

  it('a gap is a missing path, or another known type where both are known; a null is no type', () => {
    const peer = shapeOf({ a: 1, b: null, c: 'x', list: [{ d: 1 }], e: { f: 2 } });
    expect(shapeGaps(peer, shapeOf({ a: null, b: 'anything', c: 'y', list: [{ d: 2 }], e: { f: 3 }, extra: 1 }))).toEqual([]);
    expect(shapeGaps(peer, shapeOf({ a: '1', b: null, c: 'x', list: [], e: {} }))).toEqual([
      { path: 'a', problem: 'type', expected: ['number'], actual: ['string'] },
      { path: 'e.f', problem: 'missing', expected: ['number'], actual: null },
      { path: 'list[]', problem: 'missing', expected: ['object'], actual: null },
      { path: 'list[].d', problem: 'missing', expected: ['number'], actual: null },
    ]);
  });
});

describe("the peer's inputs read back from its answers", () => {
  it('maps tool names to the contract prefixes', () => {
    expect(scoutToolName('stalkchain_fomo_leaderboard')).toBe('service_fomo_leaderboard');
    expect(scoutToolName('stonk_tokens')).toBe('launchpad_tokens');
  });

  it('reads the window and the limit that cut the list; the traders asked for; the chain in Scout spelling', () => {
    expect(deriveInput('stalkchain_fomo_leaderboard', { window: '7d', _truncated: { field: 'traders', returned: 10, total: 150 } })).toEqual({
      window: '7d',
      limit: 10,
    });
    expect(deriveInput('stalkchain_fomo_leaderboard', { window: '24h' })).toEqual({ window: '24h' });
    expect(deriveInput('stalkchain_fomo_compare_traders', { source: 'search (cheap)', traders: [{ query: 'a' }, { query: 'b' }] })).toEqual({
      traders: ['a', 'b'],
    });
    expect(deriveInput('stalkchain_fomo_token_candles', { token: '0xabc', networkId: 4663, resolution: '60' })).toEqual({
      address: '0xabc',
      chain: 'brokerage',
      resolution: '60',
    });
    expect(deriveInput('stalkchain_token_yields', { showing: 8, pools: [{ symbol: 'USDC' }, { symbol: 'STEAKUSDC' }] })).toEqual({ symbol: 'USDC', limit: 8 });
    expect(deriveInput('stalkchain_token_yields', { showing: 2, pools: [{ symbol: 'SOL' }, { symbol: 'USDC' }] })).toEqual({ limit: 2 });
  });

  it('reads a launchpad list: page and size from its pagination, the market-cap sort only from falling market caps', () => {
    const row = (marketCapUsd: number | null) => ({ market: { marketCapUsd } });
    const pagination = { page: 2, pageSize: 3 };
    expect(deriveInput('stonk_tokens', { tokens: [row(9), row(5), row(5)], pagination })).toEqual({ sort: 'marketCap', page: 2, pageSize: 3 });
    expect(deriveInput('stonk_tokens', { tokens: [row(5), row(9)], pagination })).toEqual({ page: 2, pageSize: 3 });
    expect(deriveInput('stonk_tokens', { tokens: [row(9), row(null)], pagination })).toEqual({ page: 2, pageSize: 3 });
  });

  it('no rule, no guess', () => {
    expect(deriveInput('stonk_token_report', { mint: 'x' })).toBeNull();
  });
});
