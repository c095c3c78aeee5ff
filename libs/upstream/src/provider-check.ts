import type { ProviderClients } from './provider-clients';
import type { ProviderProbe } from './provider-probe';
import { alchemyProbes } from './providers/alchemy';
import { defillamaProbes } from './providers/defillama';
import { dexscreenerProbes } from './providers/dexscreener';
import { fomoAlertStreamProbe, fomoProbes } from './providers/fomo';
import { jupiterProbes } from './providers/jupiter';
import { launchpadProbes } from './providers/launchpad';
import { solanaTrackerProbes } from './providers/solana-tracker';
import { UpstreamError } from './upstream.types';

/*
 * The live drift check (`npm run providers:check`): one cheap real call per endpoint through the
 * clients the tools use, each answer read by Scout's own schema. It touches no ledger and no account.
 */

/**
 * - ok: the provider answered and Scout's schema read it.
 * - drift: the provider answered something Scout's schema refuses (the JSON path says where).
 * - refused: the provider answered with a refusal (a key it does not take, a plan, a 4xx).
 * - unreachable: no answer (network, timeout, 5xx, an open breaker, or no host configured).
 */
export type ProbeOutcome = 'ok' | 'drift' | 'refused' | 'unreachable';

export interface ProbeResult {
  provider: string;
  endpoint: string;
  asks: string;
  outcome: ProbeOutcome;
  /** For drift the JSON path and problem; otherwise what the failure said. Empty when ok. */
  detail: string;
  ms: number;
}

/** Every endpoint of every client, in one list. */
export function allProviderProbes(clients: ProviderClients): ProviderProbe[] {
  return [
    ...defillamaProbes(clients.defillama),
    ...jupiterProbes(clients.jupiter),
    ...alchemyProbes(clients.tokenData),
    ...fomoProbes(clients.fomo),
    fomoAlertStreamProbe(clients.fomoAlertStream),
    ...dexscreenerProbes(clients.dexscreener),
    ...solanaTrackerProbes(clients.tokenAnalytics),
    ...launchpadProbes(clients.launchpad),
  ];
}

const UNREACHABLE: ReadonlySet<UpstreamError['failure']> = new Set(['timeout', 'network', 'circuit_open', 'unconfigured', 'pending']);

/** What one failed probe says about its endpoint. */
export function outcomeOf(error: unknown): { outcome: Exclude<ProbeOutcome, 'ok'>; detail: string } {
  if (error instanceof UpstreamError) {
    if (error.failure === 'malformed') return { outcome: 'drift', detail: error.detail.replace(/^.*?malformed payload: /, '') };
    if (UNREACHABLE.has(error.failure)) return { outcome: 'unreachable', detail: error.detail };
    const status = error.upstreamStatus;
    if (error.failure === 'http' && (status === null || status >= 500)) return { outcome: 'unreachable', detail: error.detail };
    return { outcome: 'refused', detail: error.detail };
  }
  // A client that crashes on what it was sent has met a payload its schema let through wrongly.
  if (error instanceof TypeError) return { outcome: 'drift', detail: `the client could not read the answer: ${error.message}` };
  return { outcome: 'refused', detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
}

/** Runs the probes a few at a time (a provider's rate limit is never the thing measured). */
export async function runProbes(probes: ProviderProbe[], concurrency = 4): Promise<ProbeResult[]> {
  const results = new Array<ProbeResult>(probes.length);
  let next = 0;
  const worker = async () => {
    while (next < probes.length) {
      const index = next++;
      const probe = probes[index];
      const startedAt = Date.now();
      const base = { provider: probe.provider, endpoint: probe.endpoint, asks: probe.asks };
      try {
        await probe.run();
        results[index] = { ...base, outcome: 'ok', detail: '', ms: Date.now() - startedAt };
      } catch (error) {
        results[index] = { ...base, ...outcomeOf(error), ms: Date.now() - startedAt };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, probes.length) }, worker));
  return results;
}

/** The table an operator reads: one row per endpoint, then the counts. */
export function formatProbeTable(results: ProbeResult[]): string {
  const header = ['outcome', 'endpoint', 'asks', 'ms', 'detail'];
  const rows = results.map((r) => [r.outcome, r.endpoint, r.asks, String(r.ms), r.detail.slice(0, 160)]);
  const widths = header.slice(0, 4).map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i < 4 ? cell.padEnd(widths[i]) : cell))
      .join('  ')
      .trimEnd();
  const counts = (['ok', 'drift', 'refused', 'unreachable'] as const).map((o) => `${results.filter((r) => r.outcome === o).length} ${o}`);
  return [line(header), ...rows.map(line), '', `${results.length} endpoints: ${counts.join(', ')}`].join('\n');
}
