import { mulberry32 } from '../../prng';
import { decodeId, encodeId } from './ids';
import { drawPath, GRADUATION_MCAP, pathMcap } from './paths';

describe('launch paths', () => {
  const t0 = Date.UTC(2026, 0, 10);
  const rand = mulberry32(1234);
  const paths = Array.from({ length: 20_000 }, (_, i) => drawPath(rand, t0, i));

  it('a heavy tail: about one launch in twenty passes $3M, most never leave the curve, few reach $100M', () => {
    const share = (x: number) => paths.filter((p) => p.peak >= x).length / paths.length;
    expect(share(3e6)).toBeGreaterThan(0.03);
    expect(share(3e6)).toBeLessThan(0.07);
    expect(share(GRADUATION_MCAP)).toBeLessThan(0.4);
    expect(share(1e8)).toBeLessThan(0.01);
    expect(paths.every((p) => p.peak >= p.start && p.floor <= p.peak && p.peakAt > p.launchAt)).toBe(true);
  });

  it('opens at its starting cap, tops out near its peak, settles towards its floor; nothing before the launch', () => {
    for (const p of paths.slice(0, 300)) {
      expect(pathMcap(42, p, t0 - 1)).toBeNull();
      expect(pathMcap(42, p, t0)).toBeCloseTo(p.start, 0);
      expect(pathMcap(42, p, p.peakAt)! / p.peak).toBeGreaterThan(0.5);
      expect(pathMcap(42, p, p.peakAt)! / p.peak).toBeLessThan(2);
      const late = pathMcap(42, p, p.peakAt + 30 * p.tauMs)!;
      expect(late / p.floor).toBeGreaterThan(0.5);
      expect(late / p.floor).toBeLessThan(2);
    }
  });

  it('graduates when the climb passes $69k, and only then', () => {
    for (const p of paths.slice(0, 2000)) {
      if (p.peak < GRADUATION_MCAP) {
        expect(p.graduatedAt).toBeNull();
        continue;
      }
      expect(p.graduatedAt).toBeGreaterThanOrEqual(p.launchAt);
      expect(p.graduatedAt).toBeLessThanOrEqual(p.peakAt);
    }
  });

  it('a small path (an earlier launch of a market coin developer) stays small', () => {
    const r = mulberry32(99);
    const small = Array.from({ length: 2000 }, (_, i) => drawPath(r, t0, i, true));
    expect(small.filter((p) => p.peak >= 1e6).length).toBe(0);
  });

  it('ids: an address carries its id and decodes back; other addresses decode to nothing', () => {
    for (const parts of [
      [20_500, 3],
      [0, 0],
      [4_294_967_295, 39],
    ] as const) {
      const address = encodeId('launch', ...parts);
      expect(address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
      expect(decodeId(address)).toEqual({ kind: 'launch', parts: [parts[0], parts[1], 0, 0] });
    }
    expect(encodeId('serial', 3)).not.toBe(encodeId('deployer', 3));
    expect(decodeId('So11111111111111111111111111111111111111112')).toBeNull();
    expect(decodeId('not base58 at all 0OIl')).toBeNull();
  });
});
