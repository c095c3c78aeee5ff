/**
 * The FOMO wire format: JSON shapes of users, leaderboard rows, positions, swaps, transfers,
 * theses and comments (upstreams.md §2.1 for the documented fields; the rest follow the peer's
 * captured answers). USD figures are rounded to cents, prices to 10 significant digits, token
 * amounts are sent unrounded so sums can be checked against the USD figures.
 */
import type { Token } from '../../market';
import { hash32, hashString, mulberry32, round, sig } from '../../prng';
import { iso } from '../../util';
import { amountAt, avgEntryPrice, avgExitPrice, cents, type PositionEvent } from './accounting';
import type { FomoChain, FomoPosition } from './types';
import { derivedId, type FomoUser } from './population';
import type { Comment, Thesis } from './social';
import { WINDOWS, type FomoWorld, type PositionFigures, type TraderStats } from './world';

const DAY_MS = 86_400_000;
export const price10 = (p: number | null) => (p === null ? null : sig(p, 10));

export function tokenRef(token: Token, chain: FomoChain) {
  return { address: token.address, symbol: token.symbol, name: token.name, decimals: token.decimals, networkId: chain.networkId, imageUrl: token.logo };
}

/**
 * The trader's wallets and how each was attributed: 'onchain-holdings' (the wallet holds what the
 * app shows) or 'provider-claimed' (the app says so); `verified` when both are on-chain evidence.
 * Drawn from the user id, so it never moves.
 */
export function wallets(u: FomoUser) {
  const h = hashString(`fomo:evidence:${u.userId}`);
  const solana = u.verified || (h & 3) !== 0 ? 'onchain-holdings' : 'provider-claimed';
  const evm = u.verified || ((h >>> 2) & 3) === 0 ? 'onchain-holdings' : 'provider-claimed';
  return { solana: u.wallets.solana, evm: u.wallets.evm, verified: solana === 'onchain-holdings' && evm === 'onchain-holdings', evidence: { solana, evm } };
}

function accountAgeDays(u: FomoUser, t: number): number {
  return Math.max(0, Math.floor((t - u.createdAt) / DAY_MS));
}

/** Top open positions by value (leaderboard and profile `topTokens`). */
export function topTokens(s: TraderStats, n = 3) {
  return s.open.slice(0, n).map((f) => ({
    imageUrl: f.position.token.logo,
    tokenAddress: f.position.token.address,
    symbol: f.position.token.symbol,
    networkId: f.position.chain.networkId,
    humanAmount: f.state.amount,
    price: price10(f.price),
    value: cents(f.valueUsd),
    pnl: cents(f.state.realizedPnlUsd + f.unrealizedPnlUsd),
  }));
}

/** A user as listed by following / followers / search. */
export function userSummary(world: FomoWorld, u: FomoUser, t: number) {
  const s = world.stats(u, t);
  return {
    userId: u.userId,
    handle: u.handle,
    displayName: u.displayName,
    imageUrl: u.imageUrl,
    verified: u.verified,
    twitter: u.twitter,
    followers: world.followerCount(u),
    following: world.followingCount(u),
    trades: s.windows.all.trades,
    volumeUsd: cents(s.windows.all.volumeUsd),
    pnl24h: cents(s.windows['24h'].pnlUsd),
    pnlUsd: cents(s.windows.all.pnlUsd),
    createdAt: iso(u.createdAt),
    accountAgeDays: accountAgeDays(u, t),
  };
}

export function leaderboardRow(world: FomoWorld, rank: number, s: TraderStats, window: (typeof WINDOWS)[number]) {
  const u = s.user;
  const w = s.windows[window];
  return {
    rank,
    handle: u.handle,
    userId: u.userId,
    displayName: u.displayName,
    pnlUsd: cents(w.pnlUsd),
    volumeUsd: cents(w.volumeUsd),
    trades: w.trades,
    followers: world.followerCount(u),
    holdings: s.holdings,
    wallets: wallets(u),
    topTokens: topTokens(s),
    clan: u.clan,
    twitter: u.twitter,
    createdAt: iso(u.createdAt),
    description: u.description,
    following: world.followingCount(u),
    verified: u.verified,
    imageUrl: u.imageUrl,
  };
}

