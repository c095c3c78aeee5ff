import { DefiLlamaClient, defillamaProbes, HttpUpstreamSource } from '@scout/upstream';
import { startSandbox, type RunningSandbox } from '../../server';

/**
 * DefiLlama's documented variants, every answer rewritten (rate 1): the client reads each of them
 * (every probe, one per endpoint, resolves) and each route meets its variants.
 */
describe('DefiLlama documented variants', () => {
  let sandbox: RunningSandbox;
  const opened: HttpUpstreamSource[] = [];
  let client: DefiLlamaClient;

  beforeAll(async () => {
    sandbox = await startSandbox({ variants: { rate: 1, seed: 5 } });
    const host = (name: string, baseUrl: string) => {
      const source = new HttpUpstreamSource({ name, baseUrl, keys: [], keyPlacement: { kind: 'none' }, timeoutMs: 10_000, retries: 0 });
      opened.push(source);
      return source;
    };
    client = new DefiLlamaClient({
      api: host('defillama-api', sandbox.urls.defillamaApi),
      coins: host('defillama-coins', sandbox.urls.defillamaCoins),
      stablecoins: host('defillama-stablecoins', sandbox.urls.defillamaStablecoins),
      yields: host('defillama-yields', sandbox.urls.defillamaYields),
    });
  });

  afterAll(async () => {
    await Promise.all(opened.map((s) => s.close()));
    await sandbox?.close();
  });

  it('every endpoint still reads, and each route met its variants', async () => {
    const outcomes: string[] = [];
    for (const probe of defillamaProbes(client)) {
      outcomes.push(
        await probe.run().then(
          () => `${probe.endpoint} ok`,
          (e: unknown) => `${probe.endpoint} ${String(e)}`,
        ),
      );
    }
    expect(outcomes.filter((o) => !o.endsWith(' ok'))).toEqual([]);
    const groups = new Set(Object.keys(sandbox.variants.served()).map((name) => name.split(' ')[1].split('.')[0]));
    expect([...groups].sort()).toEqual(['chains', 'hacks', 'overview', 'pools', 'prices', 'protocol', 'protocols', 'stablecoinchains', 'stablecoincharts']);
  }, 60_000);

  it('a protocol without slug reads as the slug its name gives, and the documented totalCirculating as the USD supply', async () => {
    const served = sandbox.variants.served();
    expect(served['defillama protocols.slug absent']).toBeGreaterThan(0);
    const listed = await client.protocols();
    expect(listed.every((p) => typeof p.slug === 'string' && p.slug.length > 0)).toBe(true);
    expect(served['defillama stablecoinchains.totalCirculating for totalCirculatingUSD']).toBeGreaterThan(0);
    const chains = await client.stablecoinChains();
    expect(chains.every((c) => Number.isFinite(c.circulatingUsd))).toBe(true);
  });
});
