import type { Violation } from './audit';
import { CRASH_WINDOW_MS, KILL_IN_FLIGHT_MS, RULES, type Rule } from './audit';
import type { Cluster } from './cluster';
import type { ChaosCounters } from './disruptions';
import type { Floor } from './floors';
import type { RequestRecord } from './load';

export interface Summary {
  records: RequestRecord[];
  counters: ChaosCounters;
  /** What the run did, against the least it must do (floors.ts). */
  floors: Floor[];
  violations: Violation[];
  lostAnswersReplayed: number;
  lostInCrash: string[];
  cluster: Cluster;
  seconds: number;
  settings: { durationMs: number; concurrency: number; toolDeadlineMs: number };
}

const EXAMPLES_PER_RULE = 5;

function table(rows: Array<[string, string | number]>): string {
  const width = Math.max(...rows.map(([label]) => label.length));
  return rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`).join('\n');
}

/** Prints the figures, every rule with its violation count (and a few examples), and one closing line. */
export function printSummary(s: Summary): void {
  const count = (predicate: (r: RequestRecord) => boolean) => s.records.filter(predicate).length;
  const statuses = new Map<string, number>();
  for (const r of s.records) {
    const label = r.status === 0 ? 'no answer' : `${r.status}${r.errorCode ? ` ${r.errorCode}` : ''}`;
    statuses.set(label, (statuses.get(label) ?? 0) + 1);
  }
  const keys = new Set(s.records.map((r) => r.idempotencyKey).filter(Boolean));
  const exits = s.cluster.apis.map((api) => `${api.name} ${api.exits.map((code) => (code === null ? 'killed' : `exit ${code}`)).join(', ')}`);
  const out: string[] = [];
  out.push(
    '',
    `chaos tier: ${s.settings.durationMs / 1000} s of load, concurrency ${s.settings.concurrency}, tool deadline ${s.settings.toolDeadlineMs} ms, run ${s.seconds.toFixed(0)} s`,
  );
  out.push(
    table([
      ['requests', s.records.length],
      ['2xx', count((r) => r.status >= 200 && r.status < 300)],
      ['4xx', count((r) => r.status >= 400 && r.status < 500)],
      ['5xx', count((r) => r.status >= 500)],
      ['no answer', count((r) => r.status === 0)],
      ['replays (Idempotent-Replayed)', count((r) => r.replayed)],
      ['with Idempotency-Key (keys)', `${count((r) => r.idempotencyKey !== null)} (${keys.size})`],
      ['lost answers replayed later', s.lostAnswersReplayed],
      [`charged, answer lost to kill -9 (charge begun ${CRASH_WINDOW_MS} ms before it to ${KILL_IN_FLIGHT_MS} ms after)`, s.lostInCrash.length],
      ['connections terminated (rounds)', `${s.counters.terminated} (${s.counters.terminationRounds})`],
      ['kill -9 / SIGTERM', `${s.counters.kills} / ${s.counters.sigterms}`],
      ['fault switches', s.counters.faultSwitches],
      ['process exits', `${exits.join('; ')}; worker exit ${s.cluster.workerExit ?? '?'}`],
    ]),
  );
  out.push('  done, against its floor:');
  out.push(table(s.floors.map((f) => [`    ${f.label}`, `${f.count} ${f.count >= f.floor ? '≥' : '< FLOOR'} ${f.floor}`])));
  out.push('  by status:');
  out.push(table([...statuses.entries()].sort((a, b) => b[1] - a[1]).map(([label, n]) => [`    ${label}`, n])));
  if (s.counters.errors.length) out.push(`  disruptions that failed: ${s.counters.errors.length} (${s.counters.errors.slice(0, 3).join(' | ')})`);
  for (const line of s.lostInCrash.slice(0, EXAMPLES_PER_RULE))
    out.push(`  lost in the crash (not a violation: see CRASH_WINDOW_MS and KILL_IN_FLIGHT_MS): ${line}`);
  out.push('  rules:');
  for (const rule of Object.keys(RULES) as Rule[]) {
    const hits = s.violations.filter((v) => v.rule === rule);
    out.push(`    ${hits.length === 0 ? 'ok  ' : 'FAIL'} ${RULES[rule]}: ${hits.length} violation(s)`);
    for (const v of hits.slice(0, EXAMPLES_PER_RULE)) out.push(`           ${v.detail}`);
  }
  const passed = s.violations.length === 0;
  out.push(
    `chaos: ${s.records.length} requests, ${count((r) => r.status >= 200 && r.status < 300)} answered, ${s.violations.length} violations: ${passed ? 'passed' : 'FAILED'}`,
    '',
  );
  process.stdout.write(out.join('\n'));
}
