import { LaunchpadNotFoundError, UpstreamError, type LaunchpadTokenRewards } from '@scout/upstream';
import { fakeLaunchpad, MINT, siteDown, T } from '../test/fake-launchpad';
import { TokenPayoutsToolsService } from './token-payouts-tools.service';

const SPYX = { mint: 'XsoCS1TfEyfFhfvj8EtZ528L3CaKBDBRqRapnBbDF2W', symbol: 'SPYX', decimals: 8 };

const rewardAnswer: LaunchpadTokenRewards = {
  mint: MINT,
  mode: 'reward',
  quote: SPYX,
  base: { mint: MINT, symbol: 'CAT', decimals: 6 },
  rewards: {
    distributedRaw: '300000000',
    distributedTokens: 3,
    undistributedRaw: '100000000',
    undistributedTokens: 1,
    queuedRaw: '60000000',
    queuedTokens: 0.6,
    inFlightRaw: '40000000',
    inFlightTokens: 0.4,
    strandedRaw: '0',
    strandedTokens: 0,
    payoutCount: 3,
    holderCount: 120,
    lastPayoutAt: T,
  },
  payouts: [1, 2, 3].map((i) => ({ signature: `p${i}`, amountRaw: '100000000', amountTokens: 1, holderCount: 100 + i, paidAt: T })),
  _generatedAt: null,
};

describe('TokenPayoutsToolsService', () => {
  describe('launchpad_token_rewards', () => {
    it("a reward coin: amounts in the quote's tokens from raw, accrued and paid share, payouts up to the limit", async () => {
      const { port, calls } = fakeLaunchpad({ tokenRewards: async () => rewardAnswer });
      const result = await new TokenPayoutsToolsService(port).rewards({ mint: MINT, limit: 2 });
      expect(calls).toEqual([`tokenRewards("${MINT}", 2)`]);
      expect(result.data).toMatchObject({ mint: MINT, mode: 'reward', quote: SPYX });
      expect(result.data.rewards).toMatchObject({
        distributed: { raw: '300000000', tokens: 3 },
        undistributed: { raw: '100000000', tokens: 1 },
        accrued: { raw: '400000000', tokens: 4 },
        distributedPct: 75,
        holderCount: 120,
      });
      expect(result.data.payouts.map((p) => p.signature)).toEqual(['p1', 'p2']);
      expect(result.data.payouts[0].amount).toEqual({ raw: '100000000', tokens: 1 });
      expect(result.notes).toBeUndefined();
    });

    it('a standard coin answers rewards null with a note, not an error', async () => {
      const { port } = fakeLaunchpad({ tokenRewards: async () => ({ ...rewardAnswer, mode: 'standard', rewards: null, payouts: [] }) });
      const result = await new TokenPayoutsToolsService(port).rewards({ mint: MINT, limit: 25 });
      expect(result.data).toMatchObject({ mode: 'standard', rewards: null, payouts: [] });
      expect(result.notes).toEqual([expect.stringContaining('standard-mode coin')]);
    });

    it('a reward coin without figures says they are unknown', async () => {
      const { port } = fakeLaunchpad({ tokenRewards: async () => ({ ...rewardAnswer, rewards: null }) });
      expect((await new TokenPayoutsToolsService(port).rewards({ mint: MINT, limit: 25 })).notes).toEqual([expect.stringContaining('unknown, not zero')]);
    });

    it('unknown mint 404 and the site down pass through', async () => {
      const missing = new LaunchpadNotFoundError('token', MINT);
      await expect(
        new TokenPayoutsToolsService(fakeLaunchpad({ tokenRewards: () => Promise.reject(missing) }).port).rewards({ mint: MINT, limit: 25 }),
      ).rejects.toBe(missing);
      await expect(new TokenPayoutsToolsService(fakeLaunchpad({ tokenRewards: siteDown }).port).rewards({ mint: MINT, limit: 25 })).rejects.toBeInstanceOf(
        UpstreamError,
      );
    });
  });

  describe('launchpad_token_fees', () => {
    it('claimable base and quote, raw and tokens', async () => {
      const { port, calls } = fakeLaunchpad({
        fees: async () => ({
          mint: MINT,
          creator: 'Creator1111111111111111111111111111111111',
          claimable: { baseRaw: '5000000', baseTokens: 5, quoteRaw: '250000', quoteTokens: 0.25, valueUsd: 3.1 },
          reason: null,
          _generatedAt: null,
        }),
      });
      const result = await new TokenPayoutsToolsService(port).fees({ mint: MINT, limit: 25 });
      expect(calls).toEqual([`fees("${MINT}")`]);
      expect(result.data).toEqual({
        mint: MINT,
        creator: 'Creator1111111111111111111111111111111111',
        claimable: { base: { raw: '5000000', tokens: 5 }, quote: { raw: '250000', tokens: 0.25 }, valueUsd: 3.1 },
        reason: null,
      });
      expect(result.notes).toBeUndefined();
    });

    it("null with the site's reason (a reward, pump or LaunchLab launch)", async () => {
      const reason = 'Pump launches pay creator fees on pump.';
      const { port } = fakeLaunchpad({ fees: async () => ({ mint: MINT, creator: null, claimable: null, reason, _generatedAt: null }) });
      const result = await new TokenPayoutsToolsService(port).fees({ mint: MINT, limit: 25 });
      expect(result.data).toMatchObject({ claimable: null, reason });
      expect(result.notes).toBeUndefined();
    });

    it('null without a reason says it is unknown', async () => {
      const { port } = fakeLaunchpad({ fees: async () => ({ mint: MINT, creator: null, claimable: null, reason: null, _generatedAt: null }) });
      expect((await new TokenPayoutsToolsService(port).fees({ mint: MINT, limit: 25 })).notes).toEqual([expect.stringContaining('unknown, not zero')]);
    });
  });
});
