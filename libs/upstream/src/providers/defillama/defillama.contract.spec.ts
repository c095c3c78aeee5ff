import { cannedLlama, first, type Row } from './defillama.canned';
import {
  copyOf,
  DOC_CHAINS,
  DOC_HACKS,
  DOC_HISTORICAL_CHAIN_TVL,
  DOC_HISTORICAL_TVL,
  DOC_PROTOCOL,
  DOC_PROTOCOLS,
  nulled,
  without,
} from './defillama.documented';

/**
 * DefiLlama's contract on api.llama.fi (TVL, protocols, hacks), body by body: each documented
 * answer (defillama.documented.ts, from DefiLlama's OpenAPI documents) and its documented variants
 * (nullable fields null, optional fields absent) through the client's own schema and parser, and
 * what the client hands the tools; a field a tool computes with, left out, is refused. The
 * stablecoin, yield, dimension and price endpoints are in defillama.contract-markets.spec.ts;
 * statuses, error answers and every endpoint label over real HTTP in defillama.contract-http.spec.ts.
 */

describe('GET /v2/chains', () => {
  it('reads the documented answer', async () => {
    const { sources, client } = cannedLlama();
    sources.api.payload = DOC_CHAINS;
    await expect(client.chains()).resolves.toEqual([{ name: 'Ethereum', tvlUsd: 65998652431.40251, tokenSymbol: 'ETH', chainId: 1, geckoId: 'ethereum' }]);
    expect(sources.api.calls[0]).toMatchObject({ endpoint: 'defillama:/v2/chains', path: '/v2/chains' });
  });

  it('reads the documented nullable fields as null, and the same fields absent as null', async () => {
    const { sources, client } = cannedLlama();
    const expected = [{ name: 'Ethereum', tvlUsd: 65998652431.40251, tokenSymbol: null, chainId: null, geckoId: null }];
    sources.api.payload = [nulled(first(DOC_CHAINS), 'gecko_id', 'tokenSymbol', 'cmcId', 'chainId')];
    await expect(client.chains()).resolves.toEqual(expected);
    sources.api.payload = [without(first(DOC_CHAINS), 'gecko_id', 'tokenSymbol', 'cmcId', 'chainId')];
    await expect(client.chains()).resolves.toEqual(expected);
  });

  it.each(['name', 'tvl'])('refuses a chain without %s (the lookup key and the figure)', async (field) => {
    const { sources, client } = cannedLlama();
    sources.api.payload = [without(first(DOC_CHAINS), field)];
    await expect(client.chains()).rejects.toThrow();
  });
});

describe('GET /v2/historicalChainTvl and /v2/historicalChainTvl/{chain}', () => {
  it('reads the documented answers, all chains and one chain', async () => {
    const { sources, client } = cannedLlama();
    sources.api.payload = DOC_HISTORICAL_TVL;
    await expect(client.historicalChainTvl()).resolves.toEqual([{ date: 1609459200, valueUsd: 15000000000 }]);
    sources.api.payload = DOC_HISTORICAL_CHAIN_TVL;
    await expect(client.historicalChainTvl('Ethereum')).resolves.toEqual([{ date: 1609459200, valueUsd: 45000000000 }]);
    expect(sources.api.calls.map((c) => [c.endpoint, c.path])).toEqual([
      ['defillama:/v2/historicalChainTvl', '/v2/historicalChainTvl'],
      ['defillama:/v2/historicalChainTvl/{chain}', '/v2/historicalChainTvl/Ethereum'],
    ]);
  });

  it.each(['date', 'tvl'])('refuses a point without %s', async (field) => {
    const { sources, client } = cannedLlama();
    sources.api.payload = [without(first(DOC_HISTORICAL_CHAIN_TVL), field)];
    await expect(client.historicalChainTvl('Ethereum')).rejects.toThrow();
  });
});

describe('GET /protocols', () => {
  const base = { id: '2269', name: 'Aave', slug: 'aave', symbol: 'AAVE', category: 'Lending', chains: ['Ethereum', 'Polygon'], tvlUsd: 5200000000 };

  it('reads the documented answer, deriving the slug the document leaves out', async () => {
    const { sources, client } = cannedLlama();
    sources.api.payload = DOC_PROTOCOLS;
    await expect(client.protocols()).resolves.toEqual([
      {
        ...base,
        url: null,
        chainTvlsUsd: { Ethereum: 3200000000, Polygon: 2000000000 },
        change1hPct: null,
        change1dPct: 2.1,
        change7dPct: -5.3,
        audits: null,
        auditNote: null,
        auditLinks: [],
        parentProtocol: null,
        listedAt: null,
        mcapUsd: null,
      },
    ]);
  });

  it.each([
    ['id', { id: null }],
    ['symbol', { symbol: null }],
    ['category', { category: null }],
    ['chains', { chains: null }],
    ['tvl', { tvlUsd: null }],
    ['chainTvls', { chainTvlsUsd: {} }],
    ['change_1d', { change1dPct: null }],
    ['change_7d', { change7dPct: null }],
  ])('reads a protocol without the documented %s', async (field, expected) => {
    const { sources, client } = cannedLlama();
    sources.api.payload = [without(first(DOC_PROTOCOLS), field)];
    await expect(client.protocols()).resolves.toEqual([expect.objectContaining({ name: 'Aave', slug: 'aave', ...expected })]);
  });

  it('reads the live nulls of a new protocol (tvl, change_*, mcap) as null', async () => {
    const { sources, client } = cannedLlama();
    sources.api.payload = [nulled(first(DOC_PROTOCOLS), 'tvl', 'change_1d', 'change_7d', 'symbol', 'category', 'chains')];
    await expect(client.protocols()).resolves.toEqual([
      expect.objectContaining({ tvlUsd: null, change1dPct: null, change7dPct: null, symbol: null, category: null, chains: null }),
    ]);
  });

  it('refuses a protocol without a name (the lookup key)', async () => {
    const { sources, client } = cannedLlama();
    sources.api.payload = [without(first(DOC_PROTOCOLS), 'name')];
    await expect(client.protocols()).rejects.toThrow();
  });
});

