import type { Request } from 'express';
import { round } from './prng';

/** Percent change a vs b, 2 decimals; null when b is missing or zero. */
export function pct(a: number | null, b: number | null): number | null {
  if (a === null || b === null || b === 0) return null;
  return round((a / b - 1) * 100, 2);
}

/** A request value as text: strings as they are, other scalars by String, objects as JSON. */
export function scalarText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  return JSON.stringify(v) ?? typeof v;
}

/** A query parameter as one string (first of repeated keys). */
export function qs(req: Request, name: string): string | undefined {
  const v = (req.query as Record<string, unknown>)[name];
  if (Array.isArray(v)) return v.length ? scalarText(v[0]) : undefined;
  if (v === undefined || v === null) return undefined;
  return scalarText(v);
}

/** A query parameter as a list: repeated keys and/or comma-separated values. */
export function qsList(req: Request, name: string): string[] {
  const v = (req.query as Record<string, unknown>)[name] ?? (req.query as Record<string, unknown>)[`${name}[]`];
  const raw = Array.isArray(v) ? v.map(scalarText) : v === undefined || v === null ? [] : [scalarText(v)];
  return raw
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

export function qsBool(req: Request, name: string): boolean | undefined {
  const v = qs(req, name);
  if (v === undefined) return undefined;
  return v === 'true' || v === '1';
}

/** '4h', '2d', '1w', '30m', '24H' → seconds (W week, D day, H hour, M minute; not case sensitive). */
export function parsePeriod(s: string | undefined, fallbackSec: number): number | null {
  if (s === undefined || s === '') return fallbackSec;
  const m = /^(\d+(?:\.\d+)?)?\s*([wdhm])$/i.exec(s.trim());
  if (!m) {
    const n = Number(s);
    return Number.isFinite(n) && n > 0 ? n : null;
  }
  const n = m[1] ? Number(m[1]) : 1;
  const unit = m[2].toLowerCase();
  const mult = unit === 'w' ? 604800 : unit === 'd' ? 86400 : unit === 'h' ? 3600 : 60;
  return n * mult;
}

/** Integer in range or undefined. */
export function toInt(s: string | undefined): number | undefined {
  if (s === undefined || s === '') return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? Math.floor(n) : undefined;
}

/** Split a comma-separated path parameter into unique trimmed items, order kept. */
export function splitUnique(s: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of s.split(',')) {
    const t = part.trim();
    if (t && !seen.has(t)) {
      seen.add(t);
      out.push(t);
    }
  }
  return out;
}

export function iso(tMs: number): string {
  return new Date(tMs).toISOString();
}

/** Decimal string without exponent notation, trailing zeros removed. */
export function decimalString(x: number, maxDecimals = 12): string {
  if (!Number.isFinite(x)) return '0';
  const s = x.toFixed(maxDecimals);
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}

/** A number as a plain decimal string (no exponent) that parses back to the same double. */
export function plainNumber(x: number): string {
  const s = String(x);
  const m = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
  if (!m) return s;
  const [, sign, int, frac = '', expStr] = m;
  const exp = Number(expStr);
  const digits = int + frac;
  const point = int.length + exp;
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}