export function profile(world: FomoWorld, u: FomoUser, t: number) {
  const s = world.stats(u, t);
  const per = (f: (w: TraderStats['windows']['all']) => number) => Object.fromEntries(WINDOWS.map((w) => [w, f(s.windows[w])]));
  return {
    id: u.userId,
    userId: u.userId,
    handle: u.handle,
    displayName: u.displayName,
    description: u.description,
    imageUrl: u.imageUrl,
    verified: u.verified,
    clan: u.clan,
    twitter: u.twitter,
    createdAt: iso(u.createdAt),
    accountAgeDays: accountAgeDays(u, t),
    wallets: wallets(u),
    pnl: per((w) => cents(w.pnlUsd)),
    volume: per((w) => cents(w.volumeUsd)),
    tradesByWindow: per((w) => w.trades),
    volumeUsd: cents(s.windows.all.volumeUsd),
    trades: s.windows.all.trades,
    swapCount: s.swapCount,
    positionCount: s.positionCount,
    followers: world.followerCount(u),
    following: world.followingCount(u),
    holdings: s.holdings,
    topTokens: topTokens(s, 5),
    averageHoldTimeSeconds: s.averageHoldTimeSeconds,
    private: false,
    restricted: false,
  };
}

export function positionRow(f: PositionFigures) {
  const { position: p, state: s } = f;
  return {
    tradeId: p.tradeId,
    status: s.amount > 0 ? 'open' : 'closed',
    token: tokenRef(p.token, p.chain),
    chain: p.chain.slug,
    networkId: p.chain.networkId,
    amount: s.amount,
    costBasisUsd: cents(s.investedUsd),
    openCostBasisUsd: cents(s.openCostUsd),
    bought: s.boughtAmount,
    boughtUsd: cents(s.boughtUsd),
    sold: s.soldAmount,
    soldUsd: cents(s.soldUsd),
    transferredIn: s.transferredIn,
    transferredOut: s.transferredOut,
    avgEntryPrice: price10(avgEntryPrice(s)),
    avgExitPrice: price10(avgExitPrice(s)),
    priceUsd: price10(f.price),
    valueUsd: cents(f.valueUsd),
    realizedPnlUsd: cents(s.realizedPnlUsd),
    unrealizedPnlUsd: cents(f.unrealizedPnlUsd),
    swapCount: s.swapCount,
    isDev: p.role === 'dev',
    createdAt: iso(s.firstAt!),
    closedAt: s.amount > 0 || s.closedAt === null ? null : iso(s.closedAt),
    lastTradeAt: iso(s.lastAt!),
  };
}

/** A transaction hash shaped for the chain (base58 signature on Solana, 0x + 64 hex on EVM). */
export function txHash(seed: number, p: FomoPosition, e: PositionEvent): string {
  const rand = mulberry32(hash32(seed, hashString('fomo:tx'), p.user, p.day, p.slot, e.seq));
  if (p.chain.evm) return `0x${Array.from({ length: 64 }, () => Math.floor(rand() * 16).toString(16)).join('')}`;
  const b58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  return Array.from({ length: 88 }, () => b58[Math.floor(rand() * b58.length)]).join('');
}

