/**
 * The chaos load's call mix: every family of paid tools, with inputs the sandbox answers (read from
 * its fixtures and its FOMO provider, as apps/api/test/support/known-inputs.ts does for the fuzz
 * tier), so most calls answer 200 and are charged. Only the DeFi and price tools are `readsOnly`
 * and may take the cached direct-charge path; every other paid tool places a hold and posts it,
 * so the hold path meets the kill -9, the drain and the terminations. Left out on purpose:
 * service_fomo_watch_stream (holds a request open), the snapshot tools (state that only grows),
 * service_milestone_study (dozens of chart reads a call), service_fomo_theses_recent (up to five
 * provider pages a call; at concurrency 24 most of its calls answered 502 before any fault)
 * and the "resolving" traders (409 once).
 */
import { TOOL_CATALOG, type ToolName } from '@scout/core';

export const FAMILIES = ['defi/prices', 'traders', 'tokens', 'wallets', 'launchpad', 'feeds', 'alerts'] as const;
export type Family = (typeof FAMILIES)[number];

/** The tools registered `readsOnly` (libs/defi, libs/prices): the only ones that may be charged without a hold. */
export const READS_ONLY = new Set<string>([
  'service_token_prices',
  'service_token_prices_multichain',
  'service_price_history',
  'service_token_info',
  'service_chain_health',
  'service_chain_trend',
  'service_chain_revenue',
  'service_token_yields',
  'service_dex_volumes',
  'service_perps_open_interest',
  'service_stablecoins',
  'service_price_confidence',
  'service_protocol_report',
  'service_defi_hacks',
  'service_protocol_fees',
]);

/** Whether a call takes the hold path when charged: a paid tool that is not readsOnly, or any keyed paid call. */
export function takesHoldPath(call: { cost: number; tool: string; idempotencyKey: string | null }): boolean {
  return call.cost > 0 && (!READS_ONLY.has(call.tool) || call.idempotencyKey !== null);
}

export interface Call {
  tool: string;
  args: Record<string, unknown>;
  /** Sees the envelope's data of a 200 (the alerts family keeps the ids it made). */
  onAnswer?: (data: any) => void;
}

export function familyOf(tool: string): Family {
  const area = TOOL_CATALOG[tool as ToolName]?.area;
  if (area === 'defi' || area === 'prices') return 'defi/prices';
  if (!area || area === 'account') throw new Error(`${tool} is in no family of the chaos load`);
  return area;
}

/** What the sandbox knows, read once before the load. */
export interface World {
  fixtures: any;
  handles: string[];
  tradeIds: string[];
  /** Solana tokens on FOMO's trending board (what tracked traders trade). */
  tokens: string[];
  launches: string[];
  evmWallets: string[];
  /** Solana wallets of leaderboard traders (their PnL is their FOMO positions). */
  leaderWallets: string[];
  launchpadMints: string[];
}

export async function readWorld(sandboxUrl: string, fomoKey: string): Promise<World> {
  const get = async (path: string) => {
    const res = await fetch(`${sandboxUrl}${path}`, { headers: { authorization: `Bearer ${fomoKey}` } });
    if (res.status !== 200) throw new Error(`sandbox ${path}: HTTP ${res.status} ${await res.text()}`);
    return res.json() as Promise<any>;
  };
  const fixtures = await get('/__control/fixtures');
  const traders: Array<{ handle: string; tradeId?: string }> = [...fixtures.fomo.traders, fixtures.fomo.mostFollowed];
  const handles = traders.map((t) => t.handle);
  const board = (await get('/fomo/v2/leaderboard/tokens/trending?limit=100')).tokens as any[];
  const profiles = await Promise.all(handles.slice(0, 2).map((h) => get(`/fomo/v2/users/${h}`)));
  const leaders = (await get('/fomo/v2/leaderboard/7d?limit=3')).traders as any[];
  return {
    fixtures,
    handles,
    tradeIds: fixtures.fomo.launches.slice(0, 3).map((l: any) => l.dev.tradeId as string),
    tokens: board
      .filter((r) => r.network === 'solana')
      .slice(0, 4)
      .map((r) => r.token.address as string),
    launches: fixtures.fomo.launches.slice(0, 3).map((l: any) => l.address as string),
    evmWallets: profiles.map((p) => p.wallets.evm as string),
    leaderWallets: leaders.map((r) => r.wallets.solana as string),
    launchpadMints: Object.values(fixtures.launchpad.mints as Record<string, string[]>).map((mints) => mints[0]),
  };
}

const pick = <T>(values: readonly T[]): T => values[Math.floor(Math.random() * values.length)];
const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
const DAY_MS = 86_400_000;
/** A public address (a private one is refused); the alerts made here never fire (the feed they watch is empty). */
const HOOK = 'http://93.184.216.34/scout-chaos-hook';
/** Below MAX_ACTIVE_ALERTS (20) per account: the alerts family creates up to this many, then deletes. */
const ALERTS_KEPT = 10;

type Maker = (world: World, account: string) => Call;

