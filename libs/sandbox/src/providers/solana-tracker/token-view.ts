/**
 * `GET /tokens/{mint}` and `/tokens/{mint}/bundlers`: a coin as Solana Tracker describes it. For a
 * market token every figure is the market's (price, liquidity, holders, 24 h volume and counts as
 * Jupiter's `stats24h`, price changes, authorities, top-10 share, developer and its share: what
 * Jupiter's audit says); snipers, insiders and bundlers are the coin's wallets (wallets.ts) at
 * their balances now. A coin the market does not trade reads its path (paths.ts).
 *
 * The risk list and score are the sandbox's: named risks in Solana Tracker's words where the
 * reference records them ("LP Burned" / "Allows the owner to remove liquidity at any time."), each
 * with a weight; the score is the weights' sum over 3,000, capped at 10 (0 = nothing flagged).
 */
import { DAY_MS, FIXTURES, type SandboxMarket } from '../../market';
import { round, unit, hashString } from '../../prng';
import { pct } from '../../util';
import { swapStats } from '../jupiter/tokens';
import { amountAt } from '../fomo/accounting';
import { encodeId, signature } from './ids';
import { originParts, type Launch, type LaunchCatalog } from './launches';
import { GRADUATION_MCAP } from './paths';
import type { CoinWallet, CoinWallets } from './wallets';

const WINDOWS: [string, number][] = [
  ['1m', 60_000],
  ['5m', 300_000],
  ['15m', 900_000],
  ['30m', 1_800_000],
  ['1h', 3_600_000],
  ['2h', 7_200_000],
  ['3h', 10_800_000],
  ['4h', 14_400_000],
  ['5h', 18_000_000],
  ['6h', 21_600_000],
  ['12h', 43_200_000],
  ['24h', DAY_MS],
];
const MARKET_LABELS: Record<string, string> = {
  'Pump.fun Amm': 'pumpfun-amm',
  Raydium: 'raydium',
  'Raydium CLMM': 'raydium-clmm',
  'Orca Whirlpool': 'orca',
  'Meteora DLMM': 'meteora-dlmm',
  'Meteora DAMM v2': 'meteora-damm-v2',
};
const LP_KEY = hashString('st:lp-burn');
const SHAPE_KEY = hashString('st:coin-shape');

export interface Ctx {
  market: SandboxMarket;
  catalog: LaunchCatalog;
  wallets: CoinWallets;
}

/** What a coin is made of at t, shared by /tokens, /deployer and /search. */
export function coinFacts(ctx: Ctx, l: Launch, t: number) {
  const { market, catalog } = ctx;
  const tk = l.token;
  const price = catalog.price(l, t);
  const mcap = catalog.marketCap(l, t);
  const liquidity = catalog.liquidity(l, t);
  const volume24h = price === null ? 0 : catalog.volume24h(l, t);
  let buys: number;
  let sells: number;
  if (tk) {
    const s = price === null ? null : swapStats(market, tk, DAY_MS, t);
    buys = s?.numBuys ?? 0;
    sells = s?.numSells ?? 0;
  } else {
    buys = Math.round((volume24h * 0.52) / 150);
    sells = Math.round((volume24h * 0.48) / 150);
  }
  const shape = unit(market.seed, SHAPE_KEY, l.key);
  const peakShare = l.path && mcap !== null ? Math.min(1, mcap / l.path.peak) : 1;
  return {
    price,
    mcap,
    liquidity,
    volume24h,
    buys,
    sells,
    holders: tk ? market.holderCount(tk, t) : Math.round(15 + (l.path!.peak / 250) * (0.3 + 0.7 * peakShare)),
    mintAuthority: tk ? tk.mintAuthority : null,
    freezeAuthority: tk ? tk.freezeAuthority : null,
    top10: tk ? tk.topHoldersPercentage : round(18 + shape * 40, 2),
    lpBurn: tk ? (tk.sus ? 0 : tk.verified || l.launchpad || unit(market.seed, LP_KEY, l.key) < 0.5 ? 100 : 0) : 100,
    market: tk ? (MARKET_LABELS[tk.venue] ?? tk.venue.toLowerCase()) : catalog.graduated(l, t) ? 'pumpfun-amm' : 'pumpfun',
    poolId: tk ? tk.ammKey : encodeId('pool', ...originParts(l.origin)),
    rugged: tk ? tk.sus : l.path!.fate === 'rugged' && t > l.path!.peakAt,
    verified: tk ? tk.verified : false,
  };
}

