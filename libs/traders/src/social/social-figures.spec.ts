import { accountKind, followerMix } from './social-figures';

const entry = (trades: number | null, volumeUsd: number | null) =>
  ({ userId: 'u', handle: 'h', trades, volumeUsd }) as Parameters<typeof followerMix>[0][number];

describe('follower figures', () => {
  it('an account that traded (count or volume) is real, a known zero empty, a silent one unknown', () => {
    expect(accountKind({ trades: 3, volumeUsd: null })).toBe('real');
    expect(accountKind({ trades: null, volumeUsd: 12.5 })).toBe('real');
    expect(accountKind({ trades: 0, volumeUsd: 0 })).toBe('empty');
    expect(accountKind({ trades: 0, volumeUsd: null })).toBe('empty');
    expect(accountKind({ trades: null, volumeUsd: null })).toBe('unknown');
  });

  it('counts the mix and the share of real accounts among the known ones', () => {
    expect(followerMix([entry(1, 10), entry(0, 0), entry(0, 0), entry(null, null), entry(5, 1)])).toEqual({ real: 2, empty: 2, unknown: 1, realPct: 50 });
    expect(followerMix([entry(2, 1), entry(0, 0), entry(0, 0)])).toEqual({ real: 1, empty: 2, unknown: 0, realPct: 33.3 });
    expect(followerMix([entry(null, null)])).toEqual({ real: 0, empty: 0, unknown: 1, realPct: null });
    expect(followerMix([])).toEqual({ real: 0, empty: 0, unknown: 0, realPct: null });
  });
});
