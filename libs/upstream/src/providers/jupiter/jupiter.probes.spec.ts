import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SANDBOX_KEYS, startSandbox, type RunningSandbox } from '@scout/sandbox';
import { HttpUpstreamSource } from '../../http-upstream-source';
import { JupiterClient } from './jupiter.client';
import { jupiterProbes } from './jupiter.probes';

/** Every endpoint label JupiterClient's calls carry, read from its source. */
function clientLabels(): string[] {
  const text = readFileSync(join(__dirname, 'jupiter.client.ts'), 'utf8');
  return [...new Set([...text.matchAll(/endpoint: '(jupiter:[^']+)'/g)].map((m) => m[1]))].sort();
}

describe('jupiterProbes', () => {
  let sandbox: RunningSandbox;
  let source: HttpUpstreamSource;
  let probes: ReturnType<typeof jupiterProbes>;

  beforeAll(async () => {
    sandbox = await startSandbox();
    source = new HttpUpstreamSource({
      name: 'jupiter',
      baseUrl: sandbox.urls.jupiter,
      keys: [SANDBOX_KEYS.jupiter],
      keyPlacement: { kind: 'header', header: 'x-api-key' },
      timeoutMs: 10_000,
      retries: 0,
    });
    probes = jupiterProbes(new JupiterClient(source));
  });

  afterAll(async () => {
    await source?.close();
    await sandbox?.close();
  });

  it('has one probe per endpoint label the client uses, and no other', () => {
    expect(clientLabels()).toEqual(['jupiter:/price/v3', 'jupiter:/swap/v1/quote', 'jupiter:/tokens/v2/search']);
    expect(probes.map((p) => p.endpoint).sort()).toEqual(clientLabels());
    expect(new Set(probes.map((p) => p.provider))).toEqual(new Set(['jupiter']));
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
