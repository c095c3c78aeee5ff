import { PEG_BAND_PCT, pegStatus, pegUnitsToUsd } from './peg';

describe('pegStatus', () => {
  it('is pegged within ±0.5% of $1, edges included', () => {
    expect(PEG_BAND_PCT).toBe(0.5);
    expect(pegStatus(1)).toEqual({ status: 'pegged', deviationPct: 0 });
    expect(pegStatus(1.001)).toEqual({ status: 'pegged', deviationPct: 0.1 });
    expect(pegStatus(0.995)).toEqual({ status: 'pegged', deviationPct: -0.5 });
    expect(pegStatus(1.005)).toEqual({ status: 'pegged', deviationPct: 0.5 });
  });

  it('is depegged beyond the band, with the deviation', () => {
    expect(pegStatus(0.9949)).toEqual({ status: 'depegged', deviationPct: -0.51 });
    expect(pegStatus(0.87)).toEqual({ status: 'depegged', deviationPct: -13 });
    expect(pegStatus(1.02)).toEqual({ status: 'depegged', deviationPct: 2 });
  });

  it('measures against another target when given', () => {
    expect(pegStatus(1.08, 1.08)).toEqual({ status: 'pegged', deviationPct: 0 });
  });

  it('is unknown without a price', () => {
    expect(pegStatus(null)).toEqual({ status: null, deviationPct: null });
  });
});

describe('pegUnitsToUsd', () => {
  it('counts USD pegs a dollar a unit and prices other pegs', () => {
    expect(pegUnitsToUsd(1_000, 'peggedUSD', 0.98)).toBe(1_000);
    expect(pegUnitsToUsd(1_000, 'peggedEUR', 1.1)).toBe(1_100);
    expect(pegUnitsToUsd(200e6, 'peggedEUR', 1.1)).toBe(220e6);
    expect(pegUnitsToUsd(3, 'peggedEUR', 1.0833333)).toBe(3.25);
  });

  it('is unknown without units, or for a non-USD peg without a price', () => {
    expect(pegUnitsToUsd(null, 'peggedUSD', 1)).toBeNull();
    expect(pegUnitsToUsd(1_000, 'peggedEUR', null)).toBeNull();
  });
});
