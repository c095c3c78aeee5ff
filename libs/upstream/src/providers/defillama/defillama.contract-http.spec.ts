import { HttpUpstreamSource } from '../../http-upstream-source';
import { UpstreamFailureLog } from '../../upstream-failure-log';
import { json, ProgrammableUpstream } from '../../test/programmable-upstream';
import { UpstreamError } from '../../upstream.types';
import { DefiLlamaClient } from './defillama.client';
import {
  DOC_CHAINS,
  DOC_COIN_KEY,
  DOC_ERRORS,
  DOC_HACKS,
  DOC_HISTORICAL_CHAIN_TVL,
  DOC_HISTORICAL_TVL,
  DOC_OVERVIEW_DEXS,
  DOC_OVERVIEW_DEXS_CHAIN,
  DOC_OVERVIEW_FEES,
  DOC_OVERVIEW_OPEN_INTEREST,
  DOC_POOLS,
  DOC_PRICES_CURRENT,
  DOC_PRICES_HISTORICAL,
  DOC_PROTOCOL,
  DOC_PROTOCOLS,
  DOC_STABLECOIN_CHAINS,
  DOC_STABLECOIN_CHARTS_ALL,
  DOC_STABLECOIN_CHARTS_CHAIN,
  DOC_STABLECOINS,
  without,
} from './defillama.documented';
import { defillamaProbes } from './defillama.probes';

/**
 * DefiLlama's contract over real HTTP: the client on real sources against a programmable
 * DefiLlama that answers every path with its documented answer (defillama.documented.ts), and
 * the documented error statuses (404 "Protocol not found" / "Chain not found", coins 502
 * "Internal error"; the documents give no error body, so the description is sent as text) and a
 * 429 with Retry-After (upstreams.md 2.2: the SDK reads it).
 */

/** The documented answer of each path the client asks (all four hosts on one test server). */
function documentedAnswer(path: string): unknown {
  if (path === '/v2/chains') return DOC_CHAINS;
  if (path === '/v2/historicalChainTvl') return DOC_HISTORICAL_TVL;
  if (path.startsWith('/v2/historicalChainTvl/')) return DOC_HISTORICAL_CHAIN_TVL;
  if (path === '/protocols') return DOC_PROTOCOLS;
  if (path.startsWith('/protocol/')) return DOC_PROTOCOL;
  if (path === '/hacks') return DOC_HACKS;
  if (path === '/stablecoins') return DOC_STABLECOINS;
  if (path === '/stablecoinchains') return DOC_STABLECOIN_CHAINS;
  if (path === '/stablecoincharts/all') return DOC_STABLECOIN_CHARTS_ALL;
  if (path.startsWith('/stablecoincharts/')) return DOC_STABLECOIN_CHARTS_CHAIN;
  if (path === '/pools') return DOC_POOLS;
  if (path.startsWith('/overview/dexs/')) return DOC_OVERVIEW_DEXS_CHAIN;
  if (path === '/overview/dexs') return DOC_OVERVIEW_DEXS;
  if (path === '/overview/open-interest') return DOC_OVERVIEW_OPEN_INTEREST;
  if (path.startsWith('/overview/fees')) return DOC_OVERVIEW_FEES;
  if (path.startsWith('/prices/current/')) return DOC_PRICES_CURRENT;
  if (path.startsWith('/prices/historical/')) return DOC_PRICES_HISTORICAL;
  return null;
}

const pathOf = (url: string) => decodeURIComponent(url.split('?')[0]);

const upstream = new ProgrammableUpstream();
let baseUrl: string;
const opened: HttpUpstreamSource[] = [];
const sleeps: number[] = [];
const warn = jest.fn();

function llama(): DefiLlamaClient {
  const host = (name: string) => {
    const source = new HttpUpstreamSource(
      { name, baseUrl, keys: [], keyPlacement: { kind: 'none' }, timeoutMs: 2_000, retries: 2 },
      { sleep: async (ms) => void sleeps.push(ms), failureLog: new UpstreamFailureLog({ warn }) },
    );
    opened.push(source);
    return source;
  };
  return new DefiLlamaClient({
    api: host('defillama-api'),
    coins: host('defillama-coins'),
    stablecoins: host('defillama-stablecoins'),
    yields: host('defillama-yields'),
  });
}

const text = (res: Parameters<typeof json>[0], status: number, body: string) => {
  res.writeHead(status, { 'content-type': 'text/plain' });
  res.end(body);
};

beforeAll(async () => {
  baseUrl = await upstream.start();
});

