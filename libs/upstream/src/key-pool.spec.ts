import { KeyPool, parseKeyList } from './key-pool';

const LONG_A = 'aaaa-0000000000000001';
const LONG_B = 'bbbb-0000000000000002';

describe('parseKeyList', () => {
  it('splits a comma-separated setting, dropping blanks and duplicates', () => {
    expect(parseKeyList(' k1, k2,,k1 ,')).toEqual(['k1', 'k2']);
    expect(parseKeyList(undefined)).toEqual([]);
  });
});

describe('KeyPool', () => {
  it('rotates round-robin over healthy keys', () => {
    const pool = new KeyPool('src', [LONG_A, LONG_B, 'short']);
    expect([pool.pick(), pool.pick(), pool.pick(), pool.pick()].map((k) => k?.label)).toEqual(['key#1 (aaaa…)', 'key#2 (bbbb…)', 'key#3', 'key#1 (aaaa…)']);
  });

  it('skips invalid keys for good and exhausted keys until their reset', () => {
    let now = 0;
    const pool = new KeyPool('src', [LONG_A, LONG_B], () => now);
    const [a, b] = [pool.pick(), pool.pick()];
    pool.markInvalid(a!);
    pool.markExhausted(b!, 5_000);
    expect(pool.pick()).toBeNull();
    expect(pool.soonestReset()).toBe(5_000);
    expect(pool.states()).toEqual([
      { source: 'src', key: 'key#1 (aaaa…)', state: 'invalid', resetAt: null },
      { source: 'src', key: 'key#2 (bbbb…)', state: 'exhausted', resetAt: new Date(5_000).toISOString() },
    ]);
    now = 5_000;
    expect(pool.pick()?.label).toBe('key#2 (bbbb…)');
    expect(pool.states()[1]).toMatchObject({ state: 'healthy', resetAt: null });
  });

  it('explains an empty pool without naming a key', () => {
    const pool = new KeyPool('src', [LONG_A, LONG_B], () => 0);
    pool.markInvalid(pool.pick()!);
    pool.markExhausted(pool.pick()!, 60_000);
    const text = pool.describeUnusable();
    expect(text).toBe('no usable API key for src: 1 rejected as invalid (401/403), 1 rate-limited or out of quota until 1970-01-01T00:01:00.000Z of 2');
    expect(new KeyPool('src', []).describeUnusable()).toBe('no API key is configured for src');
  });

  it('redacts keys, plain or URL-encoded, from text', () => {
    const pool = new KeyPool('src', [LONG_A, 'a/b+c=d-0000000000']);
    expect(pool.redact(`GET /${LONG_A}/x and ${encodeURIComponent('a/b+c=d-0000000000')}`)).toBe('GET /key#1 (aaaa…)/x and key#2 (a/b+…)');
  });

  it('shows the credits a provider reported per key, and nothing for keys it said nothing about', () => {
    const pool = new KeyPool('src', [LONG_A, LONG_B], () => 90_000);
    pool.recordCredits(pool.pick()!, 1_000, 250);
    const [a, b] = pool.states();
    expect(a.credits).toEqual({ remaining: 1_000, lastCost: 250, seenAt: '1970-01-01T00:01:30.000Z' });
    expect(b).not.toHaveProperty('credits');
    expect(JSON.stringify(pool.states())).not.toContain(LONG_A);
  });
});
