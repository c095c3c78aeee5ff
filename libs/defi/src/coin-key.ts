import { EARLIEST_INSTANT_MS } from '@scout/core';
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

const ISO_MOMENT = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * `at` of the price-confidence tool: unix seconds, or an ISO 8601 date or date-time (UTC unless it
 * carries an offset). It must be a real calendar moment, not in the future and not before
 * EARLIEST_PRICE_SEC.
 */
export function parseMoment(text: string, nowMs: number): MomentResult {
  const value = text.trim();
  let seconds: number;
  if (/^\d+$/.test(value)) {
    if (value.length > 11) return { ok: false, message: `"${text}" looks like milliseconds; give unix seconds` };
    seconds = Number(value);
  } else {
    const match = ISO_MOMENT.exec(value);
    if (!match) return { ok: false, message: `"${text}" is neither an ISO 8601 timestamp nor unix seconds` };
    const [, year, month, dayOfMonth, hour = '00', minute = '00', second = '00', fraction = '', zone = 'Z'] = match;
    const calendarDay = new Date(Date.UTC(Number(year), Number(month) - 1, Number(dayOfMonth)));
    const realDay =
      calendarDay.getUTCFullYear() === Number(year) && calendarDay.getUTCMonth() === Number(month) - 1 && calendarDay.getUTCDate() === Number(dayOfMonth);
    if (!realDay || Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) {
      return { ok: false, message: `"${text}" is not a real date and time` };
    }
    const offset = zone.toUpperCase() === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
    const ms = Date.parse(`${year}-${month}-${dayOfMonth}T${hour}:${minute}:${second}${fraction.slice(0, 4)}${offset}`);
    if (Number.isNaN(ms)) return { ok: false, message: `"${text}" is not a real date and time` };
    seconds = Math.floor(ms / 1000);
  }
  if (seconds > Math.floor(nowMs / 1000)) return { ok: false, message: `"${text}" is in the future; omit at for the current price` };
  if (seconds < EARLIEST_PRICE_SEC) return { ok: false, message: `"${text}" is before any crypto price existed (2009-01-03)` };
  return { ok: true, unixSeconds: seconds };
}