/** Current balance of a wallet in the coin at t (summed over its positions). */
export function balanceOf(w: CoinWallet, t: number): number {
  return w.fills.reduce((sum, f) => sum + amountAt(f.events, t), 0);
}

function category(wallets: CoinWallet[], l: Launch, t: number) {
  const rows = wallets.map((w) => {
    const balance = balanceOf(w, t);
    return { wallet: w.wallet, balance, percentage: round((balance / l.supply) * 100, 4) };
  });
  const totalBalance = rows.reduce((a, r) => a + r.balance, 0);
  return { count: rows.length, totalBalance, totalPercentage: round((totalBalance / l.supply) * 100, 4), wallets: rows };
}

export function tokenView(ctx: Ctx, l: Launch, t: number) {
  const { market } = ctx;
  const f = coinFacts(ctx, l, t);
  const wallets = ctx.wallets.of(l, t);
  const dev = wallets.find((w) => w.role === 'dev');
  const devShare = l.token ? market.developerShare(l.token, t) : dev ? round((balanceOf(dev, t) / l.supply) * 100, 4) : 0;
  const snipers = category(
    wallets.filter((w) => w.role === 'sniper'),
    l,
    t,
  );
  const insiders = category(
    wallets.filter((w) => w.role === 'insider'),
    l,
    t,
  );
  const bundlers = category(
    wallets.filter((w) => w.role === 'bundler'),
    l,
    t,
  );
  const quote = l.token?.address === FIXTURES.solMint ? FIXTURES.usdcMint : FIXTURES.solMint;
  const quotePrice = market.tokenPrice(market.tokenByMintAddress(quote)!, t) ?? 1;
  const inQuote = (usd: number) => round(usd / quotePrice, 9);
  const risks = riskList(f, devShare, snipers.totalPercentage, insiders.totalPercentage);
  const pools =
    f.price === null || f.mcap === null
      ? []
      : [
          {
            poolId: f.poolId,
            liquidity: { quote: inQuote(f.liquidity), usd: f.liquidity },
            price: { quote: round(f.price / quotePrice, 12), usd: f.price },
            tokenSupply: l.supply,
            lpBurn: f.lpBurn,
            tokenAddress: l.mint,
            marketCap: { quote: inQuote(f.mcap), usd: f.mcap },
            market: f.market,
            quoteToken: quote,
            decimals: l.decimals,
            security: { freezeAuthority: f.freezeAuthority, mintAuthority: f.mintAuthority },
            lastUpdated: t,
            ...(l.deployer ? { deployer: l.deployer } : {}),
            txns: { buys: f.buys, sells: f.sells, total: f.buys + f.sells, volume: f.volume24h, volume24h: f.volume24h },
            ...(f.market === 'pumpfun' ? { curvePercentage: round(Math.min(100, (f.mcap / GRADUATION_MCAP) * 100), 2) } : {}),
            createdAt: l.path?.graduatedAt ?? l.createdAt,
          },
        ];
  const events: Record<string, { priceChangePercentage: number }> = {};
  for (const [name, w] of WINDOWS) {
    const change = l.token ? market.priceChangePct(l.token.asset, w, t) : pct(ctx.catalog.price(l, t), ctx.catalog.price(l, t - w));
    if (change !== null) events[name] = { priceChangePercentage: change };
  }
  return {
    token: {
      name: l.name,
      symbol: l.symbol,
      mint: l.mint,
      decimals: l.decimals,
      image: l.token?.logo ?? `https://static.sandbox.example/launches/${l.mint}.png`,
      description: `${l.name} (${l.symbol}) on Solana.`,
      ...(l.launchpad ? { createdOn: 'https://pump.fun' } : {}),
      ...(l.deployer ? { creation: { creator: l.deployer, created_tx: creationTx(ctx, l, dev), created_time: Math.floor(l.createdAt / 1000) } } : {}),
    },
    pools,
    events,
    risk: {
      snipers,
      insiders,
      bundlers,
      top10: f.top10,
      dev: { percentage: devShare, amount: (devShare / 100) * l.supply },
      rugged: f.rugged,
      risks,
      score: Math.min(10, Math.round(risks.reduce((a, r) => a + r.score, 0) / 3000)),
      jupiterVerified: f.verified,
    },
    buys: f.buys,
    sells: f.sells,
    txns: f.buys + f.sells,
    holders: f.holders,
  };
}

