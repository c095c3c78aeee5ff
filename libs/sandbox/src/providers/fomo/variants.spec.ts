import { createFomoClients, fomoProbes, HttpUpstreamSource, type FomoClients } from '@scout/upstream';
import { SANDBOX_KEYS, startSandbox, type RunningSandbox } from '../../server';

const NOW = Date.parse('2026-11-20T12:00:00.000Z');

/** FOMO's variants with every answer rewritten (rate 1): every endpoint still reads, and the display fields come back null or absent. */
describe('FOMO variants', () => {
  let sandbox: RunningSandbox;
  let source: HttpUpstreamSource | undefined;
  let clients: FomoClients;

  beforeAll(async () => {
    sandbox = await startSandbox({ now: () => NOW, variants: { rate: 1, seed: 9 } });
    clients = createFomoClients((options) => (source = new HttpUpstreamSource(options)), {
      baseUrl: sandbox.urls.fomo,
      keys: [SANDBOX_KEYS.fomo],
      timeoutMs: 10_000,
      retries: 0,
    });
  });

  afterAll(async () => {
    await source?.close();
    await sandbox?.close();
  });

  it('every endpoint reads the rewritten answers', async () => {
    const outcomes: string[] = [];
    for (const probe of fomoProbes(clients)) {
      outcomes.push(
        await probe.run().then(
          () => `${probe.endpoint} ok`,
          (e: unknown) => `${probe.endpoint} ${String(e)}`,
        ),
      );
    }
    expect(outcomes.filter((o) => !o.endsWith(' ok'))).toEqual([]);
    const served = Object.keys(sandbox.variants.served());
    expect(served.some((name) => name.startsWith('fomo trader.'))).toBe(true);
    expect(served.some((name) => name.startsWith('fomo token.imageUrl'))).toBe(true);
  }, 60_000);

  it('a leaderboard keeps its ranks, handles and figures; only display fields go', async () => {
    const plain = await startSandbox({ now: () => NOW });
    try {
      const read = async (base: string) =>
        (await fetch(`${base}/v2/leaderboard/7d?limit=50`, { headers: { authorization: `Bearer ${SANDBOX_KEYS.fomo}` } })).json();
      const [before, after] = (await Promise.all([read(plain.urls.fomo), read(sandbox.urls.fomo)])) as { traders: Record<string, unknown>[] }[];
      const figures = (rows: Record<string, unknown>[]) => rows.map((r) => [r.rank, r.handle, r.userId, r.pnlUsd, r.verified]);
      expect(figures(after.traders)).toEqual(figures(before.traders));
      const changed = after.traders.filter((r, i) => ['displayName', 'imageUrl', 'twitter', 'clan', 'description'].some((f) => r[f] !== before.traders[i][f]));
      expect(changed.length).toBeGreaterThan(0);
    } finally {
      await plain.close();
    }
  });
});
