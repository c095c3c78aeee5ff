import { goals, type Kind, type PhaseResult } from './watch-goals';

const MB = 1024 * 1024;

/** One phase that answered its watches by `lastMs` (the last answer is what the ratios compare). */
function phase(kind: Kind, round: number, lastMs: number | null, rssMb = 400): PhaseResult {
  return {
    kind,
    round,
    open: 10_000,
    baselineRss: 200 * MB,
    baselineHeap: 50 * MB,
    openRss: rssMb * MB,
    openHeap: 200 * MB,
    peakRss: rssMb * MB,
    openFiles: 10_025,
    openSeconds: 5,
    latencies: lastMs === null ? [] : [lastMs / 2, lastMs],
    errors: [],
    cpu: { api: 0, bench: 0 },
    sentMs: 2,
  };
}

const TOOL_FIGURE = 'watch tool: last answer / node:http floor';
const figure = (rows: ReturnType<typeof goals>, name: string) => rows.find((g) => g.figure.startsWith(name));

describe('the watch bench goals', () => {
  it('takes each ratio within its round and judges the median of them', () => {
    // Rounds at 1.4x, 1.6x and 1.45x: one round over 1.5x, the median (1.45x) within it.
    const results = [
      phase('watch tool', 1, 280),
      phase('floor: node:http', 1, 200),
      phase('watch tool', 2, 480),
      phase('floor: node:http', 2, 300),
      phase('watch tool', 3, 290),
      phase('floor: node:http', 3, 200),
    ];
    const row = figure(goals(results, 600), TOOL_FIGURE)!;
    expect(row.met).toBe(true);
    expect(row.value).toBe('median 1.45×: 1.40× (280 / 200 ms), 1.60× (480 / 300 ms), 1.45× (290 / 200 ms)');
  });

  it('does not pair a round with the floor of another: a slow floor in one round lifts no other', () => {
    // Against the pooled floors (200, 400) the watch tool's 350 and 330 would pass; round by round they do not.
    const results = [phase('watch tool', 1, 350), phase('floor: node:http', 1, 200), phase('watch tool', 2, 330), phase('floor: node:http', 2, 400)];
    const row = figure(goals(results, 600), TOOL_FIGURE)!;
    expect(row.value).toContain('median 1.29×');
    expect(row.met).toBe(true);
    const slower = [phase('watch tool', 1, 350), phase('floor: node:http', 1, 200), phase('watch tool', 2, 700), phase('floor: node:http', 2, 400)];
    expect(figure(goals(slower, 600), TOOL_FIGURE)!.met).toBe(false);
  });

  it('misses the goal when a round of the kind answered nothing, whatever the other rounds', () => {
    const results = [phase('watch tool', 1, 210), phase('floor: node:http', 1, 200), phase('watch tool', 2, null), phase('floor: node:http', 2, 200)];
    expect(figure(goals(results, 600), TOOL_FIGURE)).toMatchObject({ value: 'no answer', met: false });
  });

  it('does not judge a ratio whose floor was not measured', () => {
    const row = figure(goals([phase('watch tool', 1, 300), phase('watch tool', 2, 310)], 600), TOOL_FIGURE)!;
    expect(row.met).toBeNull();
    expect(row.value).toBe('300 / 310 ms; floor not measured');
  });

  it('judges memory on the worst round, and counts every failed answer', () => {
    const results = [phase('SSE stream', 1, 100, 420), phase('SSE stream', 2, 100, 610), phase('SSE stream', 3, 100, 430)];
    results[2].errors.push('answered without the event');
    const rows = goals(results, 600);
    expect(figure(rows, 'SSE stream: RSS')).toMatchObject({ value: '610.0 MB (610.0)', met: false });
    expect(figure(rows, 'failed answers')).toMatchObject({ value: '1', met: false });
  });
});
