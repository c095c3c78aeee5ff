import { CallMeter, RequestContext, type ToolContext } from '@scout/core';
import { startSandbox, type RunningSandbox } from '@scout/sandbox';
import { CHAIN_IDS, CHAINS } from '../../chains';
import { HttpUpstreamSource } from '../../http-upstream-source';
import { UpstreamError } from '../../upstream.types';
import { DefiLlamaClient } from './defillama.client';

/** The client over real HTTP sources against the sandbox's DefiLlama stand-in: every payload must parse. */
describe('DefiLlamaClient over the sandbox', () => {
  let sandbox: RunningSandbox;
  let client: DefiLlamaClient;
  const sources: HttpUpstreamSource[] = [];
  const now = Date.parse('2026-06-15T12:00:00Z');

  const source = (name: string, baseUrl: string) => {
    const created = new HttpUpstreamSource({ name, baseUrl, keys: [], keyPlacement: { kind: 'none' }, timeoutMs: 10_000, retries: 0 });
    sources.push(created);
    return created;
  };
  const within = <T>(fn: () => Promise<T>): Promise<T> => {
    const context: ToolContext = {
      tool: 'service_chain_health',
      requestId: 'r',
      caller: null,
      meter: new CallMeter(),
      deadlineAt: Date.now() + 20_000,
    };
    return RequestContext.run(context, fn);
  };

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 42, now: () => now });
    client = new DefiLlamaClient({
      api: source('defillama', sandbox.urls.defillamaApi),
      coins: source('defillama-coins', sandbox.urls.defillamaCoins),
      stablecoins: source('defillama-stablecoins', sandbox.urls.defillamaStablecoins),
      yields: source('defillama-yields', sandbox.urls.defillamaYields),
    });
  });

  afterAll(async () => {
    await Promise.all(sources.map((s) => s.close()));
    await sandbox.close();
  });

  it('parses the TVL, protocol and hack lists', async () => {
    const chains = await within(() => client.chains());
    expect(chains.map((c) => c.name)).toEqual(expect.arrayContaining(['Ethereum', 'Solana', 'Base']));
    const history = await within(() => client.historicalChainTvl(CHAIN_IDS.hyperliquid.llamaName));
    expect(history.length).toBeGreaterThan(30);
    expect(history[0].date).toBeLessThan(history[history.length - 1].date);
    const protocols = await within(() => client.protocols());
    expect(protocols.length).toBeGreaterThan(0);
    const detail = await within(() => client.protocol(protocols[0].slug));
    expect(detail.tvlSeries.length).toBeGreaterThan(0);
    expect((await within(() => client.hacks())).length).toBeGreaterThan(0);
  });

  it('parses stablecoins, yields, overviews and prices', async () => {
    expect((await within(() => client.stablecoins()))[0].circulating.current).toEqual(expect.any(Number));
    expect((await within(() => client.stablecoinChains())).length).toBeGreaterThan(0);
    expect((await within(() => client.stablecoinCharts())).length).toBeGreaterThan(30);
    expect((await within(() => client.yieldPools())).length).toBeGreaterThan(0);
    for (const kind of ['dexs', 'fees', 'open-interest'] as const) {
      expect((await within(() => client.overview(kind))).protocols.length).toBeGreaterThan(0);
    }
    const revenue = await within(() => client.overview('fees', { chain: CHAIN_IDS.ethereum.llamaName, dataType: 'dailyRevenue' }));
    expect(revenue.total30d).toEqual(expect.any(Number));
    const prices = await within(() => client.pricesCurrent(['coingecko:bitcoin']));
    expect(prices['coingecko:bitcoin'].confidence).toEqual(expect.any(Number));
    const past = await within(() => client.pricesHistorical(Math.floor(now / 1000) - 86_400, ['coingecko:bitcoin']));
    expect(past['coingecko:bitcoin'].priceUsd).toEqual(expect.any(Number));
  });

  it('answers every Scout chain by its DefiLlama name, or 404 for one it does not list', async () => {
    for (const chain of CHAINS) {
      const name = CHAIN_IDS[chain].llamaName;
      await within(() => client.overview('dexs', { chain: name })).catch((error: unknown) => {
        expect(error).toBeInstanceOf(UpstreamError);
        expect((error as UpstreamError).upstreamStatus).toBe(404);
      });
    }
    const missing = await within(() => client.protocol('no-such-protocol')).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(UpstreamError);
    expect((missing as UpstreamError).upstreamStatus).toBe(404);
  });
});
