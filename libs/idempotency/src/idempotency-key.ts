import { createHash } from 'node:crypto';
import { InvalidRequestError } from '@scout/core';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const MAX_KEY_LENGTH = 255;
/** Printable ASCII (space included), what a key may hold once read. */
const PRINTABLE = /^[\x20-\x7e]+$/;

/**
 * The Idempotency-Key header's value, or null when it is absent. The draft defines it as a
 * Structured Fields string (RFC 8941: `"abc"`, with `\"` and `\\` as its only escapes); a bare
 * token (`abc`) is accepted too, as many clients send one, and names the same key as `"abc"`.
 * The key is 1-255 printable ASCII characters. Anything else, or the header sent twice, is a 400.
 */
export function parseIdempotencyKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  if (Array.isArray(header)) throw invalidKey('send the header once');
  const value = header.trim();
  const quoted = value.startsWith('"');
  if (!quoted && value.includes('"')) throw invalidKey('a bare key must not hold a double quote; send the key quoted, "..."');
  const key = quoted ? readSfString(value) : value;
  if (key.length === 0) throw invalidKey('must not be empty');
  if (key.length > MAX_KEY_LENGTH) throw invalidKey(`at most ${MAX_KEY_LENGTH} characters`);
  if (!PRINTABLE.test(key)) throw invalidKey('printable ASCII only');
  return key;
}

/** RFC 8941 section 4.2.5: the text between the quotes, unescaped; nothing may follow the closing quote. */
function readSfString(value: string): string {
  let key = '';
  for (let i = 1; i < value.length; i++) {
    const c = value[i];
    if (c === '\\') {
      const next = value[++i];
      if (next !== '"' && next !== '\\') throw invalidKey('in a quoted key, a backslash may only escape " or \\');
      key += next;
    } else if (c === '"') {
      if (i !== value.length - 1) throw invalidKey('nothing may follow the closing quote (one key per request)');
      return key;
    } else {
      key += c;
    }
  }
  throw invalidKey('an unterminated quoted string');
}

function invalidKey(message: string): InvalidRequestError {
  return new InvalidRequestError(`Idempotency-Key: ${message}.`, [{ path: 'Idempotency-Key', message }]);
}

/**
 * What makes two requests "the same" under one key: the tool and its validated input, as JSON
 * with object keys sorted, so GET and POST of the same inputs (after coercion) match and the
 * order of fields never matters.
 */
export function requestFingerprint(tool: string, input: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([tool, canonical(input)]))
    .digest('hex');
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
