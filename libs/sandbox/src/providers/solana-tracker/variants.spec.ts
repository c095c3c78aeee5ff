import { searchResponseSchema, solanaTrackerProbes, tokenDetailSchema, traderRowsSchema, walletPnlSchema } from '@scout/upstream';
import { FIXTURES } from '../../market';
import { fixedVariantContext, probeFailures, withVariantSandbox } from '../../test/variants';
import { solanaTrackerVariants } from './variants';

const ctxFor = (route: string, pickIndex: number, method = 'GET') => fixedVariantContext('solana-tracker', route, pickIndex, method);

const MINT = FIXTURES.bonkMint;
const WALLET = '5Q544fKrFoe6tsEbD7S8EmxGTJYAKtTVhAW5Q5pge4j1';

/** A TokenDetailResponse with the fields of the SDK's interfaces (solanatracker/data-api-sdk src/interfaces.ts). */
const TOKEN = () => ({
  token: {
    name: 'Bonk',
    symbol: 'Bonk',
    mint: MINT,
    decimals: 5,
    image: 'https://img',
    description: 'dog',
    creation: { creator: WALLET, created_tx: 'tx', created_time: 1672531200 },
  },
  pools: [
    {
      poolId: 'Pool1111111111111111111111111111111111111',
      liquidity: { quote: 1, usd: 2 },
      price: { quote: 3, usd: 4 },
      tokenSupply: 5,
      lpBurn: 100,
      tokenAddress: MINT,
      marketCap: { quote: 6, usd: 7 },
      market: 'raydium',
      quoteToken: FIXTURES.solMint,
      decimals: 5,
      security: { freezeAuthority: WALLET, mintAuthority: WALLET },
      lastUpdated: 1,
      deployer: WALLET,
      txns: { buys: 1, sells: 2, total: 3, volume: 4, volume24h: 5 },
      curvePercentage: 100,
      createdAt: 1672531200000,
    },
  ],
  events: { '1h': { priceChangePercentage: 1 }, '24h': { priceChangePercentage: 2 } },
  risk: {
    snipers: null,
    insiders: null,
    top10: 12,
    dev: { percentage: 1, amount: 2 },
    rugged: false,
    risks: [{ name: 'x', description: 'y', level: 'danger', score: 5 }],
    score: 3,
    jupiterVerified: true,
  },
  buys: 1,
  sells: 2,
  txns: 3,
  holders: 4,
});
const LISTED = () => ({
  name: 'Bonk',
  symbol: 'Bonk',
  mint: MINT,
  image: 'i',
  decimals: 5,
  poolAddress: 'p',
  liquidityUsd: 1,
  marketCapUsd: 2,
  priceUsd: 3,
  freezeAuthority: WALLET,
  mintAuthority: WALLET,
  createdAt: 1,
});
const PNL_ROW = () => ({
  holding: 1,
  held: 2,
  sold: 1,
  sold_usd: 3,
  realized: 4,
  unrealized: 5,
  total: 9,
  total_sold: 3,
  total_invested: 2,
  average_buy_amount: 1,
  current_value: 1,
  cost_basis: 1,
  first_buy_time: 1,
  last_buy_time: 2,
  last_sell_time: 3,
  last_trade_time: 3,
  buy_transactions: 1,
  sell_transactions: 1,
  total_transactions: 2,
});
const SUMMARY = () => ({
  realized: 1,
  unrealized: 2,
  total: 3,
  totalInvested: 4,
  averageBuyAmount: 5,
  totalWins: 1,
  totalLosses: 0,
  winPercentage: 100,
  lossPercentage: 0,
  neutralPercentage: 0,
});

