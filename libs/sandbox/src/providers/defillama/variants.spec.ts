import { DefiLlamaClient, defillamaProbes, HttpUpstreamSource } from '@scout/upstream';
import { FIXTURES } from '../../market';
import { startSandbox, type RunningSandbox } from '../../server';
import type { VariantContext } from '../../variants';
import { defillamaVariants } from './variants';

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
    expect([...groups].sort()).toEqual([
      'chains',
      'hacks',
      'overview',
      'pools',
      'prices',
      'protocol',
      'protocols',
      'stablecoinchains',
      'stablecoincharts',
      'stablecoins',
    ]);
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

/**
 * Each variant the writer lists, forced one by one on the sandbox's plain answers (rate 0), and
 * every rewritten body read by the client's own schema and parser.
 */
describe('DefiLlama variants, each one forced', () => {
  let sandbox: RunningSandbox;

  beforeAll(async () => {
    sandbox = await startSandbox();
  });

  afterAll(async () => {
    await sandbox?.close();
  });

  /** A context that takes every chance and picks the options in turn. */
  function forcing(route: string, served: Set<string>): VariantContext {
    let turn = 0;
    return {
      provider: 'defillama',
      route,
      method: 'GET',
      chance: () => true,
      pick: <T>(options: readonly T[]) => options[turn++ % options.length],
      served: (name) => served.add(name),
    };
  }

  /** A client whose every host answers `body` through the client's own parser. */
  function reading(body: unknown): DefiLlamaClient {
    const source = { name: 'defillama', request: async <T>(_call: unknown, parse: (raw: unknown) => T) => parse(body) };
    return new DefiLlamaClient({ api: source, coins: source, stablecoins: source, yields: source });
  }

  const usdc = `ethereum:${FIXTURES.ethereumUsdc}`;
  const cases: Array<[string, string, string, (c: DefiLlamaClient) => Promise<unknown>]> = [
    ['/api/protocols', 'defillamaApi', '/protocols', (c) => c.protocols()],
    ['/api/protocol/aave-v3', 'defillamaApi', '/protocol/aave-v3', (c) => c.protocol('aave-v3')],
    ['/api/v2/chains', 'defillamaApi', '/v2/chains', (c) => c.chains()],
    ['/api/hacks', 'defillamaApi', '/hacks', (c) => c.hacks()],
    ['/api/overview/dexs', 'defillamaApi', '/overview/dexs?excludeTotalDataChart=true', (c) => c.overview('dexs')],
    ['/stablecoins/stablecoins', 'defillamaStablecoins', '/stablecoins?includePrices=true', (c) => c.stablecoins()],
    ['/stablecoins/stablecoinchains', 'defillamaStablecoins', '/stablecoinchains', (c) => c.stablecoinChains()],
    ['/stablecoins/stablecoincharts/all', 'defillamaStablecoins', '/stablecoincharts/all', (c) => c.stablecoinCharts()],
    ['/yields/pools', 'defillamaYields', '/pools', (c) => c.yieldPools()],
    ['/coins/prices/current/x', 'defillamaCoins', `/prices/current/${usdc}`, (c) => c.pricesCurrent([usdc])],
  ];

  it('produces every listed variant, and the client reads each rewritten answer', async () => {
    const served = new Set<string>();
    const failures: string[] = [];
    for (const [route, host, path, read] of cases) {
      const url = `${(sandbox.urls as Record<string, string>)[host]}${path}`;
      const plain = await (await fetch(url)).json();
      const ctx = forcing(route, served);
      for (let round = 0; round < 10; round++) {
        const body = defillamaVariants(ctx, structuredClone(plain));
        await read(reading(body)).catch((e: unknown) => failures.push(`${route} round ${round}: ${String(e)}`));
      }
    }
    expect(failures).toEqual([]);
    const expected = [
      'protocols.slug absent',
      ...[
        'change_1h null',
        'change_1d null',
        'change_7d null',
        'mcap null',
        'audit_links absent',
        'url absent',
        'chains absent',
        'category absent',
        'symbol absent',
      ].map((e) => `protocols.${e}`),
      ...['tvl absent', 'audit_links absent', 'otherProtocols absent', 'mcap null', 'chains absent', 'category absent', 'currentChainTvls absent'].map(
        (e) => `protocol.${e}`,
      ),
      ...['gecko_id null', 'tokenSymbol null', 'cmcId null', 'chainId absent'].map((e) => `chains.${e}`),
      ...['bridgeHack null', 'classification null', 'technique null', 'returnedFunds null', 'defillamaId absent'].map((e) => `hacks.${e}`),
      ...['displayName absent', 'parentProtocol absent', 'protocolType absent', 'change_1d null', 'change_7d null'].map((e) => `overview.protocols.${e}`),
      ...['id absent', 'pegMechanism absent', 'chains absent', 'gecko_id null'].map((e) => `stablecoins.${e}`),
      'stablecoinchains.totalCirculating for totalCirculatingUSD',
      'stablecoincharts.totalCirculating for totalCirculatingUSD',
      ...['apyBase null', 'apyReward null', 'apyPct1D null', 'apyPct7D null', 'apyPct30D null', 'il7d null', 'poolMeta null', 'rewardTokens null'].map(
        (e) => `pools.${e}`,
      ),
      ...['ilRisk absent', 'exposure absent', 'volumeUsd1d absent', 'volumeUsd7d absent', 'pool absent', 'project absent', 'status absent'].map(
        (e) => `pools.${e}`,
      ),
      'prices.decimals absent',
    ];
    expect(expected.filter((name) => !served.has(name))).toEqual([]);
  }, 60_000);
});
