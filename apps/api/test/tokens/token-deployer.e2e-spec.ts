import { fomoFixtures, SANDBOX_KEYS } from '@scout/sandbox';
import { DAY_MS, NOW, expectIssueOn, startTokensApp, UNKNOWN_EVM, UNKNOWN_MINT, type Json, type TokensApp } from './support';

/**
 * service_token_deployer end to end against the sandbox: the deployer of a FOMO launch coin is its
 * FOMO developer (service_fomo_token_devs' developer wallet); the launches are the analytics
 * stand-in's /deployer list, read past Scout, with Scout's outcome and graduation counts; a serial
 * launcher's dead coins show as dead; a wallet with no launches is an empty answer with a note.
 * Both or neither input, an EVM address, an unknown mint, the source down: refused, uncharged.
 * /deployer failing after the token's deployer was found leaves the launches null, charged.
 */

type Launch = ReturnType<typeof fomoFixtures>['launches'][number];
/** Well formed, but no wallet the sandbox knows. */
const NO_LAUNCHES = 'ScoutNoLaunchesWa11et11111111111111111111';
const BONDING_CURVES = new Set(['pumpfun']);

describe('service_token_deployer (end to end against the sandbox)', () => {
  let app: TokensApp;
  let launches: Launch[];

  beforeAll(async () => {
    app = await startTokensApp('token-deployer');
    launches = fomoFixtures(app.t.sandbox.fomo.world).launches.filter((l) => Date.parse(l.launchedAt) <= NOW);
    expect(launches.length).toBeGreaterThanOrEqual(3);
  });
  afterAll(() => app.t.close());
  afterEach(() => app.t.sandbox.control.clear());

  const analytics = async (path: string): Promise<Json> => {
    const res = await fetch(`${app.t.sandbox.urls.solanaTracker}${path}`, { headers: { 'x-api-key': SANDBOX_KEYS.solanaTracker } });
    expect(res.status).toBe(200);
    return res.json();
  };

  /** The answer's launches are the source's list, with Scout's outcome on each and the counts over them. */
  const expectLaunchesOf = async (d: Json, wallet: string) => {
    const listed = await analytics(`/deployer/${wallet}?limit=500`);
    expect(d.launchCount).toBe(listed.total);
    expect(d.listed).toBe(listed.tokens.length);
    expect(d.launches.map((l: Json) => l.mint)).toEqual(listed.tokens.map((t: Json) => t.mint));
    listed.tokens.forEach((t: Json, i: number) => {
      expect(d.launches[i]).toMatchObject({
        name: t.name,
        symbol: t.symbol,
        createdAt: new Date(t.createdAt).toISOString(),
        market: t.market,
        graduated: !BONDING_CURVES.has(t.market),
        liquidityUsd: t.liquidityUsd,
        marketCapUsd: t.marketCapUsd,
        lpBurnPercent: t.lpBurn,
      });
    });
    expect(d.graduatedCount).toBe(listed.tokens.filter((t: Json) => !BONDING_CURVES.has(t.market)).length);
    const outcomes = d.launches.map((l: Json) => l.outcome);
    expect(d.outcomes).toEqual({
      graduated: outcomes.filter((o: string) => o === 'graduated').length,
      active: outcomes.filter((o: string) => o === 'active').length,
      dead: outcomes.filter((o: string) => o === 'dead').length,
      unknown: 0,
    });
    // Scout's rule, from the source's figures: over a day old and thin is dead.
    for (const l of d.launches) {
      const thin = l.liquidityUsd < 1_000 || l.marketCapUsd < 10_000;
      if (thin && NOW - Date.parse(l.createdAt) >= DAY_MS) expect(l.outcome).toBe('dead');
      else expect(l.outcome).toBe(l.graduated ? 'graduated' : 'active');
    }
  };

  it("a FOMO launch coin's deployer is its FOMO developer; its launches are the source's, charged 500", async () => {
    for (const launch of launches.slice(0, 3)) {
      const devs = (await app.ok('service_fomo_token_devs', { address: launch.address })).data.devs;
      const dev = devs.find((r: Json) => r.role === 'developer');
      expect(dev).toMatchObject({ handle: launch.dev.handle });
      const before = await app.balance();
      const res = await app.call('service_token_deployer', { token: launch.address });
      await app.expectCharged('service_token_deployer', res, before);
      const d = res.body.data;
      expect(d.deployer).toBe(dev.wallet);
      expect(d.resolvedFrom).toMatchObject({ mint: launch.address, symbol: launch.symbol });
      expect(d.launches.map((l: Json) => l.mint)).toContain(launch.address);
      await expectLaunchesOf(d, dev.wallet);
      expect(res.body.credits.endpoints).toEqual(expect.arrayContaining(['solana-tracker:/tokens/{mint}', 'solana-tracker:/deployer/{wallet}']));
      // Asked by wallet, the same launches.
      const direct = (await app.ok('service_token_deployer', { deployer: dev.wallet })).data;
      expect(direct).toEqual({ ...d, resolvedFrom: null });
    }
  });

  it("a serial launcher's history: dead coins counted dead, the counts add up", async () => {
    const rows: Json[] = (await analytics(`/search?maxCreatedAt=${NOW - 30 * DAY_MS}&sortBy=createdAt&sortOrder=desc&limit=200`)).data;
    const counts = new Map<string, number>();
    for (const r of rows) if (r.deployer) counts.set(r.deployer, (counts.get(r.deployer) ?? 0) + 1);
    let serial: string | undefined;
    for (const wallet of [...counts.keys()]) {
      if ((await analytics(`/deployer/${wallet}?limit=1`)).total >= 5) {
        serial = wallet;
        break;
      }
    }
    expect(serial).toBeDefined();
    const d = (await app.ok('service_token_deployer', { deployer: serial! })).data;
    await expectLaunchesOf(d, serial!);
    expect(d.outcomes.dead).toBeGreaterThan(0);
    expect(d.deadSharePct).toBeCloseTo((d.outcomes.dead / d.listed) * 100, 1);
  });

  it('a wallet with no launches is an empty answer with a note, charged', async () => {
    const before = await app.balance();
    const res = await app.call('service_token_deployer', { deployer: NO_LAUNCHES });
    await app.expectCharged('service_token_deployer', res, before);
    expect(res.body.data).toMatchObject({ deployer: NO_LAUNCHES, resolvedFrom: null, launchCount: 0, listed: 0, graduatedCount: 0, launches: [] });
    expect(res.body.notes).toEqual(expect.arrayContaining([expect.stringContaining('no launches by this wallet')]));
  });

  it('is refused, uncharged: both or neither input, an EVM token or wallet, a malformed one (400), an unknown mint (404)', async () => {
    const before = await app.balance();
    const both = await app.call('service_token_deployer', { token: launches[0].address, deployer: NO_LAUNCHES });
    await app.expectUncharged(both, 400, before);
    expectIssueOn(both, 'deployer');
    expect(both.body.error.issues[0].message).toMatch(/token .* or deployer .*not both/);
    const neither = await app.call('service_token_deployer', {});
    await app.expectUncharged(neither, 400, before);
    expect(neither.body.error.issues[0].message).toMatch(/give token .* or deployer/);
    const evm = await app.call('service_token_deployer', { token: UNKNOWN_EVM });
    await app.expectUncharged(evm, 400, before);
    expect(evm.body.error.issues[0]).toMatchObject({ path: 'token', message: expect.stringContaining('service_token_info') });
    const evmWallet = await app.call('service_token_deployer', { deployer: UNKNOWN_EVM });
    await app.expectUncharged(evmWallet, 400, before);
    expect(evmWallet.body.error.issues[0]).toMatchObject({ path: 'deployer', message: expect.stringContaining('Solana') });
    await app.expectUncharged(await app.call('service_token_deployer', { deployer: 'not a wallet' }), 400, before);
    const unknown = await app.call('service_token_deployer', { token: UNKNOWN_MINT });
    await app.expectUncharged(unknown, 404, before);
    expect(unknown.body.error.message).toContain(UNKNOWN_MINT);
  });

  it('the analytics source down is a 502, uncharged, asked either way', async () => {
    await app.freshReads();
    app.t.sandbox.control.add({ provider: 'solana-tracker', status: 503 });
    const before = await app.balance();
    await app.expectUncharged(await app.call('service_token_deployer', { token: launches[1].address }), 502, before);
    await app.expectUncharged(await app.call('service_token_deployer', { deployer: NO_LAUNCHES }), 502, before);
  });

  it("/deployer failing after the token's deployer was found: the deployer answered, launches null with a note, charged", async () => {
    await app.freshReads();
    app.t.sandbox.control.add({ provider: 'solana-tracker', route: '/deployer', status: 503 });
    const launch = launches[2];
    const token = await analytics(`/tokens/${launch.address}`);
    const before = await app.balance();
    const res = await app.call('service_token_deployer', { token: launch.address });
    await app.expectCharged('service_token_deployer', res, before);
    expect(res.body.data).toMatchObject({ deployer: token.token.creation.creator, launchCount: null, listed: 0, launches: null });
    expect(res.body.notes).toEqual(expect.arrayContaining([expect.stringMatching(/\/deployer page 1 did not answer.*launches left null/)]));
  });
});
