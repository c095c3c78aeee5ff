/**
 * What a FOMO route handler returns, and the query helpers the handlers share (integer bounds,
 * opaque offset cursors).
 */
import type { Request } from 'express';
import { qs, toInt } from '../../util';

/** What a handler decided: status, body and what the call costs if it is answered. */
export interface FomoAnswer {
  status: number;
  body: unknown;
  cost: number;
}

export const ok = (body: unknown, cost: number): FomoAnswer => ({ status: 200, body, cost });
export const fail = (status: number, error: string, message: string, cost = 0): FomoAnswer => ({ status, body: { error, message }, cost });
export const badRequest = (message: string) => fail(400, 'invalid_request', message);

/** An integer query parameter within [min, max] (default when absent); a string error otherwise. */
export function intParam(req: Request, name: string, def: number, min: number, max: number): number | string {
  const raw = qs(req, name);
  if (raw === undefined || raw === '') return def;
  const n = toInt(raw);
  if (n === undefined || String(n) !== raw.trim() || n < min || n > max) return `${name} must be an integer in ${min}..${max}`;
  return n;
}

/** An opaque paging cursor: the offset of the next row ('start' or absent: 0). */
export function readCursor(req: Request): number | null {
  const c = qs(req, 'cursor');
  if (c === undefined || c === '' || c === 'start') return 0;
  try {
    const o = (JSON.parse(Buffer.from(c, 'base64url').toString('utf8')) as { o?: unknown }).o;
    return Number.isInteger(o) && (o as number) >= 0 ? (o as number) : null;
  } catch {
    return null;
  }
}

export const nextCursor = (offset: number, shown: number, total: number): string | null =>
  offset + shown < total ? Buffer.from(JSON.stringify({ o: offset + shown })).toString('base64url') : null;
