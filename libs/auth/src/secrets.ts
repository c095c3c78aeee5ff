import { hash, randomBytes } from 'node:crypto';

/** A new bearer secret: its kind's prefix and 32 random bytes (256 bits) in URL-safe base64. */
export function randomSecret(prefix: string): string {
  return prefix + randomBytes(32).toString('base64url');
}

/**
 * What Scout stores of a bearer secret (API keys, OAuth codes and tokens): its SHA-256, never the
 * secret. One-shot `hash`: every call's key is hashed, and a Hash object per call cost more than the digest.
 */
export function sha256Secret(secret: string): Buffer {
  return hash('sha256', secret, 'buffer');
}
