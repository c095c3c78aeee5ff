/**
 * The pasted key, for this tab only: sessionStorage (gone when the tab closes, never shared with
 * another tab), never in a URL, never logged. Signing out forgets it.
 */
const KEY = 'scout.console.key';

export function currentKey(): string | null {
  return sessionStorage.getItem(KEY);
}

export function keepKey(key: string): void {
  sessionStorage.setItem(KEY, key);
}

export function forgetKey(): void {
  sessionStorage.removeItem(KEY);
}

/** A key as Scout issues it: `sc_` and 24-128 of A-Za-z0-9_-. */
export function looksLikeKey(text: string): boolean {
  return /^sc_[A-Za-z0-9_-]{24,128}$/.test(text);
}
