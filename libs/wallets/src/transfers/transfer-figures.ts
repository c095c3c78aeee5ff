import type { AssetTransfer } from '@scout/upstream';

export interface TransferRow {
  /** Block time, ISO 8601 UTC; null when the provider does not say. */
  time: string | null;
  /** Block number. */
  block: number;
  /** Transaction hash. */
  hash: string;
  /** out when the wallet sent it (a transfer to itself counts as out). */
  direction: 'in' | 'out';
  /** The other side; null for a transfer without a recipient (a contract creation). */
  counterparty: string | null;
  /** Transfer category, e.g. external, internal, erc20, erc721, erc1155. */
  category: string;
  /** Asset symbol (ETH for native transfers); null when unknown. */
  asset: string | null;
  /** The token contract; null for the native coin. */
  tokenAddress: string | null;
  /** Amount in whole tokens; null for NFTs and tokens of unknown decimals. */
  amount: number | null;
  /** NFT token id; null for fungible transfers. */
  tokenId: string | null;
  /** Today's USD price of the asset, null when unpriced (or an NFT). */
  priceUsdNow: number | null;
  /** amount × priceUsdNow: what it would be worth today, not at the time. */
  usdNow: number | null;
}

export interface TransferSummary {
  /** Transfers listed. */
  count: number;
  /** Transfers listed that the wallet received. */
  in: number;
  /** Transfers listed that the wallet sent. */
  out: number;
  /** Summed USD-now of the priced transfers each way; null when none that way is priced. */
  usdInNow: number | null;
  /** Summed USD-now of the priced transfers out; null when none out is priced. */
  usdOutNow: number | null;
  /** Transfers listed without a USD price today (usdNow null). */
  unpriced: number;
}

/**
 * Both directions' pages as one list in block order, a transfer seen from both sides (to itself)
 * once, cut to `limit`. Each page holds its direction's first `limit` in that order, so the merged
 * first `limit` are all there. A stable sort keeps each page's order inside a block.
 */
export function mergeTransfers(sent: readonly AssetTransfer[], received: readonly AssetTransfer[], order: 'asc' | 'desc', limit: number): AssetTransfer[] {
  const seen = new Set<string>();
  const all: AssetTransfer[] = [];
  for (const t of [...sent, ...received]) {
    if (seen.has(t.uniqueId)) continue;
    seen.add(t.uniqueId);
    all.push(t);
  }
  const sign = order === 'asc' ? 1 : -1;
  return all.sort((a, b) => sign * (a.blockNumber - b.blockNumber)).slice(0, limit);
}

/** The key a price is looked up by: the contract, or the native coin's ticker. */
export function priceKey(t: Pick<AssetTransfer, 'tokenAddress' | 'asset'>): string | null {
  if (t.tokenAddress) return `address:${t.tokenAddress.toLowerCase()}`;
  return t.asset ? `symbol:${t.asset.toUpperCase()}` : null;
}

/** What the pricing reads need: the contracts (fungible ones) and the native tickers moved. */
export function toPrice(transfers: readonly AssetTransfer[]): { addresses: string[]; symbols: string[] } {
  const fungible = transfers.filter((t) => t.amount !== null);
  return {
    addresses: [...new Set(fungible.filter((t) => t.tokenAddress).map((t) => (t.tokenAddress as string).toLowerCase()))],
    symbols: [...new Set(fungible.filter((t) => !t.tokenAddress && t.asset).map((t) => (t.asset as string).toUpperCase()))],
  };
}

export function transferRow(wallet: string, t: AssetTransfer, prices: ReadonlyMap<string, number>): TransferRow {
  const own = wallet.toLowerCase();
  const out = t.from === own;
  const key = priceKey(t);
  const price = t.amount !== null && key ? (prices.get(key) ?? null) : null;
  return {
    time: t.timestamp,
    block: t.blockNumber,
    hash: t.hash,
    direction: out ? 'out' : 'in',
    counterparty: out ? t.to : t.from,
    category: t.category,
    asset: t.asset,
    tokenAddress: t.tokenAddress,
    amount: t.amount,
    tokenId: t.tokenId,
    priceUsdNow: price,
    usdNow: price !== null && t.amount !== null ? t.amount * price : null,
  };
}

function sumUsd(rows: readonly TransferRow[]): number | null {
  const priced = rows.filter((r) => r.usdNow !== null);
  return priced.length === 0 ? null : priced.reduce((s, r) => s + (r.usdNow as number), 0);
}

export function transferSummary(rows: readonly TransferRow[]): TransferSummary {
  const ins = rows.filter((r) => r.direction === 'in');
  const outs = rows.filter((r) => r.direction === 'out');
  return {
    count: rows.length,
    in: ins.length,
    out: outs.length,
    usdInNow: sumUsd(ins),
    usdOutNow: sumUsd(outs),
    unpriced: rows.filter((r) => r.usdNow === null).length,
  };
}

/** Batches of at most `size` (the Prices API takes 25 tokens a call). */
export function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