/** One fill of a position. Buys pay the quote token for the token; sells the other way round. */
export function swapRow(world: FomoWorld, p: FomoPosition, e: PositionEvent, t: number, relay: boolean) {
  const seed = world.market.seed;
  const quotePrice = world.market.price(p.quote.asset, e.at) ?? 1;
  const tokenSide = { address: p.token.address, symbol: p.token.symbol, amount: e.amount, usd: e.usd };
  const quoteSide = { address: p.quote.address, symbol: p.quote.symbol, amount: e.usd / quotePrice, usd: e.usd };
  const buy = e.kind === 'buy';
  const tokenIn: Record<string, unknown> = buy ? quoteSide : tokenSide;
  const tokenOut: Record<string, unknown> = buy ? tokenSide : quoteSide;
  if (relay) {
    const now = (asset: typeof p.quote.asset, amount: number) => cents(amount * (world.market.price(asset, t) ?? 0));
    tokenIn.usdNow = now(buy ? p.quote.asset : p.token.asset, tokenIn.amount as number);
    tokenOut.usdNow = now(buy ? p.token.asset : p.quote.asset, tokenOut.amount as number);
  }
  return {
    swapId: derivedId(seed, 'fomo:swap', p.user, p.day, p.slot, e.seq),
    side: buy ? 'buy' : 'sell',
    chain: p.chain.slug,
    networkId: p.chain.networkId,
    tradeIdIn: buy ? null : p.tradeId,
    tradeIdOut: buy ? p.tradeId : null,
    tokenIn,
    tokenOut,
    humanAmountIn: tokenIn.amount as number,
    humanAmountOut: tokenOut.amount as number,
    humanUsdAmountIn: e.usd,
    humanUsdAmountOut: e.usd,
    priceUsd: price10(e.usd / e.amount),
    txHash: txHash(seed, p, e),
    at: iso(e.at),
  };
}

export function transferRow(world: FomoWorld, p: FomoPosition, e: PositionEvent) {
  const u = world.population.users[p.user];
  const own = p.chain.evm ? u.wallets.evm : u.wallets.solana;
  const other = `${p.chain.evm ? '0x' : ''}${derivedId(world.market.seed, 'fomo:peer', p.user, p.day, p.slot).replace(/-/g, '')}`;
  return {
    transferId: derivedId(world.market.seed, 'fomo:transfer', p.user, p.day, p.slot, e.seq),
    direction: e.kind === 'transferIn' ? 'in' : 'out',
    tokenAddress: p.token.address,
    amount: e.amount,
    usd: e.usd,
    from: e.kind === 'transferIn' ? other : own,
    to: e.kind === 'transferIn' ? own : other,
    txHash: txHash(world.market.seed, p, e),
    at: iso(e.at),
  };
}

export function thesisView(world: FomoWorld, th: Thesis, f: PositionFigures, replies: number) {
  const p = th.position;
  const u = world.population.users[p.user];
  // Equity: what the author held in the token when they wrote, at that instant's price.
  const equity = amountAt(p.events, th.at) * (world.market.price(p.token.asset, th.at) ?? 0);
  return {
    thesisId: th.thesisId,
    tradeId: p.tradeId,
    userId: u.userId,
    handle: u.handle,
    token: tokenRef(p.token, p.chain),
    chain: p.chain.slug,
    text: th.text,
    likes: th.likes,
    replies,
    equity: cents(equity),
    tradeUsd: p.events[0].usd,
    valueUsd: cents(f.valueUsd),
    costBasisUsd: cents(f.state.investedUsd),
    realizedPnlUsd: cents(f.state.realizedPnlUsd),
    unrealizedPnlUsd: cents(f.unrealizedPnlUsd),
    // Did the call make money: the position's realized + unrealized PnL, and against its cost.
    pnlUsd: cents(f.state.realizedPnlUsd + f.unrealizedPnlUsd),
    pnlPct: f.state.investedUsd ? round(((f.state.realizedPnlUsd + f.unrealizedPnlUsd) / f.state.investedUsd) * 100, 2) : null,
    isDev: p.role === 'dev',
    ts: iso(th.at),
    createdAt: iso(th.at),
  };
}

export function commentView(world: FomoWorld, c: Comment, older: number, newer: number) {
  const u = world.population.users[c.userIndex];
  return {
    commentId: c.commentId,
    tradeId: c.tradeId,
    userId: u.userId,
    handle: u.handle,
    text: c.text,
    likes: c.likes,
    parentId: c.parentId,
    isReply: c.parentId !== null,
    olderThesisCount: older,
    newerThesisCount: newer,
    links: c.links,
    createdAt: iso(c.at),
  };
}
