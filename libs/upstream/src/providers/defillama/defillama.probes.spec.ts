import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '@scout/sandbox';
import { HttpUpstreamSource } from '../../http-upstream-source';
import type { UpstreamCall, UpstreamSource } from '../../upstream.types';
import { DefiLlamaClient } from './defillama.client';
import { defillamaProbes } from './defillama.probes';

/** Every fixed endpoint label DefiLlamaClient's calls carry, read from its source (the overviews' labels are built). */
function fixedClientLabels(): string[] {
  const text = readFileSync(join(__dirname, 'defillama.client.ts'), 'utf8');
  return [...new Set([...text.matchAll(/endpoint: '(defillama:[^']+)'/g)].map((m) => m[1]))].sort();
}

describe('defillamaProbes', () => {
  let sandbox: RunningSandbox;
  const opened: HttpUpstreamSource[] = [];
  const sent: string[] = [];
  let probes: ReturnType<typeof defillamaProbes>;

  beforeAll(async () => {
    sandbox = await startSandbox();
    // Each source records the label of every call, so a probe's label is checked against what the client sent.
    const host = (name: string, baseUrl: string): UpstreamSource => {
      const source = new HttpUpstreamSource({ name, baseUrl, keys: [], keyPlacement: { kind: 'none' }, timeoutMs: 10_000, retries: 0 });
      opened.push(source);
      return {
        name,
        request<T>(call: UpstreamCall, parse: (raw: unknown) => T) {
          sent.push(call.endpoint);
          return source.request(call, parse);
        },
      };
    };
    const client = new DefiLlamaClient({
      api: host('defillama-api', sandbox.urls.defillamaApi),
      coins: host('defillama-coins', sandbox.urls.defillamaCoins),
      stablecoins: host('defillama-stablecoins', sandbox.urls.defillamaStablecoins),
      yields: host('defillama-yields', sandbox.urls.defillamaYields),
    });
    probes = defillamaProbes(client);
  });

  afterAll(async () => {
    await Promise.all(opened.map((s) => s.close()));
    await sandbox?.close();
  });

  it('covers every fixed endpoint label of the client, and each overview form the tools ask', () => {
    const labels = probes.map((p) => p.endpoint);
    expect(fixedClientLabels().filter((label) => !labels.includes(label))).toEqual([]);
    expect(labels.filter((l) => l.startsWith('defillama:/overview/')).sort()).toEqual([
      'defillama:/overview/dexs',
      'defillama:/overview/dexs/{chain}',
      'defillama:/overview/fees/{chain}?dataType=dailyFees',
      'defillama:/overview/fees/{chain}?dataType=dailyRevenue',
      'defillama:/overview/fees?dataType=dailyFees',
      'defillama:/overview/fees?dataType=dailyRevenue',
      'defillama:/overview/open-interest',
    ]);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('every probe resolves against the sandbox, and each sent the label it names', async () => {
    const outcomes: string[] = [];
    for (const p of probes) {
      sent.length = 0;
      outcomes.push(
        await p.run().then(
          () => `${p.endpoint} ok${sent.includes(p.endpoint) ? '' : ` but sent ${sent.join(', ')}`}`,
          (e: unknown) => `${p.endpoint} ${String(e)}`,
        ),
      );
    }
    expect(outcomes).toEqual(probes.map((p) => `${p.endpoint} ok`));
  }, 60_000);
});
