import { HttpUpstreamSource } from '../../http-upstream-source';
import { ProgrammableUpstream, json } from '../../test/programmable-upstream';
import type { UpstreamCall, UpstreamSource } from '../../upstream.types';
import { DexScreenerClient } from './dexscreener.client';
import { DOC_BONK, DOC_FULL_PAIR, DOC_LIQUIDITY_WITHOUT_USD_PAIR, DOC_MINIMAL_PAIR } from './dexscreener.documented';

/** Every call answered with `body` through the client's own parser. */
const canned = (body: unknown): UpstreamSource => ({ name: 'dexscreener', request: async <T>(_call: UpstreamCall, parse: (raw: unknown) => T) => parse(body) });

describe('DexScreener contract, GET /tokens/v1/{chainId}/{tokenAddresses} (documented answers)', () => {
  it('maps the full documented Pair', async () => {
    const market = (await new DexScreenerClient(canned([DOC_FULL_PAIR])).markets('solana', [DOC_BONK])).get(DOC_BONK);
    expect(market).toEqual({
      chain: 'solana',
      address: DOC_BONK,
      priceUsd: 0.00002013,
      marketCapUsd: 1500000000,
      fdvUsd: 1800000000,
      liquidityUsd: 2500000.5,
      volume24hUsd: 98000.75,
      change24hPct: -3.25,
      pairAddress: DOC_FULL_PAIR.pairAddress,
      dexId: 'raydium',
      pairCreatedAt: '2023-01-01T00:00:00.000Z',
      pairCount: 1,
    });
  });

  it('keeps every optional field the document allows to be absent as null, never 0 and never a throw', async () => {
    const market = (await new DexScreenerClient(canned([DOC_MINIMAL_PAIR])).markets('solana', [DOC_BONK])).get(DOC_BONK);
    expect(market).toMatchObject({
      priceUsd: null,
      marketCapUsd: null,
      fdvUsd: null,
      liquidityUsd: null,
      pairCreatedAt: null,
      volume24hUsd: 0,
      change24hPct: 0,
    });
    const noUsd = (await new DexScreenerClient(canned([DOC_LIQUIDITY_WITHOUT_USD_PAIR])).markets('solana', [DOC_BONK])).get(DOC_BONK);
    expect(noUsd).toMatchObject({ liquidityUsd: null, pairAddress: DOC_LIQUIDITY_WITHOUT_USD_PAIR.pairAddress });
  });

  it('prefers the pair with a liquidity figure, and sums what is known', async () => {
    const market = (await new DexScreenerClient(canned([DOC_MINIMAL_PAIR, DOC_FULL_PAIR])).markets('solana', [DOC_BONK])).get(DOC_BONK);
    expect(market).toMatchObject({ pairAddress: DOC_FULL_PAIR.pairAddress, liquidityUsd: 2500000.5, pairCount: 2 });
  });

  it('answers an empty map for the documented empty array', async () => {
    await expect(new DexScreenerClient(canned([])).markets('solana', [DOC_BONK])).resolves.toEqual(new Map());
  });
});

describe('DexScreener contract over real HTTP', () => {
  const upstream = new ProgrammableUpstream();
  let baseUrl: string;
  let source: HttpUpstreamSource;

  beforeAll(async () => {
    baseUrl = await upstream.start();
  });
  beforeEach(() => {
    source = new HttpUpstreamSource({ name: 'dexscreener', baseUrl, keys: [], keyPlacement: { kind: 'none' }, timeoutMs: 2_000, retries: 0 });
  });
  afterEach(async () => {
    await source.close();
  });
  afterAll(async () => {
    await upstream.stop();
  });

  it('asks the documented path, keyless, and reads the documented array', async () => {
    upstream.reset((_req, res) => json(res, 200, [DOC_FULL_PAIR]));
    const markets = await new DexScreenerClient(source).markets('solana', [DOC_BONK]);
    expect(markets.get(DOC_BONK)?.priceUsd).toBe(0.00002013);
    expect(upstream.hits[0].url).toBe(`/tokens/v1/solana/${DOC_BONK}`);
  });

  it('past the documented 300 requests a minute (429) is an UpstreamError naming the status, not a crash', async () => {
    upstream.reset((_req, res) => json(res, 429, { error: 'Too Many Requests' }));
    await expect(new DexScreenerClient(source).markets('solana', [DOC_BONK])).rejects.toMatchObject({ name: 'UpstreamError', upstreamStatus: 429 });
  });

  it('a pair missing a field Scout computes with (pairAddress) is malformed', async () => {
    const { pairAddress: _drop, ...broken } = DOC_FULL_PAIR;
    upstream.reset((_req, res) => json(res, 200, [broken]));
    await expect(new DexScreenerClient(source).markets('solana', [DOC_BONK])).rejects.toMatchObject({ failure: 'malformed' });
  });
});
