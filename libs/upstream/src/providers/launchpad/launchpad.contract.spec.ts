import { RequestContext } from '@scout/core';
import { launchpadSite } from '../../test/launchpad-client-harness';
import { json, toolContext } from '../../test/programmable-upstream';
import { UpstreamError } from '../../upstream.types';
import type { LaunchpadClient } from './launchpad.client';
import { SITE_ERROR, TOKENS_EMPTY, TOKENS_SPARSE, TOKEN_DETAIL_SPARSE } from './launchpad.documented';
import { LaunchpadNotFoundError, LaunchpadRefusedError } from './launchpad.errors';
import * as fx from './launchpad.fixture';

/*
 * The launchpad's contract: every endpoint LaunchpadClient calls, fed the answers its documents
 * (upstreams.md "StonkFun" and the peer's captured /api/tokens, see launchpad.documented.ts and
 * launchpad.fixture.ts) show, through the client on a real source; then the documented statuses.
 */

const lp = launchpadSite();
const { upstream, within, answering, failure } = lp;

type Case = [endpoint: string, answer: unknown, call: (c: LaunchpadClient) => Promise<unknown>, check: (out: any) => void];
const CASES: Case[] = [
  ['/api/tokens', fx.STONK_TOKENS, (c) => c.tokens(), (o) => expect(o.tokens).toHaveLength(3)],
  ['/api/tokens/{mint}', fx.TOKEN_DETAIL, (c) => c.token(fx.STONK_MINT), (o) => expect(o.token.launch.creator).toBe(fx.STONK_CREATOR)],
  ['/api/tokens/{mint}/burns', fx.BURNS, (c) => c.burns(fx.ZCAT_MINT), (o) => expect(o.mint).toBe(fx.ZCAT_MINT)],
  ['/api/tokens/{mint}/rewards', fx.TOKEN_REWARDS, (c) => c.tokenRewards(fx.ZCAT_MINT), (o) => expect(o.rewards).not.toBeNull()],
  ['/api/tokens/{mint}/rewards (standard: rewards null)', fx.TOKEN_REWARDS_STANDARD, (c) => c.tokenRewards(fx.STONK_MINT), (o) => expect(o.rewards).toBeNull()],
  ['/api/tokens/{mint}/airdrop', fx.AIRDROP, (c) => c.airdrop(fx.ZCAT_MINT), (o) => expect(o.airdrop).not.toBeNull()],
  ['/api/tokens/{mint}/airdrop (none: airdrop null)', fx.AIRDROP_NONE, (c) => c.airdrop(fx.STONK_MINT), (o) => expect(o.airdrop).toBeNull()],
  ['/api/tokens/{mint}/fees', fx.FEES, (c) => c.fees(fx.STONK_MINT), (o) => expect(o.mint).toBe(fx.STONK_MINT)],
  [
    '/api/tokens/{mint}/fees (claimable null, with a reason)',
    fx.FEES_NONE,
    (c) => c.fees(fx.ZCAT_MINT),
    (o) => expect([o.claimable, o.creator, typeof o.reason]).toEqual([null, null, 'string']),
  ],
  ['/api/tokens/{mint}/backing', fx.BACKING, (c) => c.backing(fx.PUMP_MINT), (o) => expect(o.launchpad).toBe('pump')],
  ['/api/launches', fx.LAUNCHES, (c) => c.launches(), (o) => expect(o.launches).toHaveLength(2)],
  [
    '/api/launches/status (processing: mint null)',
    fx.LAUNCH_PROCESSING,
    (c) => c.launchStatus(fx.PAYMENT_SIGNATURE),
    (o) => expect([o.status, o.mint]).toEqual(['processing', null]),
  ],
  [
    '/api/launches/status (completed)',
    fx.LAUNCH_COMPLETED,
    (c) => c.launchStatus(fx.PAYMENT_SIGNATURE),
    (o) => expect([o.status, o.mint]).toEqual(['completed', fx.PUMP_MINT]),
  ],
  ['/api/pairs', fx.PAIRS, (c) => c.pairs(), (o) => expect(o.pairs.length).toBeGreaterThan(0)],
  ['/api/launchlab/pricing/{quoteMint}', fx.LAUNCHLAB_PRICING, (c) => c.launchLabPricing(fx.SPYX_MINT), (o) => expect(o.quoteMint).toBe(fx.SPYX_MINT)],
  ['/api/stats', fx.STATS, (c) => c.stats(), (o) => expect(o).toBeDefined()],
  ['/api/revenue', fx.REVENUE, (c) => c.revenue(), (o) => expect(o).toBeDefined()],
  ['/api/revenue?history=true', fx.REVENUE_HISTORY, (c) => c.revenue({ history: true }), (o) => expect(o).toBeDefined()],
  ['/api/rewards', fx.REWARDS, (c) => c.rewards(), (o) => expect(o).toBeDefined()],
];

