import type { UpstreamKeyState } from '@scout/core';

/** One API key of a pool. `secret` never leaves this module except onto the wire. */
export interface PooledKey {
  readonly secret: string;
  /** Non-secret label for status output and messages, e.g. 'key#2 (ab12…)'. */
  readonly label: string;
  state: UpstreamKeyState['state'];
  /** Epoch ms when an exhausted key may be used again. */
  resetAt: number | null;
  /** What the provider last said about this key's credits, for sources that say it. */
  credits: { remaining: number | null; lastCost: number | null; seenAt: number } | null;
}

/** Splits a comma-separated key setting into keys, dropping blanks and duplicates. */
export function parseKeyList(setting: string | undefined | null): string[] {
  return [
    ...new Set(
      (setting ?? '')
        .split(',')
        .map((k) => k.trim())
        .filter((k) => k.length > 0),
    ),
  ];
}

/** Long keys show their first 4 characters so operators can tell them apart; short ones show none. */
function labelFor(secret: string, index: number): string {
  return secret.length >= 16 ? `key#${index + 1} (${secret.slice(0, 4)}…)` : `key#${index + 1}`;
}

/**
 * The API keys of one source. Calls rotate round-robin over healthy keys; a key refused with
 * 401/403 is invalid for the life of the process, one throttled with 402/429 rests until its reset.
 */
export class KeyPool {
  private readonly keys: PooledKey[];
  private cursor = 0;

  constructor(
    private readonly source: string,
    secrets: readonly string[],
    private readonly now: () => number = Date.now,
  ) {
    this.keys = [...new Set(secrets)].map((secret, i) => ({ secret, label: labelFor(secret, i), state: 'healthy', resetAt: null, credits: null }));
  }

  get size(): number {
    return this.keys.length;
  }

  /** The next healthy key in turn, or null when none is usable right now. */
  pick(): PooledKey | null {
    for (let i = 0; i < this.keys.length; i += 1) {
      const key = this.keys[(this.cursor + i) % this.keys.length];
      if (this.refresh(key) === 'healthy') {
        this.cursor = (this.cursor + i + 1) % this.keys.length;
        return key;
      }
    }
    return null;
  }

  hasHealthy(): boolean {
    return this.keys.some((k) => this.refresh(k) === 'healthy');
  }

  markInvalid(key: PooledKey): void {
    key.state = 'invalid';
    key.resetAt = null;
  }

  markExhausted(key: PooledKey, resetAt: number): void {
    if (key.state === 'invalid') return;
    key.state = 'exhausted';
    key.resetAt = Math.max(resetAt, key.resetAt ?? 0);
  }

  /** Records the credit figures an answer carried; a figure the answer left out stays unknown (null). */
  recordCredits(key: PooledKey, remaining: number | null, lastCost: number | null): void {
    key.credits = { remaining, lastCost, seenAt: this.now() };
  }

  /** Earliest reset among exhausted keys (epoch ms), or null when none will come back by itself. */
  soonestReset(): number | null {
    const resets = this.keys.filter((k) => this.refresh(k) === 'exhausted').map((k) => k.resetAt as number);
    return resets.length === 0 ? null : Math.min(...resets);
  }

  states(): UpstreamKeyState[] {
    return this.keys.map((k) => {
      const state: UpstreamKeyState = {
        source: this.source,
        key: k.label,
        state: this.refresh(k),
        resetAt: k.state === 'exhausted' && k.resetAt !== null ? new Date(k.resetAt).toISOString() : null,
      };
      if (k.credits) state.credits = { remaining: k.credits.remaining, lastCost: k.credits.lastCost, seenAt: new Date(k.credits.seenAt).toISOString() };
      return state;
    });
  }

  /** Why no key is usable, in words an operator can act on. Never includes a key. */
  describeUnusable(): string {
    if (this.keys.length === 0) return `no API key is configured for ${this.source}`;
    const invalid = this.keys.filter((k) => this.refresh(k) === 'invalid').length;
    const exhausted = this.keys.length - invalid;
    const parts: string[] = [];
    if (invalid > 0) parts.push(`${invalid} rejected as invalid (401/403)`);
    if (exhausted > 0) parts.push(`${exhausted} rate-limited or out of quota until ${new Date(this.soonestReset() as number).toISOString()}`);
    return `no usable API key for ${this.source}: ${parts.join(', ')} of ${this.keys.length}`;
  }

  /** Replaces any key found in `text` (plain or URL-encoded) by its label. */
  redact(text: string): string {
    let out = text;
    for (const k of this.keys) {
      for (const form of new Set([k.secret, encodeURIComponent(k.secret)])) out = out.split(form).join(k.label);
    }
    return out;
  }

  /** An exhausted key whose reset has passed is healthy again. */
  private refresh(key: PooledKey): PooledKey['state'] {
    if (key.state === 'exhausted' && key.resetAt !== null && key.resetAt <= this.now()) {
      key.state = 'healthy';
      key.resetAt = null;
    }
    return key.state;
  }
}
