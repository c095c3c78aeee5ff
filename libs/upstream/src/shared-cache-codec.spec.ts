import { decodeShared, encodeShared } from './shared-cache-codec';

describe('shared cache codec', () => {
  it('carries JSON answers, bigints and dates exactly', () => {
    const answer = {
      tokens: [{ symbol: 'SOL', balance: 123456789012345678901234567890n, price: 1.5, listed: true, logo: null }],
      at: new Date('2026-01-02T03:04:05.678Z'),
      nested: { empty: [], text: 'a "quoted" word' },
    };
    const text = encodeShared(answer);
    expect(text).not.toBeNull();
    expect(decodeShared(text as string)).toEqual(answer);
  });

  it('drops undefined properties as JSON does', () => {
    expect(decodeShared(encodeShared({ a: 1, b: undefined }) as string)).toEqual({ a: 1 });
  });

  it.each([
    ['a Map', new Map([['a', 1]])],
    ['a Set', { set: new Set([1]) }],
    ['a class instance', { at: new (class Point {})() }],
    ['NaN', { value: Number.NaN }],
    ['an object shaped like a tag', { amount: { __scout_bigint: '1' } }],
  ])('refuses %s, which JSON cannot carry exactly (the answer stays in-process)', (_label, value) => {
    expect(encodeShared(value)).toBeNull();
  });
});
