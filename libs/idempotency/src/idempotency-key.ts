import { createHash } from 'node:crypto';
import { InvalidRequestError } from '@scout/core';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const MAX_KEY_LENGTH = 255;
/** Printable ASCII without the double quote, the characters an sf-string may hold unescaped. */
const KEY_TEXT = /^[\x20\x21\x23-\x7e]+$/;

/**
 * The Idempotency-Key header's value, or null when it is absent. The draft defines it as a
 * Structured Fields string (`"abc"`); a bare token (`abc`) is accepted too, as most clients send
 * one. Anything else, or a key sent twice, is a 400.
 */
export function parseIdempotencyKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const invalid = (message: string) =>
    new InvalidRequestError(`Idempotency-Key: ${message}.`, [{ path: 'Idempotency-Key', message }]);
  if (Array.isArray(header)) throw invalid('send the header once');
  let key = header.trim();
  if (key.startsWith('"') || key.endsWith('"')) {
    if (key.length < 2 || !key.startsWith('"') || !key.endsWith('"')) throw invalid('an unterminated quoted string');
    key = key.slice(1, -1);
  }
  if (key.length === 0) throw invalid('must not be empty');
  if (key.length > MAX_KEY_LENGTH) throw invalid(`at most ${MAX_KEY_LENGTH} characters`);
  if (!KEY_TEXT.test(key)) throw invalid('printable ASCII only, without double quotes');
  return key;
}

/**
 * What makes two requests "the same" under one key: the tool and its validated input, as JSON
 * with object keys sorted, so GET and POST of the same inputs (after coercion) match and the
 * order of fields never matters.
 */
export function requestFingerprint(tool: string, input: unknown): string {
  return createHash('sha256').update(JSON.stringify([tool, canonical(input)])).digest('hex');
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([k, v]) => [k, canonical(v)]));
  }
  return value;
}