/** The creation transaction: the developer's own first buy went in it; a coin without one has its own. */
function creationTx(ctx: Ctx, l: Launch, dev: CoinWallet | undefined): string {
  const first = dev?.fills.flatMap((f) => f.events.map((e) => ({ f, e }))).sort((a, b) => a.e.at - b.e.at)[0];
  if (first && first.e.at === l.createdAt) return first.f.signature(first.e);
  return signature(...originParts(l.origin), 0xffff_fffe, 0);
}

type Facts = ReturnType<typeof coinFacts>;

function riskList(f: Facts, devShare: number, sniperShare: number, insiderShare: number) {
  const out: { name: string; description: string; value?: string; level: 'warning' | 'danger'; score: number }[] = [];
  if (f.rugged) out.push({ name: 'Rugged', description: 'No significant liquidity is left in any pool.', level: 'danger', score: 20_000 });
  if (f.freezeAuthority)
    out.push({ name: 'Freeze Authority Enabled', description: 'Tokens can be frozen and prevented from trading.', level: 'danger', score: 7_500 });
  if (f.mintAuthority) out.push({ name: 'Mint Authority Enabled', description: 'More tokens can be minted at any time.', level: 'danger', score: 2_500 });
  if (f.lpBurn < 50)
    out.push({ name: 'LP Burned', description: 'Allows the owner to remove liquidity at any time.', value: `${f.lpBurn}%`, level: 'danger', score: 4_000 });
  if (f.price !== null && f.liquidity < 10_000)
    out.push({ name: 'Very Low Liquidity', description: 'The pools hold less than $10,000.', level: 'danger', score: 5_000 });
  if (f.top10 > 30)
    out.push({
      name: 'Top 10 Holders High Ownership',
      description: 'The top 10 holders own more than 30% of the supply.',
      value: `${f.top10}%`,
      level: 'danger',
      score: 4_000,
    });
  else if (f.top10 > 15)
    out.push({
      name: 'Top 10 Holders',
      description: 'The top 10 holders own more than 15% of the supply.',
      value: `${f.top10}%`,
      level: 'warning',
      score: 1_500,
    });
  if (devShare > 10)
    out.push({
      name: 'High Dev Ownership',
      description: 'The developer holds more than 10% of the supply.',
      value: `${devShare}%`,
      level: 'danger',
      score: 4_000,
    });
  if (sniperShare > 5)
    out.push({
      name: 'Snipers',
      description: 'Wallets that bought in the first seconds hold more than 5% of the supply.',
      value: `${sniperShare}%`,
      level: 'warning',
      score: 1_500,
    });
  if (insiderShare > 5)
    out.push({
      name: 'Insiders',
      description: 'Wallets close to the launch hold more than 5% of the supply.',
      value: `${insiderShare}%`,
      level: 'warning',
      score: 1_500,
    });
  if (f.holders < 100) out.push({ name: 'Low amount of holders', description: 'Fewer than 100 wallets hold the token.', level: 'warning', score: 1_000 });
  return out;
}

/** `/tokens/{mint}/bundlers`: the wallets that bought in the creation's own bundle, then and now. */
export function bundlersView(ctx: Ctx, l: Launch, t: number) {
  const rows = ctx.wallets
    .of(l, t)
    .filter((w) => w.role === 'bundler')
    .map((w) => {
      const first = w.fills[0].events[0];
      const balance = balanceOf(w, t);
      return {
        wallet: w.wallet,
        initialBalance: first.amount,
        initialPercentage: round((first.amount / l.supply) * 100, 4),
        balance,
        percentage: round((balance / l.supply) * 100, 4),
        bundleTime: first.at,
      };
    });
  const initialBalance = rows.reduce((a, r) => a + r.initialBalance, 0);
  const balance = rows.reduce((a, r) => a + r.balance, 0);
  return {
    total: rows.length,
    balance,
    percentage: round((balance / l.supply) * 100, 4),
    initialBalance,
    initialPercentage: round((initialBalance / l.supply) * 100, 4),
    wallets: rows,
  };
}