/** Each family's calls; inputs vary (windows, limits, names) so many miss Scout's upstream cache. */
const MAKERS: Record<Family, Maker[]> = {
  'defi/prices': [
    () => {
      const end = Date.now() - between(1, 300) * DAY_MS;
      const start = end - between(1, 20) * DAY_MS;
      return {
        tool: 'service_price_history',
        args: { symbol: pick(['ETH', 'BTC', 'SOL']), startTime: new Date(start).toISOString(), endTime: new Date(end).toISOString() },
      };
    },
    (w) => ({ tool: 'service_token_prices', args: { tokens: [pick([w.fixtures.solMint, w.fixtures.jupMint, w.fixtures.bonkMint])] } }),
    () => ({ tool: 'service_chain_health', args: {} }),
    (w) => ({ tool: 'service_protocol_report', args: { protocol: pick(Object.values(w.fixtures.protocols as Record<string, string>)) } }),
    () => ({ tool: 'service_token_yields', args: { symbol: 'USDC', limit: between(1, 10) } }),
    () => ({ tool: 'service_stablecoins', args: pick([{}, { chain: 'ethereum' }]) }),
  ],
  traders: [
    () => ({ tool: 'service_fomo_leaderboard', args: { window: pick(['24h', '7d', 'all']), limit: between(5, 50) } }),
    (w) => ({ tool: 'service_fomo_trader_positions', args: { trader: pick(w.handles) } }),
    (w) => ({ tool: 'service_fomo_trader_balances', args: { trader: pick(w.handles) } }),
    (w) => ({ tool: 'service_fomo_trader_spotlight', args: { trader: pick(w.handles) } }),
    (w) => ({ tool: 'service_fomo_search', args: { q: pick(w.handles) } }),
    (w) => ({ tool: 'service_fomo_trade_detail', args: { tradeId: pick(w.tradeIds) } }),
  ],
  tokens: [
    () => ({ tool: 'service_fomo_token_board', args: { board: pick(['trending', 'most-held', 'graduated']), limit: between(5, 20) } }),
    (w) => ({ tool: 'service_fomo_token_holders', args: { address: pick(w.tokens) } }),
    (w) => ({ tool: 'service_fomo_token_stats', args: { address: pick(w.tokens) } }),
    (w) => ({ tool: 'service_token_onchain', args: { token: pick([w.fixtures.jupMint, ...w.tokens]) } }),
    (w) => ({ tool: 'service_token_quality', args: { token: pick([w.fixtures.jupMint, ...w.tokens]) } }),
    (w) => ({ tool: 'service_token_deployer', args: { token: pick(w.launches) } }),
  ],
  wallets: [
    (w) => ({ tool: 'service_wallet_portfolio', args: { wallet: pick(w.evmWallets) } }),
    (w) => ({ tool: 'service_wallet_age', args: { wallet: pick(w.evmWallets) } }),
    (w) => ({ tool: 'service_wallet_transfers', args: { wallet: pick(w.evmWallets), chain: pick(['base', 'ethereum']), limit: between(5, 20) } }),
    (w) => ({ tool: 'service_wallet_pnl', args: { wallet: pick(w.leaderWallets) } }),
  ],
  launchpad: [
    () => ({ tool: 'launchpad_tokens', args: { sort: 'newest', pageSize: between(5, 20) } }),
    (w) => ({ tool: 'launchpad_token', args: { mint: pick(w.launchpadMints) } }),
    () => ({ tool: 'launchpad_stats', args: {} }),
    () => ({ tool: 'launchpad_pairs', args: {} }),
    (w) => ({ tool: 'launchpad_token_burns', args: { mint: w.fixtures.launchpad.pumpMint, limit: between(1, 10) } }),
  ],
  feeds: [
    () => ({ tool: 'service_fomo_alerts', args: { type: pick(['buy', 'sell']), windowMinutes: pick([60, 1440]) } }),
    () => ({ tool: 'service_fomo_multi_trader_entries', args: { windowMinutes: 1440, minTraders: 2 } }),
    () => ({ tool: 'service_fomo_coordinated_activity', args: { windowMinutes: between(60, 1440), minTraders: 2 } }),
  ],
  alerts: [(w, account) => alertCall(w, account)],
};

/** Share of calls per family: DeFi/prices (the direct path) under a third, the hold-path families the rest. */
const WEIGHTS: Record<Family, number> = { 'defi/prices': 0.3, traders: 0.15, tokens: 0.15, wallets: 0.1, launchpad: 0.12, feeds: 0.1, alerts: 0.08 };

/** Alert ids each account made and has not deleted yet (free calls; bounded by ALERTS_KEPT). */
const alertIds = new Map<string, string[]>();

const createAlert = (w: World, onAnswer: (id: string) => void): Call => ({
  tool: 'service_alert_create',
  args: { kind: 'smart_money_buy', token: w.fixtures.baseUsdc, chain: 'base', minTraders: 20, channel: 'webhook', webhookUrl: HOOK },
  onAnswer: (data) => onAnswer(data.alert?.id ?? data.id),
});

function alertCall(w: World, account: string): Call {
  const ids = alertIds.get(account) ?? [];
  alertIds.set(account, ids);
  if (ids.length >= ALERTS_KEPT) return { tool: 'service_alert_delete', args: { id: ids.shift() } };
  if (Math.random() < 0.3) return { tool: 'service_alert_list', args: {} };
  return createAlert(w, (id) => ids.push(id));
}

/** One call of the mix, for `account`. */
export function pickCall(world: World, account: string): Call {
  let r = Math.random();
  for (const family of FAMILIES) {
    r -= WEIGHTS[family];
    if (r < 0) return pick(MAKERS[family])(world, account);
  }
  return pick(MAKERS['defi/prices'])(world, account);
}

/**
 * Every call maker of the mix once, in sequences (each call made when its turn comes, so the
 * alerts' delete names the alert its create made): the preflight.
 */
export function everyCall(world: World, account: string): Array<Array<() => Call>> {
  const sequences: Array<Array<() => Call>> = [];
  for (const family of FAMILIES) if (family !== 'alerts') for (const make of MAKERS[family]) sequences.push([() => make(world, account)]);
  let made = '';
  sequences.push([
    () => createAlert(world, (id) => (made = id)),
    () => ({ tool: 'service_alert_list', args: {} }),
    () => ({ tool: 'service_alert_delete', args: { id: made } }),
  ]);
  return sequences;
}
