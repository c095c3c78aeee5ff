/**
 * The inputs the peer was called with, read back from its captured answer: a capture's front
 * matter names no inputs, but its data echoes them (the window, the token, the traders asked for,
 * the limit that cut a list). One rule per peer tool; a capture of a tool without a rule is left
 * out of the contract spec with a reason, never guessed.
 */
import { CHAIN_IDS, CHAINS, type Chain } from '@scout/upstream';

type Json = any;

/** The peer's tool name → Scout's: the brand prefix becomes the contract's neutral one. */
export function scoutToolName(peerTool: string): string {
  return peerTool.replace(/^stalkchain_/, 'service_').replace(/^stonk_/, 'launchpad_');
}

/** A chain as the peer writes it (FOMO slug or network id) → Scout's chain value. */
function scoutChain(value: string | number | null | undefined): Chain | undefined {
  if (value === null || value === undefined) return undefined;
  return CHAINS.find((c) => CHAIN_IDS[c].fomoSlug === String(value).toLowerCase() || c === value || CHAIN_IDS[c].fomoNetworkId === Number(value));
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/** The ticker every pool's symbol contains, when the first pool's symbol is one (a `symbol` search). */
function commonTicker(symbols: string[]): string | undefined {
  const first = symbols[0];
  return first && symbols.every((s) => s.toUpperCase().includes(first.toUpperCase())) ? first : undefined;
}

/** Drops the undefined members, so an input holds only what the capture tells. */
function defined(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
}

const RULES: Record<string, (data: Json) => Record<string, unknown>> = {
  stalkchain_fomo_analyze_token: (d) => ({ address: d.token, chain: scoutChain(d.chain) }),
  stalkchain_fomo_compare_traders: (d) => defined({ traders: d.traders.map((t: Json) => t.query), full: /profile/.test(d.source) || undefined }),
  stalkchain_fomo_leaderboard: (d) => defined({ window: d.window, limit: d._truncated?.returned }),
  stalkchain_fomo_multi_trader_entries: (d) => ({ side: d.side, minTraders: d.minTraders, windowMinutes: d.windowMinutes }),
  stalkchain_fomo_token_candles: (d) => defined({ address: d.token, chain: scoutChain(d.networkId), resolution: d.resolution }),
  stalkchain_fomo_trader_report: (d) =>
    defined({
      trader: d.identity.handle ?? d.identity.userId,
      full: /profile/.test(d.identity.source) || undefined,
      closedSample: d.closedPositions ? clamp(d.closedPositions.closedSampled, 10, 200) : undefined,
    }),
  stalkchain_token_yields: (d) => defined({ symbol: commonTicker(d.pools.map((p: Json) => p.symbol)), limit: d.showing }),
  stonk_tokens: (d) =>
    defined({
      // Rows in falling market cap are the market-cap sort.
      sort: descending(d.tokens.map((t: Json) => t.market?.marketCapUsd)) ? 'marketCap' : undefined,
      page: d.pagination.page,
      pageSize: d.pagination.pageSize,
    }),
};

/** Every value present and none above the one before it. */
function descending(values: (number | null | undefined)[]): boolean {
  return values.every((v, i) => typeof v === 'number' && (i === 0 || v <= (values[i - 1] as number)));
}

/** The inputs of one capture, or null when no rule reads them. */
export function deriveInput(peerTool: string, data: Json): Record<string, unknown> | null {
  const rule = RULES[peerTool];
  return rule ? rule(data) : null;
}

const ADDRESS = /^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/;

/**
 * Every trader (an object with a handle, or a comparison's query) and every coin (an address under
 * token, tokenAddress or address, with the chain beside it when the object says) a capture names.
 */
export function namesIn(data: Json): { traders: Map<string, string | null>; coins: Map<string, Chain | null> } {
  const traders = new Map<string, string | null>();
  const coins = new Map<string, Chain | null>();
  const walk = (node: Json) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node === null || typeof node !== 'object') return;
    const handle = typeof node.handle === 'string' ? node.handle : typeof node.query === 'string' && 'found' in node ? node.query : null;
    if (handle) traders.set(handle, typeof node.userId === 'string' ? node.userId : (traders.get(handle) ?? null));
    for (const key of ['token', 'tokenAddress', 'address']) {
      const value = node[key];
      if (typeof value === 'string' && ADDRESS.test(value)) coins.set(value, scoutChain(node.chain ?? node.networkId) ?? coins.get(value) ?? null);
    }
    Object.values(node).forEach(walk);
  };
  walk(data);
  return { traders, coins };
}