afterEach(async () => {
  sleeps.length = 0;
  warn.mockClear();
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

afterAll(async () => {
  await upstream.stop();
});

describe('every endpoint over HTTP', () => {
  it('each probe (one per endpoint label) reads its documented answer, asking the documented path and query', async () => {
    upstream.reset((req, res) => {
      const body = documentedAnswer(pathOf(req.url ?? ''));
      if (body === null) text(res, 404, 'no such path');
      else json(res, 200, body);
    });
    const outcomes: string[] = [];
    const probes = defillamaProbes(llama());
    for (const probe of probes) {
      outcomes.push(
        await probe.run().then(
          () => `${probe.endpoint} ok`,
          (e: unknown) => `${probe.endpoint} ${String(e)}`,
        ),
      );
    }
    expect(outcomes).toEqual(probes.map((p) => `${p.endpoint} ok`));
    const urls = upstream.hits.map((h) => h.url);
    expect(urls).toContain('/stablecoins?includePrices=true');
    expect(urls).toContain('/overview/fees/Ethereum?excludeTotalDataChart=true&excludeTotalDataChartBreakdown=true&dataType=dailyRevenue');
    expect(urls).toContain('/overview/open-interest?excludeTotalDataChart=true&excludeTotalDataChartBreakdown=true');
    expect(urls.every((u) => u.startsWith('/'))).toBe(true);
  });
});

describe('documented error statuses', () => {
  it.each([
    ['/protocol/{slug}', DOC_ERRORS.protocolNotFound, (c: DefiLlamaClient) => c.protocol('no-such-protocol')],
    ['/v2/historicalChainTvl/{chain}', DOC_ERRORS.chainNotFound, (c: DefiLlamaClient) => c.historicalChainTvl('Nochain')],
  ])('%s: the documented 404 is a not-found UpstreamError, asked once', async (label, documented, call) => {
    upstream.reset((_req, res) => text(res, documented.status, documented.description));
    const error = await call(llama()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ failure: 'http', upstreamStatus: 404 });
    expect((error as UpstreamError).detail).toContain(`defillama:${label}`);
    expect((error as UpstreamError).detail).toContain(documented.description);
    expect(upstream.hits).toHaveLength(1);
  });

  it.each([
    ['/prices/current/{coins}', (c: DefiLlamaClient) => c.pricesCurrent([DOC_COIN_KEY])],
    ['/prices/historical/{timestamp}/{coins}', (c: DefiLlamaClient) => c.pricesHistorical(1648680149, [DOC_COIN_KEY])],
  ])('%s: 502 "Internal error" is retried, then fails as the upstream error', async (_label, call) => {
    upstream.reset((_req, res) => text(res, DOC_ERRORS.coinsInternal.status, DOC_ERRORS.coinsInternal.description));
    await expect(call(llama())).rejects.toMatchObject({ failure: 'http', upstreamStatus: 502 });
    expect(upstream.hits).toHaveLength(3);
  });

  it('a 502 followed by the documented answer reads the answer', async () => {
    upstream.reset((_req, res, _hit, n) => (n === 1 ? text(res, 502, DOC_ERRORS.coinsInternal.description) : json(res, 200, DOC_PRICES_CURRENT)));
    await expect(llama().pricesCurrent([DOC_COIN_KEY])).resolves.toMatchObject({ [DOC_COIN_KEY]: { symbol: 'cDAI', confidence: 0.99 } });
    expect(upstream.hits).toHaveLength(2);
  });

  it('a 429 waits the Retry-After it carries, then reads the answer', async () => {
    upstream.reset((_req, res, _hit, n) => (n === 1 ? json(res, 429, 'Too Many Requests', { 'retry-after': '3' }) : json(res, 200, DOC_CHAINS)));
    await expect(llama().chains()).resolves.toEqual([expect.objectContaining({ name: 'Ethereum' })]);
    expect(upstream.hits).toHaveLength(2);
    expect(sleeps).toEqual([3_000]);
  });
});

describe('a payload without what a tool computes with', () => {
  it('is a malformed UpstreamError, never retried, logged with provider, endpoint and JSON path', async () => {
    upstream.reset((_req, res) => json(res, 200, { ...DOC_POOLS, data: [without((DOC_POOLS.data as Array<Record<string, unknown>>)[0], 'tvlUsd')] }));
    await expect(llama().yieldPools()).rejects.toMatchObject({ failure: 'malformed' });
    expect(upstream.hits).toHaveLength(1);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toMatchObject({ source: 'defillama-yields', endpoint: 'defillama:/pools', failure: 'malformed', path: 'data.0.tvlUsd' });
  });
});