describe('GET /protocol/{slug}', () => {
  it('reads the documented answer: the TVL history from chainTvls, the slug asked for', async () => {
    const { sources, client } = cannedLlama();
    sources.api.payload = DOC_PROTOCOL;
    await expect(client.protocol('aave')).resolves.toEqual({
      id: 'parent#aave',
      name: 'AAVE',
      slug: 'aave',
      symbol: 'AAVE',
      url: null,
      category: 'Lending',
      chains: ['Ethereum', 'Polygon', 'Avalanche'],
      tvlSeries: [{ date: 1609459200, valueUsd: 1000000 }],
      currentChainTvlsUsd: { Ethereum: 3200000000, Polygon: 1500000000 },
      audits: null,
      auditNote: null,
      auditLinks: [],
      isParentProtocol: false,
      otherProtocols: [],
      mcapUsd: null,
    });
    expect(sources.api.calls[0]).toMatchObject({ endpoint: 'defillama:/protocol/{slug}', path: '/protocol/aave' });
  });

  it('reads the answer with every documented property but the name left out', async () => {
    const { sources, client } = cannedLlama();
    sources.api.payload = without(DOC_PROTOCOL, 'id', 'symbol', 'category', 'chains', 'currentChainTvls', 'chainTvls');
    await expect(client.protocol('aave')).resolves.toMatchObject({
      id: null,
      name: 'AAVE',
      symbol: null,
      category: null,
      chains: null,
      tvlSeries: [],
      currentChainTvlsUsd: {},
    });
  });

  it('reads a chainTvls entry with only its documented `tokens` as adding no TVL', async () => {
    const { sources, client } = cannedLlama();
    const payload = copyOf(DOC_PROTOCOL) as { chainTvls: Record<string, Row> };
    payload.chainTvls.Polygon = without(payload.chainTvls.Ethereum, 'tvl');
    sources.api.payload = payload;
    await expect(client.protocol('aave')).resolves.toMatchObject({ tvlSeries: [{ date: 1609459200, valueUsd: 1000000 }] });
  });

  it('refuses a protocol page without a name', async () => {
    const { sources, client } = cannedLlama();
    sources.api.payload = without(DOC_PROTOCOL, 'name');
    await expect(client.protocol('aave')).rejects.toThrow();
  });
});

describe('GET /hacks', () => {
  const mapped = {
    date: 1711065600,
    name: 'Super Sushi Samurai',
    classification: 'Protocol Logic',
    technique: 'Infinite Mint and Dump',
    amountUsd: 4800000,
    chains: ['Blast'],
    bridgeHack: false,
    targetType: 'Gaming',
    sourceUrl: 'https://rekt.news/sss-rekt/',
    returnedFundsUsd: null,
    defillamaId: null,
    parentProtocolId: null,
    language: 'Solidity',
  };

  it('reads the documented answer (its nullable returnedFunds and defillamaId null)', async () => {
    const { sources, client } = cannedLlama();
    sources.api.payload = DOC_HACKS;
    await expect(client.hacks()).resolves.toEqual([mapped]);
    expect(sources.api.calls[0]).toMatchObject({ endpoint: 'defillama:/hacks', path: '/hacks' });
  });

  it('reads the documented number defillamaId as the protocol id, and a null language', async () => {
    const { sources, client } = cannedLlama();
    sources.api.payload = [{ ...first(DOC_HACKS), defillamaId: 2269, returnedFunds: 1000000, language: null }];
    await expect(client.hacks()).resolves.toEqual([{ ...mapped, defillamaId: '2269', returnedFundsUsd: 1000000, language: null }]);
  });

  it('reads an incident with every shown field left out as nulls', async () => {
    const { sources, client } = cannedLlama();
    const shown = ['classification', 'technique', 'amount', 'bridgeHack', 'targetType', 'source', 'returnedFunds', 'defillamaId', 'language'];
    sources.api.payload = [without(first(DOC_HACKS), ...shown)];
    await expect(client.hacks()).resolves.toEqual([
      {
        ...mapped,
        classification: null,
        technique: null,
        amountUsd: null,
        bridgeHack: null,
        targetType: null,
        sourceUrl: null,
        language: null,
      },
    ]);
  });

  it.each(['date', 'name', 'chain'])('refuses an incident without %s (sorted, matched and filtered on)', async (field) => {
    const { sources, client } = cannedLlama();
    sources.api.payload = [without(first(DOC_HACKS), field)];
    await expect(client.hacks()).rejects.toThrow();
  });
});
