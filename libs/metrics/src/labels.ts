/**
 * Label values are bounded: each metric's labels take values from a known set (tools, channels,
 * outcomes, tiers, key states) or from names Scout itself gives (sources, queues, grant types),
 * never from a caller. A value outside its set, or one that looks like an identifier or a secret,
 * is recorded as `other`, so a bug cannot turn a metric into one series per account or per key.
 */
export const OTHER_LABEL = 'other';

/** The shape of a name Scout gives: short, lowercase, no spaces. */
const NAME_PATTERN = /^[a-z][a-z0-9_.:-]{0,47}$/;

/**
 * What an account id, request id or credential looks like: a UUID, an API key (`sc_`), an OAuth
 * token (`sco_`), a long run of hex digits, or a long random-looking run (letters of both cases
 * and digits, as base64url secrets are).
 */
const IDENTIFIER_PATTERNS: readonly RegExp[] = [/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i, /^sco?_/i, /[0-9a-f]{16,}/i];

/** Whether a label value looks like an identifier or a secret (and so must never be one). */
export function looksLikeIdentifier(value: string): boolean {
  if (IDENTIFIER_PATTERNS.some((pattern) => pattern.test(value))) return true;
  return (value.match(/[A-Za-z0-9_-]{20,}/g) ?? []).some((run) => /[a-z]/.test(run) && /[A-Z]/.test(run) && /\d/.test(run));
}

/** `value` if it is one of `allowed`, else `other`. */
export function oneOf<T extends string>(value: string, allowed: readonly T[]): T | typeof OTHER_LABEL {
  return (allowed as readonly string[]).includes(value) ? (value as T) : OTHER_LABEL;
}

/**
 * A label whose values are names Scout gives (a source, a queue, a grant type), not a fixed list:
 * a value that is not name-shaped or looks like an identifier is `other`, and past `maxValues`
 * distinct values every new one is `other` too.
 */
export class NameLabel {
  private readonly seen = new Set<string>();

  constructor(readonly maxValues = 64) {}

  bound(value: string): string {
    if (this.seen.has(value)) return value;
    if (!NAME_PATTERN.test(value) || looksLikeIdentifier(value) || this.seen.size >= this.maxValues) return OTHER_LABEL;
    this.seen.add(value);
    return value;
  }
}
