import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SANDBOX_KEYS, startSandbox, type RunningSandbox } from '@scout/sandbox';
import { HttpUpstreamSource } from '../../http-upstream-source';
import { SolanaTrackerClient } from './solana-tracker.client';
import { solanaTrackerProbes } from './solana-tracker.probes';

/** Every endpoint label SolanaTrackerClient's calls carry, read from its source. */
function clientLabels(): string[] {
  const text = readFileSync(join(__dirname, 'solana-tracker.client.ts'), 'utf8');
  return [...new Set([...text.matchAll(/endpoint: '(solana-tracker:[^']+)'/g)].map((m) => m[1]))].sort();
}

describe('solanaTrackerProbes', () => {
  let sandbox: RunningSandbox;
  let source: HttpUpstreamSource;
  let probes: ReturnType<typeof solanaTrackerProbes>;

  beforeAll(async () => {
    sandbox = await startSandbox();
    source = new HttpUpstreamSource({
      name: 'token-analytics',
      baseUrl: sandbox.urls.solanaTracker,
      keys: [SANDBOX_KEYS.solanaTracker],
      keyPlacement: { kind: 'header', header: 'x-api-key' },
      timeoutMs: 10_000,
      retries: 0,
    });
    probes = solanaTrackerProbes(new SolanaTrackerClient(source));
  });

  afterAll(async () => {
    await source?.close();
    await sandbox?.close();
  });

  it('has one probe per endpoint label the client uses, and no other', () => {
    expect(clientLabels()).toHaveLength(8);
    expect(probes.map((p) => p.endpoint).sort()).toEqual(clientLabels());
    expect(new Set(probes.map((p) => p.provider))).toEqual(new Set(['solana-tracker']));
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
