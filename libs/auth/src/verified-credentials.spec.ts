import { AppConfig } from '@scout/core';
import { VerifiedCredentials } from './verified-credentials';

describe('VerifiedCredentials: how long a verified key or token is trusted', () => {
  afterEach(() => jest.useRealTimers());

  it('keeps an entry for AUTH_CACHE_TTL_MS, or until its own expiry when sooner, and forgets all on clear', () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const cache = new VerifiedCredentials(AppConfig.fromEnv({ AUTH_CACHE_TTL_MS: '2000' }));
    cache.set('key:a', 'caller a');
    cache.set('oauth:b', 'caller b', Date.now() + 500);
    expect([cache.get('key:a'), cache.get('oauth:b')]).toEqual(['caller a', 'caller b']);
    jest.advanceTimersByTime(600);
    expect([cache.get('key:a'), cache.get('oauth:b')]).toEqual(['caller a', undefined]);
    jest.advanceTimersByTime(1500);
    expect(cache.get('key:a')).toBeUndefined();
    cache.set('key:a', 'caller a');
    cache.clear();
    expect(cache.get('key:a')).toBeUndefined();
  });

  it('keeps nothing when AUTH_CACHE_TTL_MS is 0', () => {
    const cache = new VerifiedCredentials(AppConfig.fromEnv({ AUTH_CACHE_TTL_MS: '0' }));
    cache.set('key:a', 'caller a');
    expect(cache.get('key:a')).toBeUndefined();
  });
});

describe('VerifiedCredentials.lookup: one query per key, however many wait on it', () => {
  it('identical lookups while one is under way join it; the answer is kept for the next', async () => {
    const cache = new VerifiedCredentials(AppConfig.fromEnv({ AUTH_CACHE_TTL_MS: '2000' }));
    let queries = 0;
    let answer!: (value: { value: string } | null) => void;
    const load = () => {
      queries += 1;
      return new Promise<{ value: string } | null>((resolve) => (answer = resolve));
    };
    const waiting = Array.from({ length: 50 }, () => cache.lookup('key:a', load));
    answer({ value: 'caller a' });
    await expect(Promise.all(waiting)).resolves.toEqual(Array(50).fill('caller a'));
    await expect(cache.lookup('key:a', load)).resolves.toBe('caller a');
    expect(queries).toBe(1);
  });

  it('an unknown key is not kept: the next lookup asks again', async () => {
    const cache = new VerifiedCredentials(AppConfig.fromEnv({ AUTH_CACHE_TTL_MS: '2000' }));
    const load = jest.fn().mockResolvedValue(null);
    await expect(cache.lookup('key:x', load)).resolves.toBeNull();
    await expect(cache.lookup('key:x', load)).resolves.toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a lookup under way when the cache is cleared (a revocation) keeps nothing, and later callers ask afresh', async () => {
    const cache = new VerifiedCredentials(AppConfig.fromEnv({ AUTH_CACHE_TTL_MS: '2000' }));
    let answer!: (value: { value: string } | null) => void;
    const stale = cache.lookup<string>('key:a', () => new Promise((resolve) => (answer = resolve)));
    cache.clear();
    const fresh = jest.fn().mockResolvedValue(null);
    await expect(cache.lookup('key:a', fresh)).resolves.toBeNull();
    answer({ value: 'revoked caller' });
    await expect(stale).resolves.toBe('revoked caller');
    expect(cache.get('key:a')).toBeUndefined();
    expect(fresh).toHaveBeenCalledTimes(1);
  });

  it('a failed lookup fails its waiters and is not kept', async () => {
    const cache = new VerifiedCredentials(AppConfig.fromEnv({ AUTH_CACHE_TTL_MS: '2000' }));
    const failing = jest.fn().mockRejectedValue(new Error('database gone'));
    await expect(Promise.all([cache.lookup('key:a', failing), cache.lookup('key:a', failing)])).rejects.toThrow('database gone');
    expect(failing).toHaveBeenCalledTimes(1);
    await expect(cache.lookup('key:a', jest.fn().mockResolvedValue({ value: 'back' }))).resolves.toBe('back');
  });
});
