import type { Violation } from './audit';
import type { ChaosCounters } from './disruptions';
import type { RequestRecord } from './load';

/** One thing the run must have done, how often it did it, and the least that counts as done. */
export interface Floor {
  label: string;
  count: number;
  floor: number;
}

/**
 * What a run must have done for its "passed" to mean anything: a load that was answered, on both
 * API processes, and every disruption applied. A run whose clients got nothing through, whose
 * terminations found no connection or whose kill -9 hit a process already gone audits an empty
 * ledger cleanly; these floors make it fail instead. They grow with the load's duration and sit
 * far below what this 2-core machine reaches under load (about 100 requests a second, 85% of them
 * 2xx, several connections per termination round), so only a run where the thing did not happen
 * falls under them.
 */
export function floorsOf(records: RequestRecord[], counters: ChaosCounters, settings: { durationMs: number; maxRequests: number }): Floor[] {
  const seconds = settings.durationMs / 1000;
  const answered = (api?: string) => records.filter((r) => r.status >= 200 && r.status < 300 && (api === undefined || r.api === api)).length;
  return [
    { label: 'requests', count: records.length, floor: Math.min(settings.maxRequests, Math.ceil(10 * seconds)) },
    { label: '2xx answers', count: answered(), floor: Math.min(settings.maxRequests, Math.ceil(5 * seconds)) },
    { label: '2xx answers from api-a', count: answered('api-a'), floor: Math.ceil(seconds) },
    { label: '2xx answers from api-b', count: answered('api-b'), floor: Math.ceil(seconds) },
    { label: 'connections terminated', count: counters.terminated, floor: Math.floor(seconds / 4) },
    { label: 'termination rounds that found connections', count: counters.terminationRounds, floor: Math.floor(seconds / 6) },
    { label: 'kill -9 (found alive, restarted ready)', count: counters.kills, floor: 1 },
    { label: 'SIGTERM (drained to exit 0, restarted ready)', count: counters.sigterms, floor: 1 },
    { label: 'fault switches', count: counters.faultSwitches, floor: Math.floor(seconds / 6) },
  ];
}

export function floorViolations(floors: Floor[]): Violation[] {
  return floors.filter((f) => f.count < f.floor).map((f) => ({ rule: 'floors', detail: `${f.label}: ${f.count}, below its floor of ${f.floor}` }));
}
