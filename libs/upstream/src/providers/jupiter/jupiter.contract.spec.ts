import { RequestContext } from '@scout/core';
import { HttpUpstreamSource } from '../../http-upstream-source';
import { ProgrammableUpstream, json, toolContext } from '../../test/programmable-upstream';
import { UpstreamError, type UpstreamCall, type UpstreamSource } from '../../upstream.types';
import { JupiterClient } from './jupiter.client';
import {
  MINT_EMPTY,
  MINT_NULLS,
  ORGANIC_SCORE_LABELS,
  PRICE_V3_EMPTY,
  PRICE_V3_NULLS,
  PRICE_V3_OFFSET_TIME,
  QUOTE_EXACT_OUT,
  QUOTE_NO_ROUTE_ERRORS,
  QUOTE_NULLS,
  QUOTE_REQUIRED_ONLY,
  RATE_LIMIT_HEADERS,
} from './jupiter.documented';
import { PRICE_V3_EXAMPLE, QUOTE_DOCS_EXAMPLE, QUOTE_EXAMPLE, SEARCH_EXAMPLE, SOL, SPARSE_MINT_EXAMPLES, USDC } from './jupiter.fixture';

/*
 * Jupiter's contract: every documented answer of the three endpoints JupiterClient calls goes
 * through the client's own schema and mapping (jupiter.documented.ts and jupiter.fixture.ts name
 * the documents). Bodies use a canned source; statuses, error bodies and headers go over real HTTP.
 */

class CannedSource implements UpstreamSource {
  readonly name = 'jupiter';
  constructor(private readonly answer: unknown) {}
  async request<T>(_call: UpstreamCall, parse: (raw: unknown) => T): Promise<T> {
    return parse(structuredClone(this.answer));
  }
}
const canned = (answer: unknown) => new JupiterClient(new CannedSource(answer));
const QUOTE = { inputMint: SOL, outputMint: USDC, amount: '100000000', slippageBps: 50 };

describe('GET /price/v3 (price_v3_price.yaml)', () => {
  it('maps the example and keeps the nullable blockId and priceChange24h as null', async () => {
    expect((await canned(PRICE_V3_EXAMPLE).prices([SOL])).byMint.get(SOL)?.usdPrice).toBe(147.48);
    const { byMint } = await canned(PRICE_V3_NULLS).prices([SOL]);
    expect(byMint.get(SOL)).toEqual({
      usdPrice: 147.48,
      priceChange24h: null,
      liquidity: 621679197.67,
      decimals: 9,
      blockId: null,
      createdAt: '2024-06-05T08:55:25.527Z',
    });
  });

  it('takes a date-time with an offset, and an answer that omits every mint', async () => {
    expect((await canned(PRICE_V3_OFFSET_TIME).prices([USDC])).byMint.get(USDC)?.createdAt).toBe('2024-06-05T10:55:25+02:00');
    expect(await canned(PRICE_V3_EMPTY).prices([SOL, USDC])).toEqual({ byMint: new Map(), missing: [SOL, USDC] });
  });
});

describe('GET /swap/v1/quote (swap_v1_swap.yaml, swap/v1/get-quote.mdx)', () => {
  it.each([
    ['the swap.yaml example', QUOTE_EXAMPLE],
    ['the get-quote.mdx example (platformFee null)', QUOTE_DOCS_EXAMPLE],
    ['only the required fields', QUOTE_REQUIRED_ONLY],
    ['every nullable field null', QUOTE_NULLS],
    ['swapMode ExactOut', QUOTE_EXACT_OUT],
  ])('hands the exit check its figures from %s', async (_name, body) => {
    const result = await canned(body).quote(QUOTE);
    if (!result.routable) throw new Error('expected a quote');
    const b = body;
    expect(result.quote).toMatchObject({ outAmount: b.outAmount, otherAmountThreshold: b.otherAmountThreshold, priceImpactPct: b.priceImpactPct });
    expect(result.quote.routePlan[0].swapInfo.ammKey).toBe(b.routePlan[0].swapInfo.ammKey);
  });

  it('keeps the nulls as null', async () => {
    const result = await canned(QUOTE_NULLS).quote(QUOTE);
    if (!result.routable) throw new Error('expected a quote');
    expect(result.quote.platformFee).toBeNull();
    expect(result.quote.mostReliableAmmsQuoteReport).toBeNull();
    expect(result.quote.routePlan[0]).toMatchObject({ percent: null, swapInfo: { feeAmount: null, feeMint: null } });
  });
});

