import { sharePct, sumKnown, sumRaw, tokenAmount, tokensFromRaw } from './token-amount';

describe('tokensFromRaw', () => {
  it('scales by the decimals', () => {
    expect(tokensFromRaw('1234567', 6)).toBe(1.234567);
    expect(tokensFromRaw('5000000000', 9)).toBe(5);
    expect(tokensFromRaw('42', 0)).toBe(42);
    expect(tokensFromRaw('0', 6)).toBe(0);
    expect(tokensFromRaw('1', 9)).toBe(1e-9);
  });

  it('keeps the whole tokens of a u64 beyond 2^53 exact', () => {
    // 18446744073709551615 = 2^64 - 1; with 6 decimals: 18446744073709.551615 tokens.
    const tokens = tokensFromRaw('18446744073709551615', 6);
    expect(Math.floor(tokens)).toBe(18_446_744_073_709);
    // Number('18446744073709551615') / 1e6 would round the integer part away from the exact value.
    expect(tokens - 18_446_744_073_709).toBeCloseTo(0.551615, 2);
  });

  it('refuses what is not a raw amount', () => {
    expect(() => tokensFromRaw('-1', 6)).toThrow(RangeError);
    expect(() => tokensFromRaw('1.5', 6)).toThrow(RangeError);
    expect(() => tokensFromRaw('1', -1)).toThrow(RangeError);
  });

  it('tokenAmount keeps the raw string beside the tokens', () => {
    expect(tokenAmount('2500000', 6)).toEqual({ raw: '2500000', tokens: 2.5 });
  });
});

describe('sumRaw', () => {
  it('adds exactly past 2^53', () => {
    expect(sumRaw(['9007199254740993', '9007199254740993'])).toBe('18014398509481986');
    expect(sumRaw([])).toBe('0');
  });
});

describe('sharePct and sumKnown', () => {
  it('a share is null when a side is missing or the whole is zero', () => {
    expect(sharePct(25, 200)).toBe(12.5);
    expect(sharePct(null, 200)).toBeNull();
    expect(sharePct(1, null)).toBeNull();
    expect(sharePct(0, 0)).toBeNull();
  });

  it('a sum is null when any part is missing', () => {
    expect(sumKnown([1.5, 2.5])).toBe(4);
    expect(sumKnown([1, null])).toBeNull();
    expect(sumKnown([])).toBe(0);
  });
});
