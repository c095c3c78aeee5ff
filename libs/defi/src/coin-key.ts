import { EARLIEST_INSTANT_MS, readUnixOrIsoTime } from '@scout/core';
import { CHAIN_IDS, CHAINS, isChain } from '@scout/upstream';

/** Price aggregators whose ids DefiLlama takes as a key prefix (`coingecko:bitcoin`). */
export const AGGREGATOR_PREFIXES = ['coingecko'] as const;

export type CoinKeyResult = { ok: true; key: string } | { ok: false; message: string };

/**
 * A price-confidence token (`<chain>:<address>` with a Scout chain, or `<aggregator>:<id>`) as a
 * DefiLlama coin key: Scout chains become DefiLlama's prefixes (brokerage → robinhood).
 */
export function toLlamaCoinKey(item: string): CoinKeyResult {
  const text = item.trim();
  const colon = text.indexOf(':');
  if (colon <= 0 || colon === text.length - 1) {
    return { ok: false, message: `"${item}" is not <chain>:<address> or <aggregator>:<id>` };
  }
  const prefix = text.slice(0, colon).toLowerCase();
  const id = text.slice(colon + 1);
  if (/\s/.test(id)) return { ok: false, message: `"${item}" has a space in its address or id` };
  if (isChain(prefix)) return { ok: true, key: `${CHAIN_IDS[prefix].llamaCoinsPrefix}:${id}` };
  if ((AGGREGATOR_PREFIXES as readonly string[]).includes(prefix)) return { ok: true, key: `${prefix}:${id}` };
  return {
    ok: false,
    message: `"${item}" has an unknown prefix "${prefix}": use a chain (${CHAINS.join(', ')}) or ${AGGREGATOR_PREFIXES.join(', ')}`,
  };
}

/** No price can predate Bitcoin's first block (2009-01-03T18:15:05Z), where every time input starts. */
export const EARLIEST_PRICE_SEC = EARLIEST_INSTANT_MS / 1000;

export type MomentResult = { ok: true; unixSeconds: number } | { ok: false; message: string };

const ISO_DATE_START = /^\d{4}-\d{2}-\d{2}/;

/**
 * `at` of the price-confidence tool: unix seconds, or an ISO 8601 date or date-time (UTC unless it
 * carries an offset), read by the one time parser of @scout/core. It must be a real calendar
 * moment, not in the future and not before EARLIEST_PRICE_SEC; each refusal says which.
 */
export function parseMoment(text: string, nowMs: number): MomentResult {
  const value = text.trim();
  if (/^\d{12,}$/.test(value)) return { ok: false, message: `"${text}" looks like milliseconds; give unix seconds` };
  const seconds = readUnixOrIsoTime(value, 's');
  if (seconds === null) {
    const problem = ISO_DATE_START.test(value) ? 'is not a real date and time' : 'is neither an ISO 8601 timestamp nor unix seconds';
    return { ok: false, message: `"${text}" ${problem}` };
  }
  if (seconds > Math.floor(nowMs / 1000)) return { ok: false, message: `"${text}" is in the future; omit at for the current price` };
  if (seconds < EARLIEST_PRICE_SEC) return { ok: false, message: `"${text}" is before any crypto price existed (2009-01-03)` };
  return { ok: true, unixSeconds: seconds };
}
