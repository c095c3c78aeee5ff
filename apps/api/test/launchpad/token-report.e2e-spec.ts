import { SANDBOX_KEYS } from '@scout/sandbox';
import { launchpadTokenBurnsSchema } from '@scout/upstream';
import { claimableShareOfVolumePct, MANY_LAUNCHES, peakSharePct, reportFlags } from '@scout/launchpad';
import { startTokensApp, UNKNOWN_MINT, type Json, type TokensApp } from '../tokens/support';

const TOOL = 'launchpad_token_report';
/** The rows the report lists of each part (REPORT_ROWS). */
const ROWS = 10;

/**
 * launchpad_token_report end to end against the sandbox's launchpad: each part equals what the
 * single tool for it answers (the same figures on the same site answers); backing only for a pump
 * launch, null with the reason otherwise; a
 * failed part is null with a note and still charged 1,250; tracked holders cost nothing more;
 * flags from the same figures; unknown mint 404, bad input 400 and the site down 502, uncharged.
 */
describe('launchpad_token_report (end to end against the sandbox)', () => {
  let app: TokensApp;
  let fx: Json;

  beforeAll(async () => {
    app = await startTokensApp('launchpad-report');
    fx = ((await (await fetch(`${app.t.sandbox.url}/__control/fixtures`)).json()) as Json).launchpad;
  });
  afterAll(() => app.t.close());

  /** What the site serves at `path`, read past Scout. */
  const site = async (path: string): Promise<Json> => {
    const res = await fetch(`${app.t.sandbox.urls.launchpad}${path}`, { headers: { 'x-api-key': SANDBOX_KEYS.launchpad } });
    expect({ path, status: res.status }).toEqual({ path, status: 200 });
    return res.json();
  };

  /** The tool's own notes: the gateway adds one saying the sandbox answered. */
  const ownNotes = (notes: string[] | undefined) => (notes ?? []).filter((n) => !/sandbox upstream/.test(n));

  async function report(body: object): Promise<Json> {
    const before = await app.balance();
    const res = await app.call(TOOL, body);
    await app.expectCharged(TOOL, res, before);
    return res.body;
  }

  /** A single tool's data, called as the funded caller (charged like any call). */
  const single = async (tool: string, body: object): Promise<Json> => (await app.ok(tool, body)).data;
  const withoutMint = ({ mint: _mint, ...rest }: Json) => rest;

  /**
   * Every part of the report on `mint` equals the data of the single tool for that part (at the
   * report's row limit, without the repeated mint): launchpad_token, _burns, _rewards, _airdrop,
   * _fees, _backing (for a pump coin; any other is that tool's 400 and the report's null with the
   * reason), launchpad_launches by the creator; the flags are the report's figures on those answers;
   * and the burn totals are the site's own (read past Scout).
   */
  async function expectPartsAsSingleTools(mint: string, d: Json): Promise<void> {
    const coin = await single('launchpad_token', { mint });
    const { market, ...token } = coin.token;
    expect(d.mint).toBe(mint);
    expect(d.token).toEqual(token);
    expect(d.launch).toEqual(coin.launch);
    expect(d.market).toEqual({ ...market, peakSharePct: peakSharePct(market) });
    expect(d.burns).toEqual(withoutMint(await single('launchpad_token_burns', { mint, limit: ROWS })));
    expect(d.rewards).toEqual(withoutMint(await single('launchpad_token_rewards', { mint, limit: ROWS })));
    expect(d.airdrop).toEqual(withoutMint(await single('launchpad_token_airdrop', { mint, limit: ROWS })));
    const fees = withoutMint(await single('launchpad_token_fees', { mint }));
    expect(d.fees).toEqual({ ...fees, claimableShareOfVolumePct: claimableShareOfVolumePct(fees.claimable?.valueUsd ?? null, market.volume24hUsd) });
    if (token.launchpad === 'pump') {
      expect(d.backing).toEqual(withoutMint(await single('launchpad_token_backing', { mint })));
      expect(d.backingReason).toBeNull();
    } else {
      expect((await app.call('launchpad_token_backing', { mint })).status).toBe(400);
      expect(d.backing).toBeNull();
      expect(d.backingReason).toMatch(new RegExp(`pump launches only.*${token.launchpad}`));
    }
    const creator = token.creator ?? coin.launch?.creator;
    const launches = await single('launchpad_launches', { creator, pageSize: ROWS });
    expect(d.creator).toEqual({ address: creator, launchCount: launches.pagination.total, recentLaunches: launches.launches });
    expect(d.creator.recentLaunches.map((l: Json) => l.mint)).toContain(mint);
    expect(d.flags).toEqual(reportFlags({ token, market, creatorLaunchCount: launches.pagination.total, fees }));
    const served = launchpadTokenBurnsSchema.parse(await site(`/api/tokens/${mint}/burns?limit=${ROWS}`));
    expect(d.burns.totals).toMatchObject({ amountRaw: served.totals.amountRaw, burnCount: served.totals.burnCount });
  }

  it("a pump coin: every part equals the single tool's answer, backing included; charged 1,250", async () => {
    const mint: string = fx.pumpMint;
    const { data: d, notes } = await report({ mint });
    expect(d.token.launchpad).toBe('pump');
    await expectPartsAsSingleTools(mint, d);
    expect(d.backing.lockedUsd).toBeGreaterThan(0);
    expect(d.trackedHolders).toBeNull();
    expect(ownNotes(notes)).toEqual([]);
  });

  it.each([
    ['raydium_standard', 'claimable creator fees'],
    ['launchlab_reward', 'a reward ledger'],
    ['raydium_reward', 'a reward ledger'],
  ])('a %s coin (%s): backing null with the reason, not a 400; every other part as the single tools answer; charged 1,250', async (kind) => {
    const mint: string = fx.mints[kind][0];
    const { data: d, notes } = await report({ mint });
    expect(`${d.token.launchpad}_${d.token.mode}`).toBe(kind);
    await expectPartsAsSingleTools(mint, d);
    if (kind === 'raydium_standard') expect(d.fees.claimable).not.toBeNull();
    else expect(d.rewards.rewards).not.toBeNull();
    expect(ownNotes(notes)).toEqual([]);
  });

  it('a coin launched with an airdrop: the airdrop as launchpad_token_airdrop lists it', async () => {
    const mint: string = fx.airdropMint;
    const { data: d } = await report({ mint });
    await expectPartsAsSingleTools(mint, d);
    expect(d.airdrop.airdrop.walletCount).toBeGreaterThan(0);
  });

  it("a reward coin is flagged with its transfer tax; the serial creator's coin with their launch count", async () => {
    const reward = (await report({ mint: fx.rewardMint })).data;
    expect(reward.token.mode).toBe('reward');
    expect(reward.flags).toContainEqual({
      code: 'reward_transfer_tax',
      severity: 'info',
      text: `reward coin: ${reward.token.transferFee.bps} bps transfer tax on every trade (Token-2022)`,
    });

    expect(fx.serialCreator.launches).toBeGreaterThanOrEqual(MANY_LAUNCHES);
    const theirs = await site(`/api/launches?creator=${fx.serialCreator.wallet}&pageSize=1`);
    const serial = (await report({ mint: theirs.launches[0].mint })).data;
    expect(serial.creator).toMatchObject({ address: fx.serialCreator.wallet, launchCount: theirs.pagination.total });
    expect(serial.flags).toContainEqual(
      expect.objectContaining({ code: 'serial_launcher', text: expect.stringContaining(`${theirs.pagination.total} coins`) }),
    );
  });

  it('a failed part is null with a note naming it; the rest stands, still charged 1,250', async () => {
    const mint: string = fx.nonPumpMint;
    await app.freshReads();
    app.t.sandbox.control.add({ provider: 'launchpad', route: `/api/tokens/${mint}/burns`, status: 503 });
    try {
      const { data: d, notes } = await report({ mint });
      expect(d.burns).toBeNull();
      expect(d.token).not.toBeNull();
      expect(d.fees).not.toBeNull();
      expect(ownNotes(notes)).toEqual(['launchpad burns did not answer (HTTP 503): burns left null.']);
    } finally {
      app.t.sandbox.control.clear();
    }
  });

  it('with includeTrackedHolders: the tracked holders service_fomo_token_holders lists, at the same 1,250', async () => {
    const mint: string = fx.pumpMint;
    const { data: d, notes } = await report({ mint, includeTrackedHolders: true });
    await expectPartsAsSingleTools(mint, d);
    const single = await app.ok('service_fomo_token_holders', { address: mint, chain: 'solana', limit: 20 });
    const { capturedAt, trackedHolderCount, trackedValueUsd, holders } = single.data;
    // No tracked trader of the sandbox's FOMO world holds a launchpad coin: the same empty list both ways.
    expect(d.trackedHolders).toEqual({ capturedAt, trackedHolderCount, trackedValueUsd, holders });
    expect(ownNotes(notes)).toEqual([]);
  });

  it('an unknown mint is a 404, uncharged', async () => {
    const before = await app.balance();
    const res = await app.call(TOOL, { mint: UNKNOWN_MINT });
    await app.expectUncharged(res, 404, before);
    expect(res.body.error.message).toContain(UNKNOWN_MINT);
  });

  it.each([[{}], [{ mint: 'short' }], [{ mint: '0x5c5c5c5c5c5c5c5c5c5c5c5c5c5c5c5c5c5c5c5c' }], [{ mint: UNKNOWN_MINT, includeTrackedHolders: 'yes' }]])(
    '400 for %j, uncharged',
    async (body) => {
      const before = await app.balance();
      await app.expectUncharged(await app.call(TOOL, body), 400, before);
    },
  );

  it('the site down is a 502, uncharged', async () => {
    await app.freshReads();
    app.t.sandbox.control.add({ provider: 'launchpad', status: 503 });
    try {
      const before = await app.balance();
      await app.expectUncharged(await app.call(TOOL, { mint: fx.pumpMint, includeTrackedHolders: true }), 502, before);
    } finally {
      app.t.sandbox.control.clear();
    }
  });
});