describe('GET /tokens/v2/search (tokens_v2_tokens.yaml)', () => {
  it('takes the examples, an entry with no field and one with every nullable field null', async () => {
    const entries = await canned([...SEARCH_EXAMPLE, ...SPARSE_MINT_EXAMPLES.flat(), MINT_EMPTY, MINT_NULLS]).searchTokens('x');
    expect(entries).toHaveLength(SEARCH_EXAMPLE.length + SPARSE_MINT_EXAMPLES.flat().length + 2);
    expect(entries.at(-2)).toEqual({});
    expect(entries.at(-1)).toMatchObject({ id: SOL, usdPrice: null, audit: { topHoldersPercentage: null }, stats24h: { buyVolume: null }, tags: null });
  });

  it('passes every documented organicScoreLabel on, and one Jupiter adds later', async () => {
    const labels = [...ORGANIC_SCORE_LABELS, 'unrated'];
    const entries = await canned(labels.map((organicScoreLabel) => ({ id: SOL, organicScoreLabel }))).searchTokens('SOL');
    expect(entries.map((e) => e.organicScoreLabel)).toEqual(labels);
  });
});

describe('statuses, error bodies and headers over HTTP', () => {
  const upstream = new ProgrammableUpstream();
  let baseUrl = '';
  const opened: HttpUpstreamSource[] = [];
  const client = () => {
    const source = new HttpUpstreamSource({
      name: `jupiter-${opened.length}`,
      baseUrl,
      keys: ['jup-key-0000000001'],
      keyPlacement: { kind: 'header', header: 'x-api-key' },
      timeoutMs: 2_000,
      retries: 0,
    });
    opened.push(source);
    return new JupiterClient(source);
  };
  const failure = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: unknown) => e,
    );

  beforeAll(async () => {
    baseUrl = await upstream.start();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
  });
  afterAll(() => upstream.stop());

  it.each(QUOTE_NO_ROUTE_ERRORS)('a 400 $errorCode is an unroutable answer with its code, not an error', async (body) => {
    upstream.reset((_req, res) => json(res, 400, body));
    expect(await client().quote(QUOTE)).toMatchObject({ routable: false, errorCode: body.errorCode });
  });

  it('a 400 without a known code (invalid parameters) is still unroutable, its code null', async () => {
    upstream.reset((_req, res) => json(res, 400, { error: 'Invalid amount' }));
    expect(await client().quote(QUOTE)).toMatchObject({ routable: false, errorCode: null });
  });

  it('a 200 with the documented rate-limit headers parses as any other', async () => {
    upstream.reset((_req, res) => json(res, 200, PRICE_V3_EXAMPLE, RATE_LIMIT_HEADERS));
    expect((await client().prices([SOL])).byMint.get(SOL)?.usdPrice).toBe(147.48);
    expect(upstream.hits[0].headers['x-api-key']).toBe('jup-key-0000000001');
  });

  it.each([
    [429, RATE_LIMIT_HEADERS],
    [401, {}],
    [500, {}],
  ])('a %i is an UpstreamError, never a quote or a price', async (status, headers) => {
    upstream.reset((_req, res) => json(res, status, { message: 'nope' }, headers));
    const calls = [(c: JupiterClient) => c.prices([SOL]), (c: JupiterClient) => c.quote(QUOTE), (c: JupiterClient) => c.searchTokens('SOL')];
    // A fresh source per call (a 429 rests the key), each within a tool's deadline.
    for (const call of calls) {
      const error = await RequestContext.run(toolContext('a', 1_500), () => failure(call(client())));
      expect(error).toBeInstanceOf(UpstreamError);
      expect(error).not.toMatchObject({ failure: 'malformed' });
    }
  });

  it('a payload missing a field the tools compute with is malformed, not hidden', async () => {
    const { outAmount: _dropped, ...noOut } = QUOTE_DOCS_EXAMPLE;
    upstream.reset((req, res) => json(res, 200, req.url?.startsWith('/price') ? { [SOL]: { usdPrice: 1 } } : noOut));
    const c = client();
    expect(await failure(c.prices([SOL]))).toMatchObject({ failure: 'malformed' });
    expect(await failure(c.quote(QUOTE))).toMatchObject({ failure: 'malformed' });
  });
});
