import {
  createFomoClients,
  fomoProbes,
  FomoClient,
  FomoTokenClient,
  HttpUpstreamSource,
  type FomoClients,
  type UpstreamCall,
  type UpstreamSource,
} from '@scout/upstream';
import { hashString, unit } from '../../prng';
import { SANDBOX_KEYS, startSandbox, type RunningSandbox } from '../../server';
import type { VariantContext } from '../../variants';
import { fomoRouteName, fomoVariants } from './variants';

const NOW = Date.parse('2026-11-20T12:00:00.000Z');
const auth = { authorization: `Bearer ${SANDBOX_KEYS.fomo}` };

type Json = Record<string, unknown>;

/** A seeded context like the sandbox's own, recording the variants it serves. */
function context(route: string, seed: number, served: string[]): VariantContext {
  let draws = 0;
  const key = hashString(route);
  const draw = () => unit(seed, key, ++draws);
  return {
    provider: 'fomo',
    route,
    method: 'GET',
    chance: (p) => draw() < p,
    pick: (options) => options[Math.floor(draw() * options.length)],
    served: (name) => served.push(name),
  };
}

/**
 * Answers a client's call with the plain sandbox's answer run through the FOMO writer, then the
 * client's own parser: what the client would read from a sandbox with every answer rewritten.
 */
class RewritingSource implements UpstreamSource {
  readonly name = 'fomo';
  readonly served: string[] = [];
  readonly failures: string[] = [];
  constructor(
    private readonly baseUrl: string,
    private readonly seed: number,
  ) {}

  async request<T>(call: UpstreamCall, parse: (raw: unknown) => T): Promise<T> {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(call.query ?? {})) if (v !== undefined) query.set(k, String(v));
    const res = await fetch(`${this.baseUrl}${call.path}?${query.toString()}`, { headers: auth });
    const body: unknown = await res.json();
    if (res.status !== 200) throw new Error(`${call.endpoint}: ${res.status}`);
    const rewritten = fomoVariants(context(call.path, this.seed, this.served), structuredClone(body));
    try {
      return parse(rewritten);
    } catch (error) {
      this.failures.push(`${call.endpoint} (seed ${this.seed}): ${String(error)}`);
      throw error;
    }
  }
}

describe('fomoRouteName', () => {
  it.each([
    ['/v2/me', null],
    ['/v2/leaderboard/7d', 'leaderboard'],
    ['/v2/leaderboard/tokens/trending', 'tokenBoard'],
    ['/v2/users/pricedin', 'profile'],
    ['/v2/users/id/27000f4b-0bc3-572b-a018-2d6e50c512e0', 'profile'],
    ['/v2/users/27000f4b-0bc3-572b-a018-2d6e50c512e0/positions', 'positions'],
    ['/v2/users/27000f4b-0bc3-572b-a018-2d6e50c512e0/followers', 'followers'],
    ['/v2/thesis/user/x/token/y', 'theses'],
    ['/v2/trades/t1/comments', 'comments'],
    ['/v2/token/abc/candles', 'candles'],
    ['/token/abc/holders', 'holders'],
    ['/v2/alerts', 'alerts'],
    ['/v2/trading/orders', null],
  ])('%s is %s', (route, name) => expect(fomoRouteName(route)).toBe(name));
});

