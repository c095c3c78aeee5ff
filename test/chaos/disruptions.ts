import type { Client } from 'pg';
import type { Cluster } from './cluster';
import type { CallInFlight } from './load';

export interface ChaosCounters {
  /** Database connections of the API processes terminated with pg_terminate_backend. */
  terminated: number;
  /** Rounds of termination that found at least one API connection to terminate. */
  terminationRounds: number;
  /** When each of those rounds ran (epoch ms, just before it). */
  terminatedAt: number[];
  /** kill -9s that found the process alive (it ended by the signal) and whose restart came up ready. */
  kills: number;
  /** SIGTERMs whose process drained and exited 0, and whose restart came up ready. */
  sigterms: number;
  faultSwitches: number;
  /** When each API process was signalled (epoch ms). */
  stops: Array<{ api: string; signal: string; at: number }>;
  /** Disruptions that could not be applied (they do not fail the run, they are reported). */
  errors: string[];
}

/** Sandbox fault sets switched in turn: nothing, latency, 5xx, timeouts, and a mix. */
const FAULT_SETS: object[][] = [
  [],
  [{ provider: '*', latencyMs: 800 }],
  [{ provider: 'defillama', status: 503 }],
  [
    { provider: 'jupiter', timeout: true },
    { provider: 'alchemy', status: 500 },
  ],
  [],
  [
    { provider: '*', latencyMs: 300 },
    { provider: 'defillama', route: '/coins', timeout: true },
  ],
  [
    { provider: 'alchemy', timeout: true },
    { provider: 'defillama', status: 502, times: 200 },
  ],
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function setFaults(sandboxUrl: string, rules: object[]): Promise<void> {
  await fetch(`${sandboxUrl}/__control/faults`, { method: 'DELETE', signal: AbortSignal.timeout(2000) });
  if (rules.length === 0) return;
  const res = await fetch(`${sandboxUrl}/__control/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(rules),
    signal: AbortSignal.timeout(2000),
  });
  if (res.status !== 201) throw new Error(`sandbox refused faults: ${res.status} ${await res.text()}`);
}

/** Runs `step` every `everyMs` until `endAt`; a failing step is counted, never fatal. */
async function every(everyMs: number, endAt: number, counters: ChaosCounters, step: () => Promise<void>): Promise<void> {
  while (Date.now() + everyMs < endAt) {
    await sleep(everyMs);
    await step().catch((error: unknown) => counters.errors.push(error instanceof Error ? error.message : String(error)));
  }
}

/**
 * The disruptions, all bounded by the load's duration: faults switched every 3 s, the APIs'
 * database connections terminated every 2 s, a SIGKILL of api-a at 30 % and a SIGTERM of api-b at
 * 60 % of the run, each restarted. Faults are cleared at the end so the restarts and the audit run clean.
 */
/**
 * Waits (at most `withinMs`) until `api` has a hold-path call and an MCP call on their way, so a
 * stop strikes calls in flight: the load's APIs all lose readiness for a moment after each round of
 * terminations, and a signal sent in such a gap would find nothing to interrupt (the floors would
 * then fail a run that proved nothing). Resolves to whether it found them.
 */
async function whenCallsInFlight(inFlight: Set<CallInFlight>, api: string, withinMs: number): Promise<boolean> {
  const until = Date.now() + withinMs;
  for (;;) {
    const calls = [...inFlight].filter((c) => c.api === api);
    if (calls.some((c) => c.holdPath) && calls.some((c) => c.transport === 'mcp')) return true;
    if (Date.now() >= until) return false;
    await sleep(5);
  }
}

export async function runChaos(cluster: Cluster, db: Client, durationMs: number, counters: ChaosCounters, inFlight: Set<CallInFlight>): Promise<void> {
  const endAt = Date.now() + durationMs;
  let faultIndex = 0;
  const faults = every(3000, endAt, counters, async () => {
    faultIndex = (faultIndex + 1) % FAULT_SETS.length;
    await setFaults(cluster.sandboxUrl, FAULT_SETS[faultIndex]);
    counters.faultSwitches += 1;
  });
  const terminator = every(2000, endAt, counters, async () => {
    const at = Date.now();
    const terminated = await cluster.terminateApiConnections(db);
    counters.terminated += terminated;
    if (terminated > 0) {
      counters.terminationRounds += 1;
      counters.terminatedAt.push(at);
    }
  });
  const [apiA, apiB] = cluster.apis;
  // Each stop counts once it is known to have happened: the process ended by that signal (a
  // SIGKILL leaves no exit code; a drain exits 0) and the restarted one answered /readyz.
  const kill = (async () => {
    await sleep(durationMs * 0.3);
    if (!(await whenCallsInFlight(inFlight, apiA.name, 5000)))
      counters.errors.push(`no hold-path and MCP calls in flight on ${apiA.name} within 5 s of its kill -9`);
    counters.stops.push({ api: apiA.name, signal: 'SIGKILL', at: Date.now() });
    await cluster.restart(apiA, 'SIGKILL', 1000);
    if (apiA.exits.at(-1) === null) counters.kills += 1;
  })();
  const drain = (async () => {
    await sleep(durationMs * 0.6);
    if (!(await whenCallsInFlight(inFlight, apiB.name, 5000)))
      counters.errors.push(`no hold-path and MCP calls in flight on ${apiB.name} within 5 s of its SIGTERM`);
    counters.stops.push({ api: apiB.name, signal: 'SIGTERM', at: Date.now() });
    await cluster.restart(apiB, 'SIGTERM', 1000);
    if (apiB.exits.at(-1) === 0) counters.sigterms += 1;
  })();
  const outcomes = await Promise.allSettled([faults, terminator, kill, drain]);
  for (const outcome of outcomes) {
    if (outcome.status === 'rejected') counters.errors.push(String(outcome.reason));
  }
  await setFaults(cluster.sandboxUrl, []).catch((error: unknown) => counters.errors.push(String(error)));
}
