import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SANDBOX_KEYS, startSandbox, type RunningSandbox } from '@scout/sandbox';
import { HttpUpstreamSource } from '../../http-upstream-source';
import { FomoClient } from './fomo.client';
import { FomoTokenClient } from './fomo-token.client';
import { fomoProbes } from './fomo.probes';
import { fomoSourceOptions } from './fomo.source';

/** Every endpoint label the two FOMO clients' calls carry, read from their source (the social pair is templated). */
function clientLabels(): string[] {
  const labels = new Set<string>();
  for (const file of ['fomo.client.ts', 'fomo-token.client.ts']) {
    const text = readFileSync(join(__dirname, file), 'utf8');
    for (const m of text.matchAll(/endpoint: ['`](fomo:[^'`]+)['`]/g)) {
      if (m[1].includes('${direction}')) {
        for (const d of ['following', 'followers']) labels.add(m[1].replace('${direction}', d));
      } else labels.add(m[1]);
    }
  }
  return [...labels].sort();
}

describe('fomoProbes', () => {
  let sandbox: RunningSandbox;
  let source: HttpUpstreamSource;
  let probes: ReturnType<typeof fomoProbes>;

  beforeAll(async () => {
    sandbox = await startSandbox();
    source = new HttpUpstreamSource(fomoSourceOptions({ baseUrl: sandbox.urls.fomo, keys: [SANDBOX_KEYS.fomo], timeoutMs: 10_000, retries: 0 }));
    probes = fomoProbes({ traders: new FomoClient(source), tokens: new FomoTokenClient(source) });
  });

  afterAll(async () => {
    await source?.close();
    await sandbox?.close();
  });

  it('has one probe per endpoint label the clients use, and no other', () => {
    expect(clientLabels()).toHaveLength(24);
    expect(probes.map((p) => p.endpoint).sort()).toEqual(clientLabels());
    expect(new Set(probes.map((p) => p.provider))).toEqual(new Set(['fomo']));
  });

  it('every probe resolves against the sandbox', async () => {
    // Sequential and outside any tool's request context, as the live check (provider-check.ts) runs them.
    const outcomes: string[] = [];
    for (const p of probes) {
      outcomes.push(
        await p.run().then(
          () => `${p.endpoint} ok`,
          (e: unknown) => `${p.endpoint} ${String(e)}`,
        ),
      );
    }
    expect(outcomes).toEqual(probes.map((p) => `${p.endpoint} ok`));
  }, 60_000);
});
