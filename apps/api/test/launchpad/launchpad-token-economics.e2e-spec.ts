import { SANDBOX_KEYS } from '@scout/sandbox';
import { expectIssueOn, startTokensApp, UNKNOWN_MINT, type Json, type TokensApp } from '../tokens/support';

/**
 * The per-coin launchpad tools end to end against the sandbox's launchpad: launchpad_token_burns,
 * _rewards, _airdrop, _fees and _backing report what the site serves (read past Scout), their sums
 * hold (listed burns add to the totals, a coin's rewards are the platform's row for it), a
 * standard coin's rewards are null with a note, backing of a non-pump coin is a 400 naming its
 * launchpad; bad input 400, unknown mint 404, the site down 502, all uncharged.
 */
describe('launchpad per-coin tools (end to end against the sandbox)', () => {
  let app: TokensApp;
  let fx: Json;

  /** What the sandbox's launchpad itself serves at `path`, past Scout. */
  const site = async (path: string): Promise<Json> => {
    const res = await fetch(`${app.t.sandbox.urls.launchpad}${path}`, { headers: { 'x-api-key': SANDBOX_KEYS.launchpad } });
    expect({ path, status: res.status }).toEqual({ path, status: 200 });
    return res.json();
  };
  /** Every coin the site lists, newest first. */
  const allCoins = async (): Promise<Json[]> => (await site('/api/tokens?sort=newest&pageSize=100')).tokens;
  const cents = (usd: number) => Math.round(usd * 100);

  beforeAll(async () => {
    app = await startTokensApp('launchpad-token-economics');
    fx = ((await (await fetch(`${app.t.sandbox.url}/__control/fixtures`)).json()) as Json).launchpad;
  });
  afterAll(() => app.t.close());

  describe('launchpad_token_burns', () => {
    it("reports the site's totals and newest burns, charged 250; every burn listed adds up to the totals", async () => {
      const coins = await allCoins();
      let checked = 0;
      for (const coin of coins.filter((c) => c.flywheel?.active)) {
        const served = await site(`/api/tokens/${coin.mint}/burns?limit=100`);
        if (served.totals.burnCount === 0 || served.totals.burnCount > 100) continue;
        const before = await app.balance();
        const res = await app.call('launchpad_token_burns', { mint: coin.mint, limit: 100 });
        await app.expectCharged('launchpad_token_burns', res, before);
        const d = res.body.data;
        expect(d.totals).toMatchObject({
          amountRaw: served.totals.amountRaw,
          amountTokens: served.totals.amountTokens,
          valueUsdAtBurn: served.totals.valueUsdAtBurn,
          burnCount: served.totals.burnCount,
          lastBurnAt: served.totals.lastBurnAt,
        });
        expect(d.burns.map((b: Json) => b.signature)).toEqual(served.burns.map((b: Json) => b.signature));
        expect(d.listed.complete).toBe(true);
        expect(d.listed.count).toBe(served.totals.burnCount);
        expect(d.listed.amountTokens).toBeCloseTo(served.totals.amountTokens, 3);
        expect(cents(d.listed.valueUsdAtBurn)).toBeCloseTo(cents(served.totals.valueUsdAtBurn), -1);
        expect(d.totals.avgPriceUsdAtBurn).toBeCloseTo(served.totals.valueUsdAtBurn / served.totals.amountTokens, 10);
        if (++checked === 2) break;
      }
      expect(checked).toBeGreaterThan(0);
    });

    it('lists at most limit burns, the newest', async () => {
      const coin = (await allCoins()).find((c) => c.flywheel?.active && c.status === 'graduated') ?? (await allCoins()).find((c) => c.flywheel?.active);
      const served = await site(`/api/tokens/${coin.mint}/burns?limit=1`);
      const d = (await app.ok('launchpad_token_burns', { mint: coin.mint, limit: 1 })).data;
      expect(d.burns).toHaveLength(Math.min(1, served.totals.burnCount));
      expect(d.burns.map((b: Json) => b.signature)).toEqual(served.burns.map((b: Json) => b.signature));
      expect(d.listed.complete).toBe(served.totals.burnCount <= 1);
    });
  });

  describe('launchpad_token_rewards', () => {
    it("a reward coin: the site's raw amounts in whole quote tokens, matching the platform's row for it, charged 250", async () => {
      const served = await site(`/api/tokens/${fx.rewardMint}/rewards?limit=25`);
      expect(served.mode).toBe('reward');
      const before = await app.balance();
      const res = await app.call('launchpad_token_rewards', { mint: fx.rewardMint });
      await app.expectCharged('launchpad_token_rewards', res, before);
      const d = res.body.data;
      const scale = 10 ** served.quote.decimals;
      expect(d.quote).toEqual(served.quote);
      for (const k of ['distributed', 'undistributed', 'queued', 'inFlight', 'stranded']) {
        expect(d.rewards[k].raw).toBe(served.rewards[`${k}Raw`]);
        expect(d.rewards[k].tokens).toBeCloseTo(Number(served.rewards[`${k}Raw`]) / scale, 6);
        expect(d.rewards[k].tokens).toBeCloseTo(served.rewards[`${k}Tokens`], 6);
      }
      expect(d.rewards.accrued.raw).toBe((BigInt(served.rewards.distributedRaw) + BigInt(served.rewards.undistributedRaw)).toString());
      expect(d.rewards).toMatchObject({
        payoutCount: served.rewards.payoutCount,
        holderCount: served.rewards.holderCount,
        lastPayoutAt: served.rewards.lastPayoutAt,
      });
      expect(d.payouts.map((p: Json) => p.signature)).toEqual(served.payouts.map((p: Json) => p.signature));
      // The same coin in the platform's rewards: what it paid is the same raw amount.
      const platformRow = (await site('/api/rewards?limit=100')).coins.find((c: Json) => c.mint === fx.rewardMint);
      if (served.rewards.payoutCount > 0) expect(platformRow.distributedRaw).toBe(d.rewards.distributed.raw);
    });

    it('a standard coin: mode standard, rewards null with a note (not an error), charged', async () => {
      const mint = fx.mints.raydium_standard[0];
      const before = await app.balance();
      const res = await app.call('launchpad_token_rewards', { mint });
      await app.expectCharged('launchpad_token_rewards', res, before);
      expect(res.body.data).toMatchObject({ mint, mode: 'standard', rewards: null });
      expect(res.body.notes).toContainEqual(expect.stringContaining('standard-mode'));
    });
  });

  describe('launchpad_token_airdrop', () => {
    it('a coin with an airdrop: share, wallets, source and the first limit recipients as the site serves them', async () => {
      expect(fx.airdropMint).toEqual(expect.any(String));
      const served = await site(`/api/tokens/${fx.airdropMint}/airdrop?limit=5`);
      const d = (await app.ok('launchpad_token_airdrop', { mint: fx.airdropMint, limit: 5 })).data;
      expect(d.airdrop).toMatchObject({
        supplySharePct: served.airdrop.supplySharePct,
        walletCount: served.airdrop.walletCount,
        snapshotSource: served.airdrop.snapshotSource,
        recipients: served.airdrop.recipients,
        recipientsComplete: served.airdrop.walletCount <= 5,
      });
      expect(d.airdrop.recipients).toHaveLength(Math.min(5, served.airdrop.walletCount));
    });

    it("none: airdrop null with the site's message, charged", async () => {
      const served = await site(`/api/tokens/${fx.noAirdropMint}/airdrop`);
      const before = await app.balance();
      const res = await app.call('launchpad_token_airdrop', { mint: fx.noAirdropMint });
      await app.expectCharged('launchpad_token_airdrop', res, before);
      expect(res.body.data).toEqual({ mint: fx.noAirdropMint, airdrop: null, message: served.message });
    });
  });

  describe('launchpad_token_fees', () => {
    it('a standard raydium launch: claimable base and quote as the site serves them, charged 250', async () => {
      const mint = fx.mints.raydium_standard[0];
      const served = await site(`/api/tokens/${mint}/fees`);
      const before = await app.balance();
      const res = await app.call('launchpad_token_fees', { mint });
      await app.expectCharged('launchpad_token_fees', res, before);
      expect(res.body.data).toEqual({
        mint,
        creator: served.creator,
        claimable: {
          base: { raw: served.claimable.baseRaw, tokens: served.claimable.baseTokens },
          quote: { raw: served.claimable.quoteRaw, tokens: served.claimable.quoteTokens },
          valueUsd: served.claimable.valueUsd,
        },
        reason: null,
      });
    });

    it.each(['raydium_reward', 'pump_standard', 'launchlab_standard'])('a %s coin: claimable null with the reason', async (kind) => {
      const mint = fx.mints[kind][0];
      const served = await site(`/api/tokens/${mint}/fees`);
      const d = (await app.ok('launchpad_token_fees', { mint })).data;
      expect(d).toMatchObject({ claimable: null, reason: served.reason });
      expect(d.reason).toEqual(expect.any(String));
    });
  });

  describe('launchpad_token_backing', () => {
    it("a pump launch: locked quote from raw, its USD, and the share of the coin's market cap, charged 250", async () => {
      const served = await site(`/api/tokens/${fx.pumpMint}/backing`);
      const listing = (await site(`/api/tokens/${fx.pumpMint}`)).token;
      const before = await app.balance();
      const res = await app.call('launchpad_token_backing', { mint: fx.pumpMint });
      await app.expectCharged('launchpad_token_backing', res, before);
      const d = res.body.data;
      expect(d).toMatchObject({
        mint: fx.pumpMint,
        launchpad: 'pump',
        quote: served.quote,
        lockedUsd: served.lockedUsd,
        marketCapUsd: listing.market.marketCapUsd,
      });
      expect(d.locked).toEqual({ raw: served.lockedRaw, tokens: expect.closeTo(served.lockedTokens, 6) });
      expect(d.backedPctOfMarketCap).toBeCloseTo((served.lockedUsd / listing.market.marketCapUsd) * 100, 6);
    });

    it.each(['raydium_standard', 'launchlab_reward'])('a %s coin is a 400 naming its launchpad, uncharged', async (kind) => {
      const mint = fx.mints[kind][0];
      const launchpad = kind.split('_')[0];
      const before = await app.balance();
      const res = await app.call('launchpad_token_backing', { mint });
      await app.expectUncharged(res, 400, before);
      expect(res.body.error.message).toContain(`the ${launchpad} launchpad`);
      expectIssueOn(res, 'mint');
    });
  });

  describe('refusals, uncharged', () => {
    const tools = ['launchpad_token_burns', 'launchpad_token_rewards', 'launchpad_token_airdrop', 'launchpad_token_fees', 'launchpad_token_backing'];

    it('bad input is a 400 naming the field', async () => {
      const before = await app.balance();
      for (const tool of tools) {
        for (const body of [{}, { mint: 'not-a-mint' }, { mint: fx.pumpMint.slice(0, 31) }, { mint: `0x${'ab'.repeat(20)}` }]) {
          const res = await app.call(tool, body);
          await app.expectUncharged(res, 400, before);
          expectIssueOn(res, 'mint');
        }
        if (tool === 'launchpad_token_backing') continue;
        for (const limit of [0, 101, 'many']) {
          const res = await app.call(tool, { mint: fx.pumpMint, limit });
          await app.expectUncharged(res, 400, before);
          expectIssueOn(res, 'limit');
        }
      }
      // backing takes no limit (the peer's backing has none).
      expectIssueOn(await app.call('launchpad_token_backing', { mint: fx.pumpMint, limit: 5 }), 'limit');
    });

    it('an unknown mint is a 404 naming it', async () => {
      const before = await app.balance();
      for (const tool of tools) {
        const res = await app.call(tool, { mint: UNKNOWN_MINT });
        await app.expectUncharged(res, 404, before);
        expect(res.body.error.message).toContain(UNKNOWN_MINT);
      }
    });

    it('the site down is a 502', async () => {
      await app.freshReads();
      app.t.sandbox.control.add({ provider: 'launchpad', status: 503 });
      try {
        const before = await app.balance();
        for (const tool of tools) await app.expectUncharged(await app.call(tool, { mint: fx.pumpMint }), 502, before);
      } finally {
        app.t.sandbox.control.clear();
      }
    });
  });
});
