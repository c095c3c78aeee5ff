/**
 * Validates the sandbox's answers against the published API documents in
 * ../shared/reference/upstream-specs (DefiLlama free/pro OpenAPI, Jupiter OpenAPI YAML), with a
 * small OpenAPI-schema checker (types, nullable, required, properties, additionalProperties, items,
 * enum, oneOf/anyOf/allOf). Skipped when the documents are not present.
 *
 * Where the documents disagree with the live API as recorded in upstreams.md, the sandbox follows
 * upstreams.md and the schema is patched here, each patch saying why.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { FIXTURES } from './market';
import { fixedSandbox, JUP_KEY } from './test/helpers';

type Schema = Record<string, any>;

const SPEC_DIR = process.env.SCOUT_UPSTREAM_SPECS ?? join(__dirname, '../../../../shared/reference/upstream-specs');
const haveSpecs = existsSync(join(SPEC_DIR, 'defillama-openapi-free.json'));

function loadYaml(path: string): Schema {
  // js-yaml is a dev dependency, used only to read the published YAML documents.
  const yaml = require('js-yaml') as { load(s: string): unknown }; // eslint-disable-line @typescript-eslint/no-require-imports
  return yaml.load(readFileSync(path, 'utf8')) as Schema;
}

function makeChecker(doc: Schema) {
  const deref = (s: Schema): Schema => {
    let cur = s;
    while (cur && typeof cur === 'object' && typeof cur.$ref === 'string') {
      cur = cur.$ref
        .replace(/^#\//, '')
        .split('/')
        .reduce((o: Schema, k: string) => o[k], doc);
    }
    return cur;
  };
  const typeOk = (t: string, v: unknown) =>
    t === 'null'
      ? v === null
      : t === 'integer'
        ? Number.isInteger(v)
        : t === 'number'
          ? typeof v === 'number' && Number.isFinite(v)
          : t === 'array'
            ? Array.isArray(v)
            : t === 'object'
              ? typeof v === 'object' && v !== null && !Array.isArray(v)
              : typeof v === t;
  const check = (raw: Schema | undefined, v: unknown, path: string, errors: string[]): void => {
    if (!raw || typeof raw !== 'object') return;
    const s = deref(raw);
    for (const k of ['oneOf', 'anyOf'] as const) {
      if (Array.isArray(s[k])) {
        const ok = (s[k] as Schema[]).some((b) => {
          const e: string[] = [];
          check(b, v, path, e);
          return e.length === 0;
        });
        if (!ok) errors.push(`${path}: matches no ${k} branch`);
        return;
      }
    }
    if (Array.isArray(s.allOf)) for (const b of s.allOf as Schema[]) check(b, v, path, errors);
    const types: string[] = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
    if (v === null) {
      if (s.nullable || types.includes('null') || types.length === 0) return;
      errors.push(`${path}: null where ${types.join('|')} is documented`);
      return;
    }
    if (types.length && !types.some((t) => typeOk(t, v))) {
      errors.push(`${path}: ${JSON.stringify(v)?.slice(0, 60)} is not ${types.join('|')}`);
      return;
    }
    if (Array.isArray(s.enum) && !s.enum.includes(v)) errors.push(`${path}: ${JSON.stringify(v)} not in ${s.enum.join(',')}`);
    if (Array.isArray(v)) {
      if (Array.isArray(s.items)) (s.items as Schema[]).forEach((it, i) => i < v.length && check(it, v[i], `${path}[${i}]`, errors));
      else if (s.items) v.forEach((x, i) => check(s.items, x, `${path}[${i}]`, errors));
      return;
    }
    if (typeof v === 'object' && v !== null) {
      const o = v as Record<string, unknown>;
      const props = (s.properties ?? {}) as Record<string, Schema>;
      for (const r of (s.required ?? []) as string[]) if (!(r in o)) errors.push(`${path}.${r}: required, missing`);
      // Properties named like an example key (e.g. 'ethereum:0xdF57…') are examples of map entries.
      const exampleKeys = Object.keys(props).filter((k) => k.includes(':'));
      for (const [k, val] of Object.entries(o)) {
        if (props[k] && !exampleKeys.includes(k)) check(props[k], val, `${path}.${k}`, errors);
        else if (exampleKeys.length) check(props[exampleKeys[0]], val, `${path}.${k}`, errors);
        else if (s.additionalProperties && typeof s.additionalProperties === 'object') check(s.additionalProperties, val, `${path}.${k}`, errors);
      }
    }
  };
  return {
    response(path: string, status = '200', method = 'get'): Schema {
      const op = doc.paths[path][method];
      return deref(op.responses[status]).content['application/json'].schema as Schema;
    },
    validate(schema: Schema, value: unknown): string[] {
      const errors: string[] = [];
      check(schema, value, '$', errors);
      return errors.slice(0, 10);
    },
  };
}

(haveSpecs ? describe : describe.skip)('conformance with the published API documents', () => {
  const sb = fixedSandbox();
  const get = (path: string) => request(sb.app).get(path).set('x-api-key', JUP_KEY);
  const free = haveSpecs ? makeChecker(JSON.parse(readFileSync(join(SPEC_DIR, 'defillama-openapi-free.json'), 'utf8')) as Schema) : null!;
  const pro = haveSpecs ? makeChecker(JSON.parse(readFileSync(join(SPEC_DIR, 'defillama-openapi-pro.json'), 'utf8')) as Schema) : null!;

  const sol = `solana:${FIXTURES.solMint}`;
  const now = Math.floor(Date.UTC(2026, 5, 15, 12, 34, 56) / 1000);
  const cases: [string, string][] = [
    ['/v2/chains', '/defillama/api/v2/chains'],
    ['/v2/historicalChainTvl', '/defillama/api/v2/historicalChainTvl'],
    ['/v2/historicalChainTvl/{chain}', '/defillama/api/v2/historicalChainTvl/Solana'],
    ['/protocols', '/defillama/api/protocols'],
    ['/protocol/{protocol}', '/defillama/api/protocol/aave-v3'],
    ['/tvl/{protocol}', '/defillama/api/tvl/aave-v3'],
    ['/prices/current/{coins}', `/defillama/coins/prices/current/${sol},coingecko:ethereum,base:${FIXTURES.baseUsdc}`],
    ['/prices/historical/{timestamp}/{coins}', `/defillama/coins/prices/historical/${now - 86400}/${sol},coingecko:ethereum`],
    ['/batchHistorical', `/defillama/coins/batchHistorical?coins=${encodeURIComponent(JSON.stringify({ [sol]: [now - 3600, now] }))}`],
    ['/chart/{coins}', `/defillama/coins/chart/${sol},coingecko:bitcoin?span=5&period=1d`],
    ['/percentage/{coins}', `/defillama/coins/percentage/${sol}`],
    ['/prices/first/{coins}', `/defillama/coins/prices/first/${sol}`],
    ['/stablecoins', '/defillama/stablecoins/stablecoins?includePrices=true'],
    ['/stablecoin/{asset}', '/defillama/stablecoins/stablecoin/1'],
    ['/stablecoinchains', '/defillama/stablecoins/stablecoinchains'],
    ['/stablecoinprices', '/defillama/stablecoins/stablecoinprices'],
    ['/pools', '/defillama/yields/pools'],
    ['/overview/dexs', '/defillama/api/overview/dexs'],
    ['/overview/dexs/{chain}', '/defillama/api/overview/dexs/ethereum'],
    ['/summary/dexs/{protocol}', '/defillama/api/summary/dexs/uniswap-v3'],
    ['/overview/open-interest', '/defillama/api/overview/open-interest'],
    ['/overview/fees', '/defillama/api/overview/fees?dataType=dailyRevenue'],
    ['/overview/fees/{chain}', '/defillama/api/overview/fees/solana'],
    ['/summary/fees/{protocol}', '/defillama/api/summary/fees/hyperliquid-perps'],
  ];

  it.each(cases)('DefiLlama %s', async (specPath, url) => {
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(free.validate(free.response(specPath), res.body)).toEqual([]);
  });

  it('DefiLlama /stablecoincharts: documented shape, except `date`, a string of unix seconds as the live API sends it (upstreams.md 2.2)', async () => {
    const schema = JSON.parse(JSON.stringify(free.response('/stablecoincharts/all'))) as Schema;
    schema.items.properties.date = { type: 'string', pattern: '^\\d+$' };
    for (const url of ['/defillama/stablecoins/stablecoincharts/all', '/defillama/stablecoins/stablecoincharts/Ethereum?stablecoin=1']) {
      const res = await get(url);
      expect(free.validate(schema, res.body)).toEqual([]);
    }
  });

  it('DefiLlama yields /chart/{pool}: documented shape (apyReward, il7d, apyBase7d nullable as in the pro document)', async () => {
    for (const pool of [sb.market.fixtures.pools.aaveV3EthereumUsdc, sb.market.pools.find((p) => p.apyRewardLevel === null)!.pool]) {
      const res = await get(`/defillama/yields/chart/${pool}`);
      expect(pro.validate(pro.response('/yields/chart/{pool}'), res.body)).toEqual([]);
    }
  });

  it('DefiLlama /hacks: the pro /api/hacks shape, with amount nullable (upstreams.md 2.2)', async () => {
    const schema = JSON.parse(JSON.stringify(pro.response('/api/hacks'))) as Schema;
    schema.items.properties.amount = { type: ['number', 'null'] };
    const res = await get('/defillama/api/hacks');
    expect(pro.validate(schema, res.body)).toEqual([]);
  });

  describe('Jupiter', () => {
    const price = haveSpecs ? makeChecker(loadYaml(join(SPEC_DIR, 'jupiter/price_v3_price.yaml'))) : null!;
    const swap = haveSpecs ? makeChecker(loadYaml(join(SPEC_DIR, 'jupiter/swap_v1_swap.yaml'))) : null!;
    const tokens = haveSpecs ? makeChecker(loadYaml(join(SPEC_DIR, 'jupiter/tokens_v2_tokens.yaml'))) : null!;

    it('price v3', async () => {
      const mints = sb.market
        .solanaTokens()
        .slice(0, 50)
        .map((t) => t.address);
      const res = await get(`/jupiter/price/v3?ids=${mints.join(',')}`);
      expect(Object.keys(res.body).length).toBeGreaterThan(20);
      expect(price.validate(price.response('/price/v3'), res.body)).toEqual([]);
    });

    it('swap v1 quote (ExactIn, ExactOut, two legs, platform fee)', async () => {
      for (const qs of [
        `inputMint=${FIXTURES.solMint}&outputMint=${FIXTURES.usdcMint}&amount=1000000000`,
        `inputMint=${FIXTURES.usdcMint}&outputMint=${FIXTURES.solMint}&amount=1000000000&swapMode=ExactOut`,
        `inputMint=${FIXTURES.jupMint}&outputMint=${FIXTURES.bonkMint}&amount=5000000&platformFeeBps=20`,
      ]) {
        const res = await get(`/jupiter/swap/v1/quote?${qs}`);
        expect(res.status).toBe(200);
        // swap.yaml types platformFee as an object; get-quote.mdx's example answer (no
        // platformFeeBps asked) has it null, as the sandbox answers: the rest follows the YAML.
        const { platformFee, ...rest } = res.body as { platformFee: unknown };
        if (qs.includes('platformFeeBps')) expect(platformFee).toEqual({ amount: expect.any(String), feeBps: 20 });
        else expect(platformFee).toBeNull();
        expect(swap.validate(swap.response('/quote'), rest)).toEqual([]);
      }
    });

    it('tokens v2 search, tag, category, recent; errors are { error }', async () => {
      const all = sb.market.solanaTokens().map((t) => t.address);
      for (const [path, url] of [
        ['/search', `/jupiter/tokens/v2/search?query=${all.join(',')}`],
        ['/search', '/jupiter/tokens/v2/search?query=bonk'],
        ['/tag', '/jupiter/tokens/v2/tag?query=verified'],
        ['/{category}/{interval}', '/jupiter/tokens/v2/toporganicscore/1h?limit=20'],
        ['/recent', '/jupiter/tokens/v2/recent'],
      ] as const) {
        const res = await get(url);
        expect(res.status).toBe(200);
        expect(tokens.validate(tokens.response(path), res.body)).toEqual([]);
      }
      const bad = await get('/jupiter/tokens/v2/search');
      expect(tokens.validate(tokens.response('/search', '400'), bad.body)).toEqual([]);
    });
  });
});
