import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '@scout/sandbox';
import { HttpUpstreamSource } from '../../http-upstream-source';
import { DexScreenerClient } from './dexscreener.client';
import { dexscreenerProbes } from './dexscreener.probes';

/** Every endpoint label DexScreenerClient's calls carry, read from its source. */
function clientLabels(): string[] {
  const text = readFileSync(join(__dirname, 'dexscreener.client.ts'), 'utf8');
  return [...new Set([...text.matchAll(/endpoint: '(dexscreener:[^']+)'/g)].map((m) => m[1]))].sort();
}

describe('dexscreenerProbes', () => {
  let sandbox: RunningSandbox;
  let source: HttpUpstreamSource;
  let probes: ReturnType<typeof dexscreenerProbes>;

  beforeAll(async () => {
    sandbox = await startSandbox();
    // DexScreener is keyless; the source still wants a key list, and the sandbox ignores it.
    source = new HttpUpstreamSource({
      name: 'dexscreener',
      baseUrl: sandbox.urls.dexscreener,
      keys: [],
      keyPlacement: { kind: 'none' },
      timeoutMs: 10_000,
      retries: 0,
    });
    probes = dexscreenerProbes(new DexScreenerClient(source));
  });

  afterAll(async () => {
    await source?.close();
    await sandbox?.close();
  });

  it('has one probe per endpoint label the client uses, and no other', () => {
    expect(clientLabels()).toEqual(['dexscreener:/tokens/v1']);
    expect(probes.map((p) => p.endpoint).sort()).toEqual(clientLabels());
    expect(new Set(probes.map((p) => p.provider))).toEqual(new Set(['dexscreener']));
  });

  it('every probe resolves against the sandbox', async () => {
    const outcomes = await Promise.all(
      probes.map((p) =>
        p.run().then(
          () => `${p.endpoint} ok`,
          (e: unknown) => `${p.endpoint} ${String(e)}`,
        ),
      ),
    );
    expect(outcomes).toEqual(probes.map((p) => `${p.endpoint} ok`));
  });
});
