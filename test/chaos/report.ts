import type { Violation } from './audit';
import { CRASH_WINDOW_MS, KILL_IN_FLIGHT_MS, RULES, type Rule } from './audit';
import type { Cluster } from './cluster';
import { FAMILIES } from './calls';
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
  /** How each charged 2xx was charged (audit.ts). */
  paths: Map<string, 'hold' | 'direct'>;
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
    const label = `${r.transport.toUpperCase()} ${r.status === 0 ? 'no answer' : `${r.status}${r.errorCode ? ` ${r.errorCode}` : ''}`}`;
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
      [
        'over /mcp (share of requests)',
        `${count((r) => r.transport === 'mcp')} (${((100 * count((r) => r.transport === 'mcp')) / Math.max(1, s.records.length)).toFixed(1)} %)`,
      ],
      ['connections terminated (rounds)', `${s.counters.terminated} (${s.counters.terminationRounds})`],
      ['kill -9 / SIGTERM', `${s.counters.kills} / ${s.counters.sigterms}`],
      ['fault switches', s.counters.faultSwitches],
      ['process exits', `${exits.join('; ')}; worker exit ${s.cluster.workerExit ?? '?'}`],
    ]),
  );
  out.push('  by family and transport: requests / 2xx / charged on the hold path / charged directly');
  const cell = (rs: RequestRecord[]) => {
    const path = (p: string) => rs.filter((r) => s.paths.get(r.requestId) === p).length;
    return `${rs.length} / ${rs.filter((r) => r.status >= 200 && r.status < 300).length} / ${path('hold')} / ${path('direct')}`;
  };
  out.push(
    table(
      FAMILIES.map((family) => {
        const of = s.records.filter((r) => r.family === family);
        return [`    ${family}`, `REST ${cell(of.filter((r) => r.transport === 'rest'))}    MCP ${cell(of.filter((r) => r.transport === 'mcp'))}`];
      }),
    ),
  );
  out.push('  done, against its floor (or ceiling):');
  const bound = (f: Floor) =>
    f.ceiling !== undefined
      ? `${f.count} ${f.count <= f.ceiling ? '≤' : '> CEILING'} ${f.ceiling}`
      : `${f.count} ${f.count >= f.floor! ? '≥' : '< FLOOR'} ${f.floor}`;
  out.push(table(s.floors.map((f) => [`    ${f.label}`, bound(f)])));
  out.push('  by status:');
  out.push(table([...statuses.entries()].sort((a, b) => b[1] - a[1]).map(([label, n]) => [`    ${label}`, n])));
  // A 500 is Scout's own fault, never the contract's answer to a disruption: shown with its log line.
  for (const r of s.records.filter((r) => r.status === 500).slice(0, EXAMPLES_PER_RULE)) {
    const line = s.cluster.logLinesOf(r.requestId)[0] ?? '(no log line names it)';
    out.push(`  500 over ${r.transport}: ${r.requestId} ${r.tool} (${r.api}): ${line.slice(0, 400)}`);
  }
  if (s.counters.errors.length) out.push(`  disruptions that failed: ${s.counters.errors.length} (${s.counters.errors.slice(0, 3).join(' | ')})`);
  for (const line of s.lostInCrash.slice(0, EXAMPLES_PER_RULE))
    out.push(`  lost in the crash (counted against its ceiling: see CRASH_WINDOW_MS, KILL_IN_FLIGHT_MS, LOST_IN_CRASH_PER_KILL): ${line}`);
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
