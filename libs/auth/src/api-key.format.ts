import { randomSecret, sha256Secret } from './secrets';

export const KEY_PREFIX = 'sc_';
/** sc_ followed by URL-safe base64; bootstrap keys may be chosen by an operator within these bounds. */
export const API_KEY_PATTERN = /^sc_[A-Za-z0-9_-]{24,128}$/;
export const DISPLAY_PREFIX_LENGTH = KEY_PREFIX.length + 8;

export type Scope = 'tools' | 'admin';
export const SCOPES: readonly Scope[] = ['tools', 'admin'];

/** A new key: 32 random bytes, 256 bits of entropy. */
export function generateApiKey(): string {
  return randomSecret(KEY_PREFIX);
}

export function hashApiKey(key: string): Buffer {
  return sha256Secret(key);
}

export function displayPrefix(key: string): string {
  return key.slice(0, DISPLAY_PREFIX_LENGTH);
}
