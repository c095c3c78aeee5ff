import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SANDBOX_KEYS, startSandbox, type RunningSandbox } from '@scout/sandbox';
import { HttpUpstreamSource } from '../../http-upstream-source';
import type { UpstreamSource } from '../../upstream.types';
import { LaunchpadClient } from './launchpad.client';
import { launchpadProbes } from './launchpad.probes';

/** Every endpoint label LaunchpadClient's calls carry, read from its source (per-coin routes are built from a list). */
function clientLabels(): string[] {
  const text = readFileSync(join(__dirname, 'launchpad.client.ts'), 'utf8');
  const labels = new Set([...text.matchAll(/endpoint: '(launchpad:[^']+)'/g)].map((m) => m[1]));
  for (const m of text.matchAll(/this\.perToken\(\s*\w+,\s*'(\w+)'/g)) labels.add(`launchpad:/api/tokens/{mint}/${m[1]}`);
  return [...labels].sort();
}

describe('launchpadProbes', () => {
  let sandbox: RunningSandbox;
  let source: HttpUpstreamSource;
  let probes: ReturnType<typeof launchpadProbes>;
  const asked = new Set<string>();

  beforeAll(async () => {
    sandbox = await startSandbox();
    source = new HttpUpstreamSource({
      name: 'launchpad',
      baseUrl: sandbox.urls.launchpad,
      keys: [SANDBOX_KEYS.launchpad],
      keyPlacement: { kind: 'header', header: 'x-api-key' },
      timeoutMs: 10_000,
      retries: 0,
    });
    const recording: UpstreamSource = {
      name: source.name,
      request: (call, parse) => {
        asked.add(call.endpoint);
        return source.request(call, parse);
      },
    };
    probes = launchpadProbes(new LaunchpadClient(recording, sandbox.urls.launchpad));
  });

  afterAll(async () => {
    await source?.close();
    await sandbox?.close();
  });

  it('has one probe per endpoint label the client uses, and no other', () => {
    expect(clientLabels()).toHaveLength(14);
    expect(probes.map((p) => p.endpoint).sort()).toEqual(clientLabels());
    expect(new Set(probes.map((p) => p.provider))).toEqual(new Set(['launchpad']));
  });

  it('every probe resolves against the sandbox, and each calls the endpoint it names', async () => {
    const outcomes: string[] = [];
    for (const p of probes) {
      asked.clear();
      outcomes.push(
        await p.run().then(
          () => (asked.has(p.endpoint) ? `${p.endpoint} ok` : `${p.endpoint} never called`),
          (e: unknown) => `${p.endpoint} ${String(e)}`,
        ),
      );
    }
    expect(outcomes).toEqual(probes.map((p) => `${p.endpoint} ok`));
  });
});
