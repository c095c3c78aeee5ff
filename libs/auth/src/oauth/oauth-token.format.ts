import { randomSecret, sha256Secret } from '../secrets';

/**
 * Opaque OAuth secrets: a kind prefix and 32 random bytes (256 bits) in URL-safe base64. The
 * prefix lets the bearer strategy tell an access token from an `sc_` key without a lookup; only
 * the SHA-256 of each is stored.
 */
export const ACCESS_TOKEN_PREFIX = 'sco_at_';
export const REFRESH_TOKEN_PREFIX = 'sco_rt_';
export const AUTHORIZATION_CODE_PREFIX = 'sco_ac_';
/** The sign-in page's CSRF token (bound to one pending sign-in). */
export const CSRF_TOKEN_PREFIX = 'sco_cs_';

type SecretPrefix = typeof ACCESS_TOKEN_PREFIX | typeof REFRESH_TOKEN_PREFIX | typeof AUTHORIZATION_CODE_PREFIX | typeof CSRF_TOKEN_PREFIX;

const patterns = new Map<SecretPrefix, RegExp>();

export function generateSecret(prefix: SecretPrefix): string {
  return randomSecret(prefix);
}

/** True when `value` has the shape of a secret of that kind (a cheap filter before any lookup). */
export function isSecretOf(prefix: SecretPrefix, value: string): boolean {
  let pattern = patterns.get(prefix);
  if (!pattern) {
    pattern = new RegExp(`^${prefix}[A-Za-z0-9_-]{43}$`);
    patterns.set(prefix, pattern);
  }
  return pattern.test(value);
}

export function hashSecret(secret: string): Buffer {
  return sha256Secret(secret);
}
