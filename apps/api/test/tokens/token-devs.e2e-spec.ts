import { fomoFixtures } from '@scout/sandbox';
import { DAY_MS, NOW, UNKNOWN_EVM, UNKNOWN_MINT, expectAddressRules, expectIssueOn, startTokensApp, trendingBoard, type Json, type TokensApp } from './support';

/**
 * Developers, launch research and theses on a token end to end against the sandbox FOMO provider:
 * developer rows and rug flags checked against the sandbox's launches (who launched what, and what
 * they did with the bag), the launch time against the launch instant, theses against the
 * sandbox's own ordering; bounds, unknown tokens, and launch research losing parts.
 */

type Launch = ReturnType<typeof fomoFixtures>['launches'][number];
const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

/** The row Scout derives from one of the sandbox's dev rows. */
function expectedRow(d: Json): Json {
  const status = d.amount <= 0 ? 'exited' : d.realizedPnlUsd !== 0 ? 'sold_some' : 'holding';
  const { isDev, openedAt: _openedAt, ...rest } = d;
  return { role: isDev ? 'developer' : 'insider', status, ...rest };
}

/** The developer flag the fixture's fate must raise, its sells long past (launches older than 121 days). */
const DEV_FLAG: Record<string, string | null> = { holding: null, partial: 'dev_selling', rugged: 'dev_exited', exited: 'dev_exited' };