describe('solanaTrackerVariants (the writer)', () => {
  it('/tokens/{mint}: each documented variant; mint, pools and price kept; parses with the client schema', () => {
    const names = Array.from({ length: 9 }, (_, i) => {
      const ctx = ctxFor(`/tokens/${MINT}`, i);
      const token = tokenDetailSchema.parse(solanaTrackerVariants(ctx, TOKEN()));
      expect(token.token.mint).toBe(MINT);
      expect(token.pools[0].price?.usd).toBe(4);
      return ctx.names;
    }).flat();
    expect(new Set(names).size).toBe(9);
    expect(names).toContain('token.risk.risks.level unknown');
    expect(tokenDetailSchema.parse(solanaTrackerVariants(ctxFor(`/tokens/${MINT}`, 5), TOKEN())).risk.risks[0].level).toBe('notice');
    expect(tokenDetailSchema.parse(solanaTrackerVariants(ctxFor(`/tokens/${MINT}`, 2), TOKEN())).token.creation ?? null).toBeNull();
  });

  it('/deployer and /search rows: image, poolAddress absent or authorities null', () => {
    const names = [0, 1, 2].flatMap((i) => {
      const ctx = ctxFor('/search', i);
      const page = searchResponseSchema.parse(solanaTrackerVariants(ctx, { status: 'success', data: [LISTED()] }));
      expect(page.data[0]).toMatchObject({ mint: MINT, priceUsd: 3 });
      return ctx.names;
    });
    expect(names.filter((n) => n.startsWith('search.'))).toEqual([
      'search.data.image absent',
      'search.data.poolAddress absent',
      'search.data.authorities null',
    ]);
    const ctx = ctxFor(`/deployer/${WALLET}`, 2);
    const body = solanaTrackerVariants(ctx, { total: 1, tokens: [LISTED()] }) as { tokens: Record<string, unknown>[] };
    expect(body.tokens[0]).toMatchObject({ freezeAuthority: null, mintAuthority: null });
    expect(ctx.names).toEqual(['deployer.tokens.authorities null']);
  });

  it('/first-buyers and /top-traders: first_sell_time null, the rest kept', () => {
    for (const head of ['first-buyers', 'top-traders']) {
      const ctx = ctxFor(`/${head}/${MINT}`, 0);
      const [row] = traderRowsSchema.parse(solanaTrackerVariants(ctx, [{ wallet: WALLET, first_sell_time: 5, ...PNL_ROW() }]));
      expect(row).toMatchObject({ wallet: WALLET, first_sell_time: null, total: 9 });
      expect(ctx.names).toEqual([`${head}.first_sell_time null`]);
    }
  });

  it('/pnl/{wallet}: optional PnLData fields and neutralPercentage absent, figures kept', () => {
    const names = [0, 1, 2].flatMap((i) => {
      const ctx = ctxFor(`/pnl/${WALLET}`, i);
      const pnl = walletPnlSchema.parse(solanaTrackerVariants(ctx, { tokens: { [MINT]: PNL_ROW() }, summary: SUMMARY() }));
      expect(pnl.tokens[MINT]).toMatchObject({ realized: 4, total: 9 });
      return ctx.names;
    });
    expect(names).toEqual([
      'pnl.summary.neutralPercentage absent',
      'pnl.tokens.sold_usd absent',
      'pnl.summary.neutralPercentage absent',
      'pnl.tokens.first_buy_time absent',
      'pnl.summary.neutralPercentage absent',
      'pnl.tokens.trade times and counts absent',
    ]);
  });

  it('leaves bundlers, chart and other methods alone', () => {
    expect(solanaTrackerVariants(ctxFor(`/tokens/${MINT}/bundlers`, 0), { total: 1 })).toEqual({ total: 1 });
    expect(solanaTrackerVariants(ctxFor(`/chart/${MINT}`, 0), { oclhv: [] })).toEqual({ oclhv: [] });
    expect(solanaTrackerVariants(ctxFor(`/tokens/${MINT}`, 0, 'POST'), TOKEN())).toEqual(TOKEN());
  });
});

describe('solanaTrackerVariants served by the sandbox at rate 1', () => {
  it("every endpoint Scout calls still answers through Scout's client, and variants were served", async () => {
    await withVariantSandbox(async (sandbox, { tokenAnalytics }) => {
      expect(await probeFailures(solanaTrackerProbes(tokenAnalytics))).toEqual([]);
      const served = Object.keys(sandbox.variants.served()).filter((k) => k.startsWith('solana-tracker '));
      expect(served.length).toBeGreaterThan(2);
    });
  }, 60_000);
});
