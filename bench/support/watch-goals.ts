/**
 * The watch bench's report (bench/watch.bench.ts): the figures of every kind in every round, then
 * its goals, each ratio taken against the floor measured in the same round and judged on its
 * median over the rounds (on a shared 2-core machine an absolute time says more about the machine
 * than about Scout, and one half-second fan-out alone can be off by a third):
 *  - event streams: the last answer at most STREAM_GOAL × the raw-socket floor's (prebuilt bytes in
 *    one write per connection: the least any Node process can spend per answer);
 *  - the watch tool: the last answer at most TOOL_GOAL × the `node:http` floor's (Node's own HTTP
 *    server answering the same requests with the same bytes);
 *  - RSS with every watch held, and at its peak, under the limit, for each kind in every round;
 *  - no answer failed, floors included.
 * A ratio whose floor (or kind) was skipped is not judged.
 */

import { median } from './load';

export type Kind = 'watch tool' | 'SSE stream' | 'floor: node:http' | 'floor: raw socket';
export const isFloor = (kind: Kind) => kind.startsWith('floor');

/** Event streams: the last frame at most this many times the raw-socket floor's last answer. */
export const STREAM_GOAL = 1.25;
/** The watch tool: the last answer at most this many times the `node:http` floor's. */
export const TOOL_GOAL = 1.5;

export interface PhaseResult {
  kind: Kind;
  /** Which round of the run (1, 2, ...): a kind's ratio is taken against its floor of the same round. */
  round: number;
  open: number;
  baselineRss: number;
  baselineHeap: number;
  openRss: number;
  openHeap: number;
  peakRss: number;
  openFiles: number;
  openSeconds: number;
  /** Milliseconds from the insert to each answer at the client, ascending. */
  latencies: number[];
  errors: string[];
  /** CPU milliseconds spent from the insert to the last answer, by the API and by the bench (client). */
  cpu: { api: number; bench: number };
  /** Milliseconds from the start until the event was sent: its insert committed, or the floor told to answer. */
  sentMs: number;
}

interface Goal {
  figure: string;
  value: string;
  goal: string;
  /** null: not judged (what it is measured against was skipped). */
  met: boolean | null;
}

const MB = 1024 * 1024;
const mb = (bytes: number) => (bytes / MB).toFixed(1);
const ms = (values: number[], p: number) => (values.length === 0 ? '-' : values[Math.min(values.length - 1, Math.floor(p * values.length))].toFixed(0));
const last = (r: PhaseResult | undefined) => (r && r.latencies.length > 0 ? r.latencies[r.latencies.length - 1] : null);

/** The figures of every kind, one row each. */
export function printFigures(results: PhaseResult[]): void {
  console.table(
    results.map((r) => ({
      round: r.round,
      kind: r.kind,
      'open at once': r.open,
      'opened in s': r.openSeconds.toFixed(1),
      'baseline RSS MB': mb(r.baselineRss),
      'RSS open MB': mb(r.openRss),
      'KB/watch RSS': ((r.openRss - r.baselineRss) / r.open / 1024).toFixed(1),
      'KB/watch heap': ((r.openHeap - r.baselineHeap) / r.open / 1024).toFixed(1),
      'peak RSS MB': mb(r.peakRss),
      'API fds': r.openFiles,
      'sent ms': r.sentMs.toFixed(1),
      'first ms': ms(r.latencies, 0),
      'p50 ms': ms(r.latencies, 0.5),
      'p99 ms': ms(r.latencies, 0.99),
      'all answered ms': ms(r.latencies, 1),
      'API CPU ms': r.cpu.api,
      'bench CPU ms': r.cpu.bench.toFixed(0),
      errors: r.errors.length,
    })),
  );
}

/**
 * One kind's last answer against its floor's of the same round, as a goal row judged on the median
 * of those ratios; a round whose kind answered nothing counts as missed, whatever the others.
 */
function ratioGoal(figure: string, results: PhaseResult[], kind: Kind, floor: Kind, limit: number): Goal | null {
  const mine = results.filter((r) => r.kind === kind);
  if (mine.length === 0) return null;
  const goal = `≤ ${limit.toFixed(2)}×`;
  if (mine.some((r) => last(r) === null)) return { figure, value: 'no answer', goal, met: false };
  const pairs = mine.flatMap((r) => {
    const theirs = last(results.find((f) => f.kind === floor && f.round === r.round));
    return theirs === null ? [] : [{ mine: last(r)!, theirs }];
  });
  if (pairs.length === 0) return { figure, value: `${mine.map((r) => last(r)!.toFixed(0)).join(' / ')} ms; floor not measured`, goal, met: null };
  const ratio = median(pairs.map((p) => p.mine / p.theirs));
  const each = pairs.map((p) => `${(p.mine / p.theirs).toFixed(2)}× (${p.mine.toFixed(0)} / ${p.theirs.toFixed(0)} ms)`).join(', ');
  return { figure, value: pairs.length === 1 ? each : `median ${ratio.toFixed(2)}×: ${each}`, goal, met: ratio <= limit };
}

/** The goals of this run; the floors' own RSS is printed above, not judged. */
export function goals(results: PhaseResult[], rssLimitMb: number): Goal[] {
  const rows: Array<Goal | null> = [
    ratioGoal('event streams: last answer / raw-socket floor', results, 'SSE stream', 'floor: raw socket', STREAM_GOAL),
    ratioGoal('watch tool: last answer / node:http floor', results, 'watch tool', 'floor: node:http', TOOL_GOAL),
  ];
  // Each kind measured (not the floors: their own RSS is printed above), in the order first run.
  for (const kind of new Set(results.filter((r) => !isFloor(r.kind)).map((r) => r.kind))) {
    const runs = results.filter((r) => r.kind === kind);
    // The worst round decides: memory has no noise to median away.
    const worst = runs.reduce((a, b) => (Math.max(b.openRss, b.peakRss) > Math.max(a.openRss, a.peakRss) ? b : a));
    rows.push({
      figure: `${kind}: RSS with ${worst.open} held (peak), worst round`,
      value: `${mb(worst.openRss)} MB (${mb(worst.peakRss)})`,
      goal: `< ${rssLimitMb} MB`,
      met: Math.max(worst.openRss, worst.peakRss) < rssLimitMb * MB,
    });
  }
  const failed = results.reduce((n, r) => n + r.errors.length, 0);
  rows.push({ figure: 'failed answers, every kind', value: String(failed), goal: '0', met: failed === 0 });
  return rows.filter((g): g is Goal => g !== null);
}

/** Prints the goal table and each kind's failures; true when every judged goal was met. */
export function judge(results: PhaseResult[], rssLimitMb: number): boolean {
  const rows = goals(results, rssLimitMb);
  console.table(rows.map((g) => ({ ...g, met: g.met === null ? 'not judged' : g.met ? 'yes' : 'NO' })));
  for (const r of results.filter((x) => x.errors.length > 0)) {
    const counts = new Map<string, number>();
    for (const e of r.errors) counts.set(e, (counts.get(e) ?? 0) + 1);
    process.stdout.write(`${r.kind}, round ${r.round}: ${r.errors.length} failed: ${[...counts].map(([e, n]) => `${n} × ${e}`).join('; ')}\n`);
  }
  return rows.every((g) => g.met !== false);
}
