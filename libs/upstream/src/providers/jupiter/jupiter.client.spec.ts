import { UpstreamError, type UpstreamCall, type UpstreamSource } from '../../upstream.types';
import { JupiterClient } from './jupiter.client';
import { JUP, PRICE_V3_EXAMPLE, QUOTE_DOCS_EXAMPLE, QUOTE_EXAMPLE, SEARCH_EXAMPLE, SOL, SPARSE_MINT_EXAMPLES, USDC } from './jupiter.fixture';

/** A source that answers every call with a canned payload, through the client's own parser. */
class CannedSource implements UpstreamSource {
  readonly name = 'jupiter';
  readonly calls: UpstreamCall[] = [];
  /** `answer` is the payload, or a function that throws what the source should throw. */
  constructor(private readonly answer: unknown) {}

  async request<T>(call: UpstreamCall, parse: (raw: unknown) => T): Promise<T> {
    this.calls.push(call);
    if (typeof this.answer === 'function') return (this.answer as () => never)();
    return parse(this.answer);
  }
}

function clientWith(answer: unknown): { client: JupiterClient; source: CannedSource } {
  const source = new CannedSource(answer);
  return { client: new JupiterClient(source), source };
}

const BONK = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';

describe('JupiterClient.prices (GET /price/v3)', () => {
  it('parses the published example into a map of mint to price', async () => {
    const { client } = clientWith(PRICE_V3_EXAMPLE);
    const { byMint, missing } = await client.prices([SOL, USDC]);
    expect(missing).toEqual([]);
    expect(byMint.get(SOL)).toEqual({
      usdPrice: 147.48,
      priceChange24h: 1.29,
      liquidity: 621679197.67,
      decimals: 9,
      blockId: 348004023,
      createdAt: '2024-06-05T08:55:25.527Z',
    });
    expect(byMint.get(USDC)?.priceChange24h).toBe(-0.003);
  });

  it('reports a mint Jupiter left out as missing, never as a price of 0', async () => {
    const { client } = clientWith(PRICE_V3_EXAMPLE);
    const { byMint, missing } = await client.prices([BONK, SOL]);
    expect(missing).toEqual([BONK]);
    expect(byMint.has(BONK)).toBe(false);
    expect(byMint.get(SOL)?.usdPrice).toBe(147.48);
  });

  it('asks once per distinct mint, ids sorted and comma-joined, with a short cache TTL', async () => {
    const { client, source } = clientWith(PRICE_V3_EXAMPLE);
    await client.prices([USDC, SOL, USDC]);
    expect(source.calls).toHaveLength(1);
    const [call] = source.calls;
    expect(call).toMatchObject({ endpoint: 'jupiter:/price/v3', path: '/price/v3', query: { ids: [SOL, USDC].sort().join(',') } });
    expect(call.method ?? 'GET').toBe('GET');
    expect(call.cacheTtlMs).toBeGreaterThanOrEqual(30_000);
    expect(call.cacheTtlMs).toBeLessThanOrEqual(60_000);
  });

  it('accepts null where the spec allows it (blockId, priceChange24h)', async () => {
    const { client } = clientWith({ [SOL]: { ...PRICE_V3_EXAMPLE[SOL], blockId: null, priceChange24h: null } });
    const { byMint } = await client.prices([SOL]);
    expect(byMint.get(SOL)).toMatchObject({ blockId: null, priceChange24h: null });
  });

  it('makes no call for no mints and refuses more than 50', async () => {
    const { client, source } = clientWith(PRICE_V3_EXAMPLE);
    await expect(client.prices([])).resolves.toEqual({ byMint: new Map(), missing: [] });
    const many = Array.from({ length: 51 }, (_, i) => `${'1'.repeat(30)}${String(i).padStart(2, '0')}`);
    await expect(client.prices(many)).rejects.toBeInstanceOf(RangeError);
    expect(source.calls).toHaveLength(0);
  });

  it.each([
    ['a price as a string', { [SOL]: { ...PRICE_V3_EXAMPLE[SOL], usdPrice: '147.48' } }],
    ['a required field missing (blockId)', { [SOL]: { ...PRICE_V3_EXAMPLE[SOL], blockId: undefined } }],
    ['liquidity null (not nullable in the spec)', { [SOL]: { ...PRICE_V3_EXAMPLE[SOL], liquidity: null } }],
    ['createdAt that is not a date-time', { [SOL]: { ...PRICE_V3_EXAMPLE[SOL], createdAt: 'yesterday' } }],
    ['an array instead of a map', [PRICE_V3_EXAMPLE[SOL]]],
    ['the deprecated v2 envelope', { data: { [SOL]: { id: SOL, type: 'derivedPrice', price: '147.48' } }, timeTaken: 0.01 }],
  ])('refuses %s', async (_label, payload) => {
    const { client } = clientWith(payload);
    await expect(client.prices([SOL])).rejects.toThrow();
  });
});