describe('token devs, launch research and theses on a token (end to end against the sandbox)', () => {
  let app: TokensApp;
  /** Launches with every planned sell in the past, so the dev's fate is visible. */
  let launches: Launch[];
  /** A trending token no tracked trader launched. */
  let noDev: { address: string; chain: string };
  let mints: string[];
  const byFate = (fate: string): Launch => launches.find((l) => l.dev.fate === fate)!;

  beforeAll(async () => {
    app = await startTokensApp('token devs');
    launches = fomoFixtures(app.t.sandbox.fomo.world).launches.filter((l) => Date.parse(l.launchedAt) < NOW - 122 * DAY_MS);
    const board = await trendingBoard(app);
    const evm = board.find((r) => r.network === 'ethereum');
    noDev = { address: evm.token.address, chain: 'ethereum' };
    const launched = new Set(launches.map((l) => l.address));
    mints = board.filter((r) => r.network === 'solana' && !launched.has(r.token.address)).map((r) => r.token.address);
    expect(['holding', 'partial'].every((f) => launches.some((l) => l.dev.fate === f))).toBe(true);
    expect(launches.some((l) => l.dev.fate === 'rugged' || l.dev.fate === 'exited')).toBe(true);
  });
  afterAll(() => app.t.close());
  afterEach(() => app.t.sandbox.control.clear());

  describe('service_fomo_token_devs', () => {
    it.each(['holding', 'partial', 'rugged'])("a launch whose dev is %s: the sandbox's rows, the flag its fate raises", async (fate) => {
      const launch = fate === 'rugged' ? (launches.find((l) => l.dev.fate === 'rugged') ?? byFate('exited')) : byFate(fate);
      const before = await app.balance();
      const res = await app.call('service_fomo_token_devs', { address: launch.address });
      await app.expectCharged('service_fomo_token_devs', res, before);
      const upstream = await app.fomo(`/v2/token/${launch.address}/devs`);
      const d = res.body.data;
      expect(d.devs).toEqual(upstream.devs.map(expectedRow));
      expect(d).toMatchObject({ token: { address: launch.address, chain: 'solana' }, developers: 1, insiders: launch.insiders });
      expect(d.devs[0]).toMatchObject({ role: 'developer', handle: launch.dev.handle, userId: launch.dev.userId, tradeId: launch.dev.tradeId });
      const devFlags = d.flags.filter((f: Json) => f.code.startsWith('dev_')).map((f: Json) => f.code);
      expect(devFlags).toEqual(DEV_FLAG[launch.dev.fate!] ? [DEV_FLAG[launch.dev.fate!]] : []);
      const insiders = d.devs.filter((r: Json) => r.role === 'insider');
      const gone = insiders.filter((r: Json) => r.status === 'exited').length;
      const insiderFlag =
        insiders.length > 0 && gone === insiders.length ? 'insiders_exited' : gone > 0 && gone * 2 >= insiders.length ? 'insiders_exiting' : null;
      expect(d.flags.filter((f: Json) => f.code.startsWith('insiders_')).map((f: Json) => f.code)).toEqual(insiderFlag ? [insiderFlag] : []);
    });

    it('a token no tracked trader launched: no rows, and the info flag saying that is not a safety signal', async () => {
      const d = (await app.ok('service_fomo_token_devs', noDev)).data;
      expect(d).toMatchObject({ developers: 0, insiders: 0, devs: [], flags: [{ code: 'no_known_dev', severity: 'info' }] });
      expect((await app.fomo(`/v2/token/${noDev.address}/devs`)).devs).toEqual([]);
    });
  });

  describe('service_fomo_token_launch_research', () => {
    it("the launch time is the dev's first fill, the launch instant; the dev's own trade says how much was sold", async () => {
      const launch = byFate('partial');
      const before = await app.balance();
      const res = await app.call('service_fomo_token_launch_research', { address: launch.address });
      await app.expectCharged('service_fomo_token_launch_research', res, before);
      const [trade, stats] = await Promise.all([app.fomo(`/v2/trades/${launch.dev.tradeId}`), app.fomo(`/v2/token/${launch.address}/stats`)]);
      const d = res.body.data;
      expect(d).toMatchObject({ token: { address: launch.address, chain: 'solana' }, devKnown: true, launchTimeProxy: launch.launchedAt });
      expect(d.developers).toHaveLength(1);
      expect(d.developers[0]).toMatchObject({ handle: launch.dev.handle, tradeId: launch.dev.tradeId, status: 'sold_some' });
      expect(d.developers[0].position).toMatchObject({
        tradeId: launch.dev.tradeId,
        openedAt: launch.launchedAt,
        boughtAmount: trade.bought,
        soldAmount: trade.sold,
        soldPct: round((100 * trade.sold) / trade.bought),
        realizedPnlUsd: trade.realizedPnlUsd,
        status: 'sold_some',
      });
      expect(d.insiders).toHaveLength(launch.insiders);
      expect(d.flags.map((f: Json) => f.code)).toContain('dev_selling');
      expect(d.market).toMatchObject({ priceUsd: stats.priceUsd, holders: stats.holders, concentration: { top10HoldersPercent: stats.top10HoldersPercent } });
    });

    it('a rugged launch: the dev exited, the position shows everything sold', async () => {
      const launch = launches.find((l) => l.dev.fate === 'rugged') ?? byFate('exited');
      const d = (await app.ok('service_fomo_token_launch_research', { address: launch.address, chain: 'solana' })).data;
      expect(d.launchTimeProxy).toBe(launch.launchedAt);
      expect(d.developers[0].position).toMatchObject({ status: 'exited', soldPct: 100 });
      expect(d.flags.map((f: Json) => f.code)).toContain('dev_exited');
    });

    it('a token nobody tracked launched: devKnown false, no launch time, a note on why', async () => {
      const res = await app.ok('service_fomo_token_launch_research', noDev);
      expect(res.data).toMatchObject({
        devKnown: false,
        launchTimeProxy: null,
        developers: [],
        insiders: [],
        flags: [{ code: 'no_known_dev' }],
        token: { chain: 'ethereum' },
      });
      expect(res.data.market.holders).toBe((await app.fomo(`/v2/token/${noDev.address}/stats`)).holders);
      expect(res.notes.join(' ')).toMatch(/knows no developer/);
    });
  });

  describe('service_fomo_theses_for_token', () => {
    it("most-liked first, minLikes applied, limit kept: the sandbox's own likes order", async () => {
      const address = mints[0];
      const all = await app.fomo(`/v2/thesis/token/${address}?sort=likes&limit=100`);
      const minLikes = all.theses[40].likes;
      const before = await app.balance();
      const res = await app.call('service_fomo_theses_for_token', { address, sort: 'likes', minLikes, limit: 20 });
      await app.expectCharged('service_fomo_theses_for_token', res, before);
      const d = res.body.data;
      expect(d.theses.map((x: Json) => x.thesisId)).toEqual(
        all.theses
          .filter((x: Json) => x.likes >= minLikes)
          .slice(0, 20)
          .map((x: Json) => x.thesisId),
      );
      expect(d.theses[0]).toMatchObject({ handle: all.theses[0].handle, userId: all.theses[0].userId, likes: all.theses[0].likes, text: all.theses[0].text });
      expect(d).toMatchObject({ sort: 'likes', token: { address, chain: 'solana' }, summary: { count: 20 } });
    });

    it('sort recent and pnl follow the sandbox; a bar above every thesis reads them all and keeps none', async () => {
      const address = mints[1];
      for (const sort of ['recent', 'pnl']) {
        const upstream = await app.fomo(`/v2/thesis/token/${address}?sort=${sort}`);
        const d = (await app.ok('service_fomo_theses_for_token', { address, sort, limit: 10 })).data;
        expect(d.theses.map((x: Json) => x.thesisId)).toEqual(upstream.theses.slice(0, 10).map((x: Json) => x.thesisId));
      }
      const all = await app.fomo(`/v2/thesis/token/${address}?sort=likes`);
      const res = await app.ok('service_fomo_theses_for_token', { address, minLikes: all.theses[0].likes + 1 });
      expect(res.data).toMatchObject({ theses: [], read: all.count, complete: true });
    });
  });

  describe('400: each input at its bounds', () => {
    const BOUNDS: Array<[string, unknown, unknown]> = [
      ['limit', 1, 0],
      ['limit', 200, 201],
      ['minLikes', 0, -1],
      ['minLikes', 1_000_000_000, 1_000_000_001],
      ['minLikes', 5, 5.5],
      ['sort', 'pnl', 'equity'],
    ];
    it.each(BOUNDS)('service_fomo_theses_for_token %s: %j answers, %j is a 400', async (field, edge, past) => {
      await app.ok('service_fomo_theses_for_token', { address: mints[2], [field]: edge });
      const before = await app.balance();
      const res = await app.call('service_fomo_theses_for_token', { address: mints[2], [field]: past });
      await app.expectUncharged(res, 400, before);
      expectIssueOn(res, field);
    });

    it.each(['service_fomo_token_devs', 'service_fomo_token_launch_research', 'service_fomo_theses_for_token'])('%s: the address rules', async (tool) => {
      await expectAddressRules(app, tool, byFate('holding').address, noDev);
    });
  });

  describe('404: an address the sandbox does not know, charged nothing', () => {
    it.each(['service_fomo_token_devs', 'service_fomo_token_launch_research', 'service_fomo_theses_for_token'])('%s', async (tool) => {
      for (const address of [UNKNOWN_MINT, UNKNOWN_EVM]) {
        const before = await app.balance();
        const res = await app.call(tool, { address });
        await app.expectUncharged(res, 404, before);
        expect(res.body.error).toMatchObject({ code: 'not_found', message: expect.stringContaining(address) });
      }
    });
  });

  describe('502 and partial failure: a lost part is null with a note (charged), all lost is a 502 (free)', () => {
    beforeEach(() => app.freshReads());

    it("launch research without the dev's trade: the position and launch time are null, the rest stands", async () => {
      const launch = byFate('holding');
      app.t.sandbox.control.add({ provider: 'fomo', route: `/v2/trades/${launch.dev.tradeId}`, status: 503 });
      const before = await app.balance();
      const res = await app.call('service_fomo_token_launch_research', { address: launch.address });
      await app.expectCharged('service_fomo_token_launch_research', res, before);
      expect(res.body.data).toMatchObject({ devKnown: true, launchTimeProxy: null, developers: [{ tradeId: launch.dev.tradeId, position: null }] });
      expect(res.body.data.market).not.toBeNull();
      expect(res.body.notes.join(' ')).toContain(`FOMO trade ${launch.dev.tradeId} did not answer (HTTP 503)`);
    });

    it('launch research without the stats: market null, the developers stand', async () => {
      const launch = byFate('partial');
      app.t.sandbox.control.add({ provider: 'fomo', route: `/v2/token/${launch.address}/stats`, status: 503 });
      const res = await app.ok('service_fomo_token_launch_research', { address: launch.address });
      expect(res.data).toMatchObject({ market: null, devKnown: true, launchTimeProxy: launch.launchedAt });
      expect(res.notes).toContain('FOMO token stats did not answer (HTTP 503): market left null.');
    });

    it('launch research with the devs route hung: what it would say is unknown (null), not "no developer"', async () => {
      const launch = byFate('holding');
      app.t.sandbox.control.add({ provider: 'fomo', route: `/v2/token/${launch.address}/devs`, timeout: true });
      const res = await app.ok('service_fomo_token_launch_research', { address: launch.address });
      expect(res.data).toMatchObject({ devKnown: null, launchTimeProxy: null, developers: null, insiders: null, flags: null });
      expect(res.data.market).not.toBeNull();
      expect(res.notes.join(' ')).toMatch(/FOMO token devs did not answer \(timeout\)/);
    });

    it.each([
      ['service_fomo_token_launch_research', (a: string) => [`/v2/token/${a}/devs`, `/v2/token/${a}/stats`]],
      ['service_fomo_token_devs', (a: string) => [`/v2/token/${a}/devs`]],
      ['service_fomo_theses_for_token', (a: string) => [`/v2/thesis/token/${a}`]],
    ])('%s with every part failing: 502 tool_error, hold voided', async (tool, routes) => {
      const address = byFate('partial').address;
      for (const route of routes(address)) app.t.sandbox.control.add({ provider: 'fomo', route, status: 503 });
      const before = await app.balance();
      const res = await app.call(tool, { address });
      await app.expectUncharged(res, 502, before);
      expect(res.body.error).toMatchObject({ code: 'tool_error', details: expect.stringMatching(/503/) });
    });
  });
});
