import { tokenDetailSchema, type AnalyticsPool } from '@scout/upstream';
import { ageDays, authorityLive, createdAtMs, deployerOf, flow24h, mainPool, priceChanges, riskFlags, walletGroup } from './onchain-figures';

const DEPLOYER = 'DePLoyerXq7JmVnP4sWc9KdRhT2yLzAe5BfGu8NpQw3';

const pool = (poolId: string, over: Record<string, unknown> = {}) => ({
  poolId,
  liquidity: { quote: 1, usd: 1000 },
  price: { quote: 1, usd: 0.5 },
  tokenSupply: 1_000_000,
  lpBurn: 100,
  market: 'raydium',
  security: { mintAuthority: null, freezeAuthority: null },
  txns: { buys: 1, sells: 1, total: 2, volume: 10, volume24h: 100 },
  createdAt: 1_700_000_500_000,
  ...over,
});

const token = (over: Record<string, unknown> = {}) =>
  tokenDetailSchema.parse({
    token: { mint: 'Mint1111111111111111111111111111', name: 'A', symbol: 'A', decimals: 6 },
    pools: [],
    risk: {},
    ...over,
  });

const pools = (...rows: object[]): AnalyticsPool[] => token({ pools: rows }).pools;

describe('onchain figures', () => {
  it('reads the deepest pool; one of unknown liquidity only when none is known; none without pools', () => {
    expect(mainPool(pools(pool('a'), pool('b', { liquidity: { usd: 5000 } }), pool('c', { liquidity: { usd: 2000 } })))?.poolId).toBe('b');
    expect(mainPool(pools(pool('a', { liquidity: null }), pool('b', { liquidity: { usd: 10 } })))?.poolId).toBe('b');
    expect(mainPool(pools(pool('a', { liquidity: null })))?.poolId).toBe('a');
    expect(mainPool([])).toBeNull();
  });

  it('an authority set is live, a renounced one is not, and without the pool it is unknown', () => {
    const [p] = pools(pool('a', { security: { mintAuthority: DEPLOYER, freezeAuthority: null } }));
    expect(authorityLive(p, 'mintAuthority')).toBe(true);
    expect(authorityLive(p, 'freezeAuthority')).toBe(false);
    expect(authorityLive(pools(pool('b', { security: null }))[0], 'mintAuthority')).toBeNull();
    expect(authorityLive(null, 'freezeAuthority')).toBeNull();
  });

  it('dates the token by its creation record (seconds), else its oldest pool (ms); ages in days to one decimal', () => {
    const created = token({ token: { mint: 'M'.repeat(32), creation: { creator: DEPLOYER, created_time: 1_700_000_000 } }, pools: [pool('a')] });
    expect(createdAtMs(created)).toBe(1_700_000_000_000);
    const byPool = token({ pools: [pool('a', { createdAt: 1_700_000_900_000 }), pool('b', { createdAt: 1_700_000_100_000 }), pool('c', { createdAt: null })] });
    expect(createdAtMs(byPool)).toBe(1_700_000_100_000);
    expect(createdAtMs(token())).toBeNull();
    expect(ageDays(0, 1.5 * 86_400_000)).toBe(1.5);
    expect(ageDays(0, 0.04 * 86_400_000)).toBe(0);
    expect(ageDays(null, 1)).toBeNull();
  });

  it('names the creator as deployer, else the first pool naming one, else none', () => {
    expect(deployerOf(token({ token: { mint: 'M'.repeat(32), creation: { creator: DEPLOYER } }, pools: [pool('a', { deployer: 'Other' })] }))).toBe(DEPLOYER);
    expect(deployerOf(token({ pools: [pool('a'), pool('b', { deployer: 'Other' })] }))).toBe('Other');
    expect(deployerOf(token({ pools: [pool('a')] }))).toBeNull();
  });

  it('counts a wallet group and its share; an unreported group is unknown, not zero', () => {
    const risk = token({
      risk: {
        snipers: { count: 3, totalPercentage: 1.234567, wallets: [] },
        insiders: {
          totalPercentage: 2,
          wallets: [
            { wallet: 'w1', percentage: 1 },
            { wallet: 'w2', percentage: 1 },
          ],
        },
      },
    }).risk;
    expect(walletGroup(risk.snipers)).toEqual({ count: 3, percent: 1.2346 });
    expect(walletGroup(risk.insiders)).toEqual({ count: 2, percent: 2 });
    expect(walletGroup(risk.bundlers)).toEqual({ count: null, percent: null });
  });

  it("sums the pools' 24 h volume; counts are the token's; nothing reported stays null", () => {
    const t = token({ buys: 10, sells: 5, pools: [pool('a'), pool('b', { txns: { volume24h: 50.005 } }), pool('c', { txns: null })] });
    expect(flow24h(t)).toEqual({ buys: 10, sells: 5, txns: 15, volumeUsd: 150.01 });
    expect(flow24h(token({ buys: 1, sells: null, txns: 4 }))).toEqual({ buys: 1, sells: null, txns: 4, volumeUsd: null });
    expect(flow24h(token())).toEqual({ buys: null, sells: null, txns: null, volumeUsd: null });
  });

  it('reports all 12 windows, a missing one null', () => {
    const changes = priceChanges(
      token({ events: { '1m': { priceChangePercentage: 1.5 }, '24h': { priceChangePercentage: -40 }, '7d': { priceChangePercentage: 9 } } }).events,
    );
    expect(Object.keys(changes)).toEqual(['1m', '5m', '15m', '30m', '1h', '2h', '3h', '4h', '5h', '6h', '12h', '24h']);
    expect(changes).toMatchObject({ '1m': 1.5, '5m': null, '24h': -40 });
  });

  it("lists the named risks dangers first, keeping the provider's order within a level", () => {
    const risks = token({
      risk: {
        risks: [
          { name: 'Low holders', level: 'warning', score: 1 },
          { name: 'LP Burned', level: 'danger', value: '0%', description: 'Allows the owner to remove liquidity at any time.', score: 4000 },
          { name: 'Top 10', level: 'warning', value: 31, score: 1 },
          { name: 'Rugged', level: 'danger', score: 20000 },
        ],
      },
    }).risk.risks;
    expect(riskFlags(risks).map((r) => r.name)).toEqual(['LP Burned', 'Rugged', 'Low holders', 'Top 10']);
    expect(riskFlags(risks)[0]).toEqual({ name: 'LP Burned', level: 'danger', description: 'Allows the owner to remove liquidity at any time.', value: '0%' });
    expect(riskFlags(risks)[3].value).toBe('31');
  });
});
