import type { Violation } from './audit';
import { FAMILIES, takesHoldPath } from './calls';
import type { ChaosCounters } from './disruptions';
import type { RequestRecord } from './load';

/** One thing the run must have done (a floor), or must not have done often (a ceiling), and how often it did. */
export interface Floor {
  label: string;
  count: number;
  floor?: number;
  ceiling?: number;
}

/**
 * Answers a kill -9 may take with it after their charge (lostInCrash in audit.ts), per kill. Only
 * calls in flight on the killed process (about 12 of the 24 clients) whose charge committed in
 * the instant before the signal, their answer not yet written, can be lost; posts are committed
 * in groups, so that is the one or two batches committed then. Seen, per 30 s run: 0 or 1 before
 * the hold path met the kill (docs/testing.md, the chaos tier); with it and MCP, 0, 0, 2, 1 and 0 in five runs (the 2
 * one batch, both 1.6 ms before the kill). Four allows twice the worst seen; a server that charged long before it
 * answered, or charged calls that failed, would lose most of its calls in flight and fail here.
 */
export const LOST_IN_CRASH_PER_KILL = 4;

const holdPath = (r: RequestRecord) => takesHoldPath(r);
const inFlightAt = (r: RequestRecord, at: number) => r.sentAt <= at && r.doneAt >= at;

/**
 * What a run must have done for its "passed" to mean anything: a load that was answered, on both
 * API processes, over REST and /mcp, in every family of tools, with charges on both the hold path
 * and the direct path, calls in flight when each disruption struck, and every disruption applied.
 * A run whose clients got nothing through, whose terminations found no connection, whose kill -9
 * hit a process already gone or whose MCP calls all failed audits an empty ledger cleanly; these
 * floors make it fail instead. They grow with the load's duration and sit far below what this
 * 2-core machine reaches (see docs/benchmarks.md), so only a run where the thing did not
 * happen falls under them. One ceiling: the answers lost to the kill -9 (LOST_IN_CRASH_PER_KILL).
 */
export function floorsOf(
  records: RequestRecord[],
  counters: ChaosCounters,
  settings: { durationMs: number; maxRequests: number },
  audit: { paths: Map<string, 'hold' | 'direct'>; lostInCrash: string[] },
): Floor[] {
  const seconds = settings.durationMs / 1000;
  const count = (predicate: (r: RequestRecord) => boolean) => records.filter(predicate).length;
  const answered = (r: RequestRecord) => r.status >= 200 && r.status < 300;
  const charged = (path: 'hold' | 'direct', transport?: 'rest' | 'mcp') =>
    count((r) => audit.paths.get(r.requestId) === path && (transport === undefined || r.transport === transport));
  const stopAt = (signal: string) => counters.stops.find((s) => s.signal === signal);
  const inFlightAtStop = (signal: string, predicate: (r: RequestRecord) => boolean) => {
    const stop = stopAt(signal);
    return stop ? count((r) => r.api === stop.api && inFlightAt(r, stop.at) && predicate(r)) : 0;
  };
  return [
    { label: 'requests', count: records.length, floor: Math.min(settings.maxRequests, Math.ceil(10 * seconds)) },
    { label: '2xx answers', count: count(answered), floor: Math.min(settings.maxRequests, Math.ceil(5 * seconds)) },
    { label: '2xx answers from api-a', count: count((r) => answered(r) && r.api === 'api-a'), floor: Math.ceil(seconds) },
    { label: '2xx answers from api-b', count: count((r) => answered(r) && r.api === 'api-b'), floor: Math.ceil(seconds) },
    { label: 'MCP 2xx answers from api-a', count: count((r) => answered(r) && r.transport === 'mcp' && r.api === 'api-a'), floor: Math.ceil(seconds / 3) },
    { label: 'MCP 2xx answers from api-b', count: count((r) => answered(r) && r.transport === 'mcp' && r.api === 'api-b'), floor: Math.ceil(seconds / 3) },
    ...FAMILIES.map((family) => ({
      label: `2xx answers, ${family}`,
      count: count((r) => answered(r) && r.family === family),
      floor: Math.ceil(seconds / 6),
    })),
    { label: 'charges that posted a hold, REST', count: charged('hold', 'rest'), floor: Math.ceil(seconds) },
    { label: 'charges that posted a hold, MCP', count: charged('hold', 'mcp'), floor: Math.ceil(seconds / 3) },
    { label: 'direct charges (readsOnly, from cache)', count: charged('direct'), floor: Math.ceil(seconds / 6) },
    { label: 'hold-path calls in flight at the kill -9', count: inFlightAtStop('SIGKILL', holdPath), floor: 1 },
    { label: 'hold-path calls in flight at the SIGTERM', count: inFlightAtStop('SIGTERM', holdPath), floor: 1 },
    {
      label: 'MCP calls in flight at the kill -9 or the SIGTERM',
      count: inFlightAtStop('SIGKILL', (r) => r.transport === 'mcp') + inFlightAtStop('SIGTERM', (r) => r.transport === 'mcp'),
      floor: 1,
    },
    {
      label: 'hold-path calls in flight at the terminations',
      count: counters.terminatedAt.reduce((sum, at) => sum + count((r) => holdPath(r) && inFlightAt(r, at)), 0),
      floor: Math.floor(seconds / 2),
    },
    { label: 'connections terminated', count: counters.terminated, floor: Math.floor(seconds / 4) },
    { label: 'termination rounds that found connections', count: counters.terminationRounds, floor: Math.floor(seconds / 6) },
    { label: 'kill -9 (found alive, restarted ready)', count: counters.kills, floor: 1 },
    { label: 'SIGTERM (drained to exit 0, restarted ready)', count: counters.sigterms, floor: 1 },
    { label: 'fault switches', count: counters.faultSwitches, floor: Math.floor(seconds / 6) },
    { label: 'charged answers lost to the kill -9', count: audit.lostInCrash.length, ceiling: LOST_IN_CRASH_PER_KILL * Math.max(1, counters.kills) },
  ];
}

export function floorViolations(floors: Floor[]): Violation[] {
  const violations: Violation[] = [];
  for (const f of floors) {
    if (f.floor !== undefined && f.count < f.floor) violations.push({ rule: 'floors', detail: `${f.label}: ${f.count}, below its floor of ${f.floor}` });
    if (f.ceiling !== undefined && f.count > f.ceiling)
      violations.push({ rule: 'floors', detail: `${f.label}: ${f.count}, above its ceiling of ${f.ceiling}` });
  }
  return violations;
}
