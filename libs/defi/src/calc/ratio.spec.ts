import { ratio, sharePct, sumKnown } from './ratio';

describe('ratio', () => {
  it('divides to 4 decimals by default (stablecoin dollars per TVL dollar)', () => {
    expect(ratio(15e9, 60e9)).toBe(0.25);
    expect(ratio(2, 3)).toBe(0.6667);
    expect(ratio(2, 3, 2)).toBe(0.67);
    expect(ratio(0, 10)).toBe(0);
  });

  it('is null when a side is unknown or the denominator is not positive', () => {
    expect(ratio(null, 1)).toBeNull();
    expect(ratio(1, null)).toBeNull();
    expect(ratio(1, 0)).toBeNull();
  });
});

describe('sharePct', () => {
  it('gives the part as a percentage of the whole to 2 decimals', () => {
    expect(sharePct(25, 100)).toBe(25);
    expect(sharePct(1, 3)).toBe(33.33);
    expect(sharePct(40e6, 100e6)).toBe(40);
  });

  it('is null for an unknown part or an empty whole', () => {
    expect(sharePct(null, 100)).toBeNull();
    expect(sharePct(5, 0)).toBeNull();
  });
});

describe('sumKnown', () => {
  it('adds the known values and treats none known as unknown, not zero', () => {
    expect(sumKnown([1, null, 2, undefined])).toBe(3);
    expect(sumKnown([0, null])).toBe(0);
    expect(sumKnown([null, undefined])).toBeNull();
    expect(sumKnown([])).toBeNull();
  });
});
