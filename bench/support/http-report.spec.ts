import { cpuCeiling, judgeTraffic, PAID_PATHS, type Round } from './http-report';
import type { LoadResult } from './load';

const load = (rps: number): LoadResult => ({ rps, p50: 5, p99: 20, mean: 6, ok: rps * 8, failed: 0 });

/** A round at `rps` metered calls/s with this CPU per call (µs), beside a bare route at `bareRps`. */
function round(rps: number, cpu: { api: number; db: number; load: number }, bareRps: number): Round {
  return {
    bare: { direct: { run: load(bareRps), cpu: { api: 130, db: 0, load: 40 } } },
    metered: { direct: { run: load(rps), cpu, entries: rps * 8 } },
  };
}

describe("bench:http's two-core ceiling", () => {
  it('is the cores over the summed CPU per call of the API, the database and the load generator (median of the runs)', () => {
    const runs = [250, 260, 270].map((api) => ({ cpu: { api, db: 150, load: 50 } }));
    // 460 µs a call at the median: two cores allow 4,348 calls a second.
    expect(cpuCeiling(runs, 2)).toBe(4348);
    expect(cpuCeiling(runs, 4)).toBe(8696);
  });

  it('stands beside the ratio in the side-by-side row, against the same bare rate, and judges nothing', () => {
    const rounds = [1, 2, 3, 4, 5, 6, 7].map(() => round(3300, { api: 262, db: 174, load: 48 }, 6571));
    const { row, goals } = judgeTraffic({ name: 'spread', label: '64 accounts', keys: [] }, [PAID_PATHS[0]], rounds, false, 2);
    // 2 s / 484 µs = 4,132 calls/s: 0.63 of the bare route, where the run reached 0.50.
    expect(row['direct: 2-core ceiling, ×bare']).toBe('4132, 0.63');
    expect(row['direct: rps, ×bare']).toBe('3300, 0.50');
    expect(goals.map((g) => g.figure).some((f) => f.includes('ceiling'))).toBe(false);
  });
});