describe('every endpoint takes its documented answer', () => {
  it.each(CASES)('%s', async (_endpoint, answer, call, check) => {
    answering(answer);
    check(await within(() => call(lp.client())));
  });
});

describe('fields the capture leaves out become null, never a throw or a zero', () => {
  it('/api/tokens and /api/tokens/{mint} without creator, metadataUri, liquidityUsd, transferFee, flywheel', async () => {
    answering(TOKENS_SPARSE);
    const [row] = (await within(() => lp.client().tokens())).tokens;
    expect(row).toMatchObject({ creator: null, metadataUri: null, market: { liquidityUsd: null, priceUsd: 0.25684550592166827 } });
    expect(row.transferFee ?? null).toBeNull();
    expect(row.flywheel ?? null).toBeNull();
    answering(TOKEN_DETAIL_SPARSE);
    const detail = await within(() => lp.client().token(fx.STONK_MINT));
    expect(detail.token).toMatchObject({ creator: null, market: { liquidityUsd: null } });
    expect(detail._generatedAt).toBeNull();
  });

  it('an empty page', async () => {
    answering(TOKENS_EMPTY);
    expect((await within(() => lp.client().tokens())).tokens).toEqual([]);
  });
});

describe('documented statuses', () => {
  it('404 about a coin or a launch is LaunchpadNotFoundError', async () => {
    answering(SITE_ERROR('Token not found'), 404);
    expect(await failure(within(() => lp.client().token(fx.STONK_MINT)))).toBeInstanceOf(LaunchpadNotFoundError);
    answering(SITE_ERROR('Launch not found'), 404);
    expect(await failure(within(() => lp.client().launchStatus(fx.PAYMENT_SIGNATURE)))).toBeInstanceOf(LaunchpadNotFoundError);
  });

  it('400 on backing (not a pump launch, upstreams.md) and on LaunchLab pricing (quote not ready) is LaunchpadRefusedError in the site words', async () => {
    answering(SITE_ERROR('Backing is only available for pump launches'), 400);
    expect(await failure(within(() => lp.client().backing(fx.STONK_MINT)))).toBeInstanceOf(LaunchpadRefusedError);
    answering(SITE_ERROR('Quote is not LaunchLab-ready'), 400);
    expect(await failure(within(() => lp.client().launchLabPricing(fx.USDC_MINT)))).toBeInstanceOf(LaunchpadRefusedError);
  });

  it.each([401, 429, 500])('%i is an UpstreamError', async (status) => {
    upstream.reset((_req, res) => json(res, status, SITE_ERROR('nope')));
    const error = await RequestContext.run(toolContext('a', 1_500), () => failure(lp.client().stats()));
    expect(error).toBeInstanceOf(UpstreamError);
  });

  it('a row without what the tools compute with (mint) is malformed, not hidden', async () => {
    const { mint: _m, ...noMint } = fx.STONK_TOKENS.tokens[0];
    answering({ ...fx.STONK_TOKENS, tokens: [noMint] });
    expect(await failure(within(() => lp.client().tokens()))).toMatchObject({ failure: 'malformed' });
  });
});