describe('FOMO variants', () => {
  let sandbox: RunningSandbox;
  let plain: RunningSandbox;
  let source: HttpUpstreamSource | undefined;
  let clients: FomoClients;

  beforeAll(async () => {
    sandbox = await startSandbox({ now: () => NOW, variants: { rate: 1, seed: 9 } });
    plain = await startSandbox({ now: () => NOW });
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
    await plain?.close();
  });

  it('every rewritten answer parses with the client, and every variant is produced', async () => {
    const served = new Set<string>();
    const failures: string[] = [];
    for (let seed = 1; seed <= 12; seed++) {
      const rewriting = new RewritingSource(plain.urls.fomo, seed);
      const viaWriter = { traders: new FomoClient(rewriting), tokens: new FomoTokenClient(rewriting) };
      const runs = [...fomoProbes(viaWriter).map((p) => p.run()), viaWriter.traders.leaderboard('24h'), viaWriter.tokens.tokenBoard('most-held')];
      // The trader's followers, theses and comments are the ones with display fields to drop.
      runs.push(viaWriter.traders.followers('27000f4b-0bc3-572b-a018-2d6e50c512e0', 50));
      await Promise.allSettled(runs);
      failures.push(...rewriting.failures);
      rewriting.served.forEach((name) => served.add(name));
    }
    expect(failures).toEqual([]);
    const names = [...served];
    // Each rule, on each route that carries its fields.
    const expected = [
      /^leaderboard\.(displayName|imageUrl|description) (null|absent)$/,
      /^leaderboard\.topTokens\.symbol absent$/,
      /^leaderboard\.topTokens\.imageUrl null$/,
      /^profile\.(displayName|imageUrl|description) (null|absent)$/,
      /^profile\.topTokens\.symbol absent$/,
      /^(following|followers)\.(displayName|imageUrl|twitter) (null|absent)$/,
      /^search\.(displayName|imageUrl) (null|absent)$/,
      /^positions\.token\.(name|symbol|imageUrl) (null|absent)$/,
      /^swaps\.token(In|Out)\.symbol (null|absent)$/,
      /^balances\.token\.(name|symbol|imageUrl) (null|absent)$/,
      /^spotlight\.token\.(name|symbol|imageUrl) (null|absent)$/,
      /^theses\.token\.(name|symbol|imageUrl) (null|absent)$/,
      /^trade\.token\.(name|symbol|imageUrl) (null|absent)$/,
      /^tokenBoard\.token\.(name|symbol) (null|absent)$/,
      /^tokenSearch\.results\.(name|symbol|imageUrl) (null|absent)$/,
      /^alerts\.(type|alertType) absent$/,
      /^alerts\.text (null|absent)$/,
      /^candles\.source absent$/,
    ];
    expect(expected.filter((pattern) => !names.some((n) => pattern.test(n))).map(String)).toEqual([]);
    // Nothing else: only display fields, never an identifier or a figure.
    const allowed = /^[a-zA-Z]+(\.[a-zA-Z]+)*\.(displayName|imageUrl|twitter|clan|description|name|symbol|type|alertType|text|source|handle) (null|absent)$/;
    expect(names.filter((n) => !allowed.test(n))).toEqual([]);
    expect(names.filter((n) => /\.handle /.test(n) && !n.startsWith('comments.'))).toEqual([]);
  }, 120_000);

  it('every endpoint reads the answers of a sandbox that rewrites them all (rate 1)', async () => {
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
    for (const route of ['leaderboard', 'profile', 'positions', 'swaps', 'tokenBoard', 'theses']) {
      expect({ route, met: served.some((name) => name.startsWith(`fomo ${route}.`)) }).toEqual({ route, met: true });
    }
  }, 60_000);

  it('a leaderboard keeps its ranks, handles, wallets and figures; only display fields go', async () => {
    const read = async (base: string) => (await fetch(`${base}/v2/leaderboard/7d?limit=50`, { headers: auth })).json();
    const [before, after] = (await Promise.all([read(plain.urls.fomo), read(sandbox.urls.fomo)])) as { traders: Json[] }[];
    const figures = (rows: Json[]) =>
      rows.map((r) => [r.rank, r.handle, r.userId, r.pnlUsd, r.volumeUsd, r.trades, r.followers, r.holdings, r.verified, r.wallets]);
    const topFigures = (rows: Json[]) =>
      rows.map((r) => (r.topTokens as Json[]).map((t) => [t.tokenAddress, t.networkId, t.humanAmount, t.price, t.value, t.pnl]));
    expect(figures(after.traders)).toEqual(figures(before.traders));
    expect(topFigures(after.traders)).toEqual(topFigures(before.traders));
    const changed = after.traders.filter((r, i) => ['displayName', 'imageUrl', 'twitter', 'clan', 'description'].some((f) => r[f] !== before.traders[i][f]));
    expect(changed.length).toBeGreaterThan(0);
  });

  it('positions and swaps keep their ids, amounts, prices, PnL and cursors', async () => {
    const id = '27000f4b-0bc3-572b-a018-2d6e50c512e0';
    const read = async (base: string, path: string) => (await fetch(`${base}${path}`, { headers: auth })).json() as Promise<Json>;
    for (const path of [`/v2/users/${id}/positions?limit=50`, `/v2/users/${id}/swaps?limit=50`]) {
      const [before, after] = await Promise.all([read(plain.urls.fomo, path), read(sandbox.urls.fomo, path)]);
      const strip = (body: Json): unknown => JSON.parse(JSON.stringify(body, (k, v: unknown) => (['name', 'symbol', 'imageUrl'].includes(k) ? undefined : v)));
      expect(strip(after)).toEqual(strip(before));
    }
  });
});