describe('JupiterClient.quote (GET /swap/v1/quote)', () => {
  const request = { inputMint: SOL, outputMint: USDC, amount: '100000000', slippageBps: 100 };

  it('parses the docs\' example answer: "platformFee": null for a quote asked without platformFeeBps (get-quote.mdx)', async () => {
    const { client } = clientWith(QUOTE_DOCS_EXAMPLE);
    const result = await client.quote({ ...request, slippageBps: 50 });
    expect(result.routable).toBe(true);
    if (!result.routable) return;
    expect(result.quote).toMatchObject({ outAmount: '16198753', otherAmountThreshold: '16117760', platformFee: null, priceImpactPct: '0' });
    expect(result.quote.routePlan[0].swapInfo).not.toHaveProperty('feeAmount');
  });

  it('parses the published example', async () => {
    const { client, source } = clientWith(QUOTE_EXAMPLE);
    const result = await client.quote(request);
    expect(result.routable).toBe(true);
    if (!result.routable) return;
    expect(result.quote).toMatchObject({ inAmount: '100000000', outAmount: '17057460', priceImpactPct: '0.0001', swapMode: 'ExactIn' });
    expect(result.quote.routePlan.map((step) => step.swapInfo.label)).toEqual(['Meteora DLMM']);
    expect(source.calls[0]).toMatchObject({
      endpoint: 'jupiter:/swap/v1/quote',
      path: '/swap/v1/quote',
      query: { inputMint: SOL, outputMint: USDC, amount: '100000000', slippageBps: 100, swapMode: 'ExactIn' },
    });
  });

  it('tells a swap Jupiter cannot route (HTTP 400) apart from a failure', async () => {
    const noRoute = new UpstreamError(
      'jupiter',
      'rejected',
      'jupiter:/swap/v1/quote: answered HTTP 400: {"error":"Could not find any route","errorCode":"COULD_NOT_FIND_ANY_ROUTE"}',
      400,
    );
    const { client } = clientWith(() => {
      throw noRoute;
    });
    await expect(client.quote(request)).resolves.toMatchObject({ routable: false, errorCode: 'COULD_NOT_FIND_ANY_ROUTE' });
  });

  it('still reports a 400 whose body the source dropped as not routable, without a code', async () => {
    const bare = new UpstreamError('jupiter', 'rejected', 'jupiter:/swap/v1/quote: answered HTTP 400: the upstream refused the request', 400);
    const { client } = clientWith(() => {
      throw bare;
    });
    await expect(client.quote(request)).resolves.toMatchObject({ routable: false, errorCode: null });
  });

  it('rethrows any other upstream failure', async () => {
    const down = new UpstreamError('jupiter', 'http', 'jupiter:/swap/v1/quote: answered HTTP 503', 503);
    const { client } = clientWith(() => {
      throw down;
    });
    await expect(client.quote(request)).rejects.toBe(down);
  });

  it('refuses an amount that is not a positive raw integer before calling', async () => {
    const { client, source } = clientWith(QUOTE_EXAMPLE);
    for (const amount of ['0', '1.5', '-3', '1e9', '']) {
      await expect(client.quote({ ...request, amount })).rejects.toBeInstanceOf(RangeError);
    }
    expect(source.calls).toHaveLength(0);
  });

  it.each([
    ['routePlan missing', { ...QUOTE_EXAMPLE, routePlan: undefined }],
    ['outAmount as a number', { ...QUOTE_EXAMPLE, outAmount: 17057460 }],
    ['an unknown swapMode', { ...QUOTE_EXAMPLE, swapMode: 'Both' }],
    ['a step without swapInfo.ammKey', { ...QUOTE_EXAMPLE, routePlan: [{ swapInfo: { ...QUOTE_EXAMPLE.routePlan[0].swapInfo, ammKey: undefined } }] }],
  ])('refuses %s', async (_label, payload) => {
    const { client } = clientWith(payload);
    await expect(client.quote(request)).rejects.toThrow();
  });
});

describe('JupiterClient.searchTokens (GET /tokens/v2/search)', () => {
  it('parses the published example', async () => {
    const { client, source } = clientWith(SEARCH_EXAMPLE);
    const [jup] = await client.searchTokens(JUP);
    expect(jup).toMatchObject({ id: JUP, name: 'Jupiter', symbol: 'JUP', decimals: 6, icon: 'https://static.jup.ag/jup/icon.png', usdPrice: 0.1415 });
    expect(jup.audit?.topHoldersPercentage).toBe(15.45);
    expect(jup.stats24h?.numTraders).toBe(5174);
    expect(source.calls[0]).toMatchObject({ endpoint: 'jupiter:/tokens/v2/search', path: '/tokens/v2/search', query: { query: JUP }, cacheTtlMs: 300_000 });
  });

  it.each(SPARSE_MINT_EXAMPLES.map((example, i) => [i, example]))('parses the sparse MintInformation example %i', async (_i, example) => {
    const { client } = clientWith(example);
    await expect(client.searchTokens('SOL')).resolves.toHaveLength(1);
  });

  it('accepts nulls where the spec allows them and an empty answer', async () => {
    const { client } = clientWith([{ id: JUP, icon: null, usdPrice: null, audit: null, stats24h: null, tags: null }]);
    await expect(client.searchTokens(JUP)).resolves.toMatchObject([{ id: JUP, icon: null, usdPrice: null }]);
    await expect(clientWith([]).client.searchTokens('nothing')).resolves.toEqual([]);
  });

  it.each([
    ['an object instead of an array', SEARCH_EXAMPLE[0]],
    ['decimals as a string', [{ ...SEARCH_EXAMPLE[0], decimals: '6' }]],
    ['name null (not nullable in the spec)', [{ ...SEARCH_EXAMPLE[0], name: null }]],
    ['an organicScoreLabel that is not a string', [{ ...SEARCH_EXAMPLE[0], organicScoreLabel: 3 }]],
    ['tags that are not strings', [{ ...SEARCH_EXAMPLE[0], tags: [1, 2] }]],
  ])('refuses %s', async (_label, payload) => {
    const { client } = clientWith(payload);
    await expect(client.searchTokens(JUP)).rejects.toThrow();
  });

  it('refuses an empty query before calling', async () => {
    const { client, source } = clientWith(SEARCH_EXAMPLE);
    await expect(client.searchTokens('  ')).rejects.toBeInstanceOf(RangeError);
    expect(source.calls).toHaveLength(0);
  });
});
