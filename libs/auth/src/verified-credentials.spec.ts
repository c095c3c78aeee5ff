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
