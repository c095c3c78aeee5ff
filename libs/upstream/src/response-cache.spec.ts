import { ResponseCache } from './response-cache';

function clock(start = 1_000): { now: () => number; advance: (ms: number) => void } {
  let t = start;
  return { now: () => t, advance: (ms) => void (t += ms) };
}

describe('ResponseCache', () => {
  it('serves a loaded value until its TTL, then forgets it', async () => {
    const time = clock();
    const cache = new ResponseCache(10, time.now);
    await cache.load('k', 100, async () => 'v');
    expect(cache.get('k')).toEqual({ value: 'v', storedAt: 1_000, expiresAt: 1_100 });
    time.advance(99);
    expect(cache.get('k')?.value).toBe('v');
    time.advance(1);
    expect(cache.get('k')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('evicts the least recently used entry beyond its size', async () => {
    const cache = new ResponseCache(2);
    await cache.load('a', 1_000, async () => 1);
    await cache.load('b', 1_000, async () => 2);
    cache.get('a');
    await cache.load('c', 1_000, async () => 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.value).toBe(1);
    expect(cache.get('c')?.value).toBe(3);
  });

  it('lets identical misses join one load while it runs', async () => {
    const cache = new ResponseCache();
    let loads = 0;
    let release: (v: string) => void = () => undefined;
    const first = cache.load('k', 1_000, () => {
      loads += 1;
      return new Promise<string>((resolve) => (release = resolve));
    });
    const flight = cache.inFlight<string>('k');
    expect(flight).toBeDefined();
    await Promise.resolve();
    release('v');
    await expect(Promise.all([first, flight?.promise])).resolves.toEqual(['v', 'v']);
    expect(loads).toBe(1);
    expect(cache.inFlight('k')).toBeUndefined();
  });

  it('caches no failure, and frees the slot even when the loader throws at once', async () => {
    const cache = new ResponseCache();
    await expect(
      cache.load('k', 1_000, () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(cache.inFlight('k')).toBeUndefined();
    expect(cache.get('k')).toBeUndefined();
  });

  it('never lets an older load overwrite a newer one', async () => {
    const time = clock();
    const cache = new ResponseCache(10, time.now);
    let releaseOld: (v: string) => void = () => undefined;
    const old = cache.load('k', 1_000, () => new Promise<string>((resolve) => (releaseOld = resolve)));
    time.advance(10);
    await cache.load('k', 1_000, async () => 'new');
    await Promise.resolve();
    releaseOld('old');
    await old;
    expect(cache.get('k')).toMatchObject({ value: 'new', storedAt: 1_010 });
  });

  it('reads a stored or joined answer unless it is older than the caller allows, counting each hit', async () => {
    const time = clock();
    const cache = new ResponseCache(10, time.now);
    let hits = 0;
    const onHit = () => (hits += 1);
    let loads = 0;
    const load = async () => `answer ${(loads += 1)}`;
    expect(await cache.read('k', 1_000, load, null, onHit)).toBe('answer 1');
    expect(await cache.read('k', 1_000, load, null, onHit)).toBe('answer 1');
    expect(await cache.read('k', 1_000, load, 1_000, onHit)).toBe('answer 1');
    expect(hits).toBe(2);
    time.advance(10);
    // Cleared after the answer was fetched: a new fetch, which a caller who cleared earlier joins.
    const fresh = cache.read('k', 1_000, load, 1_005, onHit);
    expect(await cache.read('k', 1_000, load, 1_001, onHit)).toBe('answer 2');
    expect(await fresh).toBe('answer 2');
    expect([loads, hits]).toEqual([2, 3]);
  });

  it('keeps an expired entry through its grace as stale only, for callers who did not clear since', async () => {
    const time = clock();
    const cache = new ResponseCache(10, time.now, 500);
    await cache.load('k', 100, async () => 'v');
    time.advance(100);
    expect(cache.get('k')).toBeUndefined();
    expect(cache.stale('k', null)).toMatchObject({ value: 'v', storedAt: 1_000 });
    expect(cache.stale('k', 1_001)).toBeUndefined();
    time.advance(500);
    expect(cache.stale('k', null)).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
