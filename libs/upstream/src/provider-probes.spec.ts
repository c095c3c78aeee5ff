import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CallMeter, RequestContext, type ToolContext, type ToolName } from '@scout/core';
import { SANDBOX_KEYS, startSandbox, type RunningSandbox } from '@scout/sandbox';
import { allProviderProbes } from './provider-check';
import { standaloneProviderClients } from './provider-clients';
import type { ProviderProbe } from './provider-probe';
import { sandboxEndpoints } from './upstream-endpoints';

/*
 * The drift check's probes (`<provider>.probes.ts`): one per endpoint label each client's calls
 * carry, read here from the clients' source, and each resolving against the sandbox through the
 * same client set the check uses, having called the endpoint it names.
 */

/** The quoted `endpoint: '<provider>:…'` labels of a provider folder's files, and what `more` finds besides. */
function labelsIn(provider: string, files: string[], more: (text: string) => string[] = () => []): string[] {
  const labels = new Set<string>();
  for (const file of files) {
    const text = readFileSync(join(__dirname, 'providers', provider, file), 'utf8');
    for (const m of text.matchAll(new RegExp(`endpoint: '(${provider}:[^']+)'`, 'g'))) labels.add(m[1]);
    for (const label of more(text)) labels.add(label);
  }
  return [...labels].sort();
}

/** Per provider: the labels its clients use, and what the probe list must cover of them. */
const CLIENT_LABELS: Record<string, () => string[]> = {
  // JSON-RPC calls are labelled `alchemy:${method}` by rpcCall.
  alchemy: () =>
    labelsIn('alchemy', ['token-data.client.ts', 'wallet-data.client.ts'], (text) =>
      [...text.matchAll(/rpcCall\(\s*[^,]+,\s*[^,]+,\s*'([\w]+)'/g)].map((m) => `alchemy:${m[1]}`),
    ),
  dexscreener: () => labelsIn('dexscreener', ['dexscreener.client.ts']),
  // The social pair is one templated label; the alert stream's path is a constant of its own.
  fomo: () =>
    labelsIn('fomo', ['fomo.client.ts', 'fomo-token.client.ts', 'fomo-alert-stream.ts'], (text) => [
      ...[...text.matchAll(/endpoint: `(fomo:[^`]+)`/g)].flatMap((m) => ['following', 'followers'].map((d) => m[1].replace('${direction}', d))),
      ...[...text.matchAll(/FOMO_ALERT_STREAM_PATH = '([^']+)'/g)].map((m) => `fomo:${m[1]}`),
    ]),
  jupiter: () => labelsIn('jupiter', ['jupiter.client.ts']),
  // Per-coin routes are built from a list.
  launchpad: () =>
    labelsIn('launchpad', ['launchpad.client.ts'], (text) =>
      [...text.matchAll(/this\.perToken\(\s*\w+,\s*'(\w+)'/g)].map((m) => `launchpad:/api/tokens/{mint}/${m[1]}`),
    ),
  'solana-tracker': () => labelsIn('solana-tracker', ['solana-tracker.client.ts']),
};

/** DefiLlama's overview labels are built from kind, chain and dataType: each form the tools ask. */
const DEFILLAMA_OVERVIEWS = [
  'defillama:/overview/dexs',
  'defillama:/overview/dexs/{chain}',
  'defillama:/overview/fees/{chain}?dataType=dailyFees',
  'defillama:/overview/fees/{chain}?dataType=dailyRevenue',
  'defillama:/overview/fees?dataType=dailyFees',
  'defillama:/overview/fees?dataType=dailyRevenue',
  'defillama:/overview/open-interest',
];

const STREAM = 'fomo:/ws/alerts';

/** A context whose meter records the endpoints a probe reached (live or cached), with a deadline far past the sources' own timeouts. */
function probeContext(): ToolContext {
  return { tool: 'providers_check' as ToolName, requestId: 'probe', caller: null, meter: new CallMeter(), deadlineAt: Date.now() + 60_000 };
}

describe('the drift check probes', () => {
  let sandbox: RunningSandbox;
  let close: () => Promise<void>;
  let probes: ProviderProbe[];
  const endpointsOf = (provider: string) =>
    probes
      .filter((p) => p.provider === provider)
      .map((p) => p.endpoint)
      .sort();

  beforeAll(async () => {
    sandbox = await startSandbox();
    const standalone = standaloneProviderClients(sandboxEndpoints({ urls: sandbox.urls, keys: SANDBOX_KEYS }), { timeoutMs: 10_000, retries: 0 });
    close = standalone.close;
    probes = allProviderProbes(standalone.clients);
  });

  afterAll(async () => {
    await close?.();
    await sandbox?.close();
  });

  it.each([
    ['alchemy', 7],
    ['dexscreener', 1],
    ['fomo', 25],
    ['jupiter', 3],
    ['launchpad', 14],
    ['solana-tracker', 8],
  ])('%s: one probe per endpoint label its clients use (%i), and no other', (provider, count) => {
    expect(CLIENT_LABELS[provider]()).toHaveLength(count);
    expect(endpointsOf(provider)).toEqual(CLIENT_LABELS[provider]());
  });

  it('jupiter and dexscreener: the labels are the known ones', () => {
    expect(CLIENT_LABELS.jupiter()).toEqual(['jupiter:/price/v3', 'jupiter:/swap/v1/quote', 'jupiter:/tokens/v2/search']);
    expect(CLIENT_LABELS.dexscreener()).toEqual(['dexscreener:/tokens/v1']);
  });

  it('defillama: every fixed label of the client, and each overview form the tools ask', () => {
    const labels = endpointsOf('defillama');
    expect(labelsIn('defillama', ['defillama.client.ts']).filter((label) => !labels.includes(label))).toEqual([]);
    expect(labels.filter((l) => l.startsWith('defillama:/overview/'))).toEqual(DEFILLAMA_OVERVIEWS);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('every probe resolves against the sandbox, and each reached the endpoint it names', async () => {
    // One at a time, as the live check runs them; each in a context whose meter says what it reached.
    const outcomes: string[] = [];
    for (const probe of probes) {
      const context = probeContext();
      outcomes.push(
        await RequestContext.run(context, () => probe.run()).then(
          () =>
            // The alert stream is a WebSocket, not a metered source call: resolving is its proof.
            probe.endpoint === STREAM || context.meter.endpoints.includes(probe.endpoint)
              ? `${probe.endpoint} ok`
              : `${probe.endpoint} reached ${context.meter.endpoints.join(', ')}`,
          (e: unknown) => `${probe.endpoint} ${String(e)}`,
        ),
      );
    }
    expect(outcomes).toEqual(probes.map((p) => `${p.endpoint} ok`));
  }, 120_000);
});
