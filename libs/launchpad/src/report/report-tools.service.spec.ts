import {
  LaunchpadNotFoundError,
  LaunchpadRefusedError,
  launchpadLaunchListSchema,
  launchpadTokenAirdropSchema,
  launchpadTokenBackingSchema,
  launchpadTokenBurnsSchema,
  launchpadTokenDetailSchema,
  launchpadTokenFeesSchema,
  launchpadTokenRewardsSchema,
  UpstreamError,
  type LaunchPath,
} from '@scout/upstream';
import type { LaunchpadPort, TrackedHoldersPort } from '../launchpad.ports';
import { REPORT_ROWS, ReportToolsService } from './report-tools.service';

/*
 * The report on fake ports: which reads it makes (backing only for pump, launches by the creator),
 * how a failed part shows (null plus a note, the rest standing), the 404 and 502 rules, tracked
 * holders, and the flags raised from what the parts said.
 */
const MINT = 'RepoRtCoin1111111111111111111111111111pump';
const CREATOR = 'CreaTor1111111111111111111111111111111111';
const QUOTE = { mint: 'XsoCS1TfEyfFhfvj8EtZ528L3CaKBDBRqRapnBbDF2W', symbol: 'SPYX', name: 'SP500', category: 'xstock' };
const AT = '2026-11-01T00:00:00.000Z';

type Method = keyof LaunchpadPort;

function detail(launchpad: LaunchPath, over: { creator?: string | null; mode?: 'standard' | 'reward'; bps?: number } = {}) {
  const creator = over.creator === undefined ? CREATOR : over.creator;
  const mode = over.mode ?? 'reward';
  const transferFee = mode === 'reward' ? { bps: over.bps ?? 300 } : null;
  return launchpadTokenDetailSchema.parse({
    token: {
      mint: MINT,
      symbol: 'REP',
      quote: QUOTE,
      creator,
      launchpad,
      mode,
      transferFee,
      market: { priceUsd: 0.001, marketCapUsd: 100_000, fdvUsd: 100_000, volume24hUsd: 80_000, priceChange24h: -4, peakMarketCapUsd: 1_000_000 },
      status: 'graduated',
      graduationProgress: 1,
      createdAt: AT,
      launch: { mint: MINT, creator, quote: QUOTE, launchpad, mode, transferFee, startMarketCapUsd: 5_000, targetMarketCapUsd: 69_000, createdAt: AT },
    },
    _generatedAt: AT,
  });
}

const answers = {
  burns: () =>
    launchpadTokenBurnsSchema.parse({
      mint: MINT,
      totals: { amountRaw: '5000000', amountTokens: 5, valueUsdAtBurn: 12, burnCount: 1, lastBurnAt: AT },
      burns: [{ signature: 'sig1', amountTokens: 5, valueUsdAtBurn: 12, source: 'flywheel', burnedAt: AT }],
      _generatedAt: AT,
    }),
  tokenRewards: () =>
    launchpadTokenRewardsSchema.parse({
      mint: MINT,
      mode: 'reward',
      quote: { mint: QUOTE.mint, symbol: 'SPYX', decimals: 8 },
      rewards: {
        distributedRaw: '100',
        distributedTokens: 1,
        undistributedRaw: '0',
        undistributedTokens: 0,
        queuedRaw: '0',
        queuedTokens: 0,
        inFlightRaw: '0',
        inFlightTokens: 0,
        strandedRaw: '0',
        strandedTokens: 0,
        payoutCount: 2,
        holderCount: 40,
        lastPayoutAt: AT,
      },
    }),
  airdrop: () => launchpadTokenAirdropSchema.parse({ mint: MINT, airdrop: null, message: 'This token launched without an airdrop.' }),
  fees: () =>
    launchpadTokenFeesSchema.parse({
      mint: MINT,
      creator: CREATOR,
      claimable: { baseRaw: '0', baseTokens: 0, quoteRaw: '9', quoteTokens: 9, valueUsd: 4_000 },
    }),
  backing: () =>
    launchpadTokenBackingSchema.parse({
      mint: MINT,
      launchpad: 'pump',
      quote: { mint: QUOTE.mint, symbol: 'SPYX', decimals: 8 },
      lockedRaw: '7',
      lockedTokens: 7,
      lockedUsd: 4_200,
    }),
  launches: () =>
    launchpadLaunchListSchema.parse({
      launches: [{ mint: MINT, creator: CREATOR, quote: QUOTE, launchpad: 'raydium', mode: 'reward', createdAt: AT }],
      pagination: { page: 1, pageSize: REPORT_ROWS, total: 7, totalPages: 1 },
    }),
};

const down = () => new UpstreamError('launchpad', 'http', 'HTTP 503', 503);

/** A fake site answering as above; `fail` makes a method reject with the given error. */
function fakeSite(launchpad: LaunchPath, fail: Partial<Record<Method, () => Error>> = {}, over: Parameters<typeof detail>[1] = {}) {
  const calls: { method: Method; args: unknown[] }[] = [];
  const answer =
    (method: Method, value: () => unknown) =>
    async (...args: unknown[]) => {
      calls.push({ method, args });
      const failure = fail[method];
      if (failure) throw failure();
      return value();
    };
  const port = {
    token: answer('token', () => detail(launchpad, over)),
    burns: answer('burns', answers.burns),
    tokenRewards: answer('tokenRewards', answers.tokenRewards),
    airdrop: answer('airdrop', answers.airdrop),
    fees: answer('fees', answers.fees),
    backing: answer('backing', answers.backing),
    launches: answer('launches', answers.launches),
  } as Partial<LaunchpadPort> as LaunchpadPort;
  return { port, called: (method: Method) => calls.filter((c) => c.method === method) };
}

function fakeHolders(fail?: () => Error) {
  let asked = 0;
  const port: TrackedHoldersPort = {
    async tokenHolders(address: string) {
      asked += 1;
      expect(address).toBe(MINT);
      if (fail) throw fail();
      return {
        capturedAt: AT,
        holders: [
          { userId: 'u1', handle: 'small', amount: 10, valueUsd: 10, priceUsd: 1 },
          { userId: 'u2', handle: 'big', amount: 90, valueUsd: 90, priceUsd: 1 },
        ],
      };
    },
  };
  return { port, asked: () => asked };
}

const report = (site: LaunchpadPort, holders: TrackedHoldersPort = fakeHolders().port, includeTrackedHolders = false) =>
  new ReportToolsService(site, holders).report({ mint: MINT, includeTrackedHolders });

describe('ReportToolsService (launchpad_token_report)', () => {
  it('reads every part; a raydium coin is not asked for backing, and backing is null with the reason', async () => {
    const site = fakeSite('raydium');
    const holders = fakeHolders();
    const { data, notes } = await report(site.port, holders.port);
    expect(site.called('backing')).toEqual([]);
    expect(site.called('launches').map((c) => c.args)).toEqual([[{ creator: CREATOR, pageSize: REPORT_ROWS }]]);
    expect(site.called('burns').map((c) => c.args)).toEqual([[MINT, REPORT_ROWS]]);
    expect(holders.asked()).toBe(0);
    expect(data.backing).toBeNull();
    expect(data.backingReason).toMatch(/pump launches only.*raydium/);
    expect(data.token).toMatchObject({ mint: MINT, launchpad: 'raydium', mode: 'reward', transferFee: { bps: 300 } });
    expect(data.token).not.toHaveProperty('market');
    expect(data.launch).toMatchObject({ mint: MINT, creator: CREATOR, startMarketCapUsd: 5_000, targetMarketCapUsd: 69_000 });
    expect(data.market).toMatchObject({ marketCapUsd: 100_000, priceChange24h: -4, peakSharePct: 10 });
    // In launchpad_token_burns' shape: the totals with the average price at burn, what the listed burns add up to.
    expect(data.burns).toMatchObject({
      totals: { amountRaw: '5000000', amountTokens: 5, valueUsdAtBurn: 12, burnCount: 1, avgPriceUsdAtBurn: 2.4 },
      burns: [{ signature: 'sig1', source: 'flywheel' }],
    });
    expect(data.rewards?.rewards?.payoutCount).toBe(2);
    expect(data.airdrop).toEqual({ airdrop: null, message: 'This token launched without an airdrop.' });
    expect(data.fees).toMatchObject({ creator: CREATOR, claimable: { quote: { raw: '9', tokens: 9 }, valueUsd: 4_000 }, claimableShareOfVolumePct: 5 });
    expect(data.creator).toMatchObject({ address: CREATOR, launchCount: 7, recentLaunches: [{ mint: MINT, launchpad: 'raydium' }] });
    expect(data.trackedHolders).toBeNull();
    expect(data.flags.map((f) => f.code)).toEqual(['reward_transfer_tax', 'serial_launcher', 'unclaimed_fees', 'far_below_peak']);
    expect(data.flags[0].text).toBe('reward coin: 300 bps transfer tax on every trade (Token-2022)');
    expect(notes).toBeUndefined();
  });

  it("reads a pump coin's backing", async () => {
    const site = fakeSite('pump');
    const { data } = await report(site.port);
    expect(site.called('backing')).toHaveLength(1);
    // In launchpad_token_backing's shape (raw through the quote's decimals), against the listing's market cap.
    expect(data.backing).toEqual({
      launchpad: 'pump',
      quote: { mint: QUOTE.mint, symbol: 'SPYX', decimals: 8 },
      locked: { raw: '7', tokens: 7e-8 },
      lockedUsd: 4_200,
      marketCapUsd: 100_000,
      backedPctOfMarketCap: 4.2,
    });
    expect(data.backingReason).toBeNull();
  });

  it('a failed part is null with a note naming it; the rest of the report stands', async () => {
    const { data, notes } = await report(fakeSite('raydium', { burns: down }).port);
    expect(data.burns).toBeNull();
    expect(data.token).not.toBeNull();
    expect(notes).toEqual(['launchpad burns did not answer (HTTP 503): burns left null.']);
  });

  it('without the token read, backing is asked anyway and the refusal of a non-pump coin is its reason; the creator comes from the fees', async () => {
    const refused = () => new LaunchpadRefusedError('mint', 'Backing exists for pump launches only; this token launched on launchlab.');
    const site = fakeSite('launchlab', { token: down, backing: refused });
    const { data, notes } = await report(site.port);
    expect(data.token).toBeNull();
    expect(data.market).toBeNull();
    expect(data.backing).toBeNull();
    expect(data.backingReason).toMatch(/pump launches only.*launchlab/);
    expect(data.creator).toMatchObject({ address: CREATOR, launchCount: 7 });
    // No tax or peak flag without the token and market; the fees meet the USD floor, which alone applies without a volume.
    expect(data.flags.map((f) => f.code)).toEqual(['serial_launcher', 'unclaimed_fees']);
    expect(notes).toEqual(['launchpad token did not answer (HTTP 503): token, market left null.']);
  });

  it('a coin whose creator the site does not name has creator null with a note, and no launches read', async () => {
    const site = fakeSite('raydium', { fees: down }, { creator: null });
    const { data, notes } = await report(site.port);
    expect(site.called('launches')).toEqual([]);
    expect(data.creator).toBeNull();
    expect(notes).toEqual(['launchpad fees did not answer (HTTP 503): fees left null.', expect.stringMatching(/names no creator/)]);
  });

  it('lists tracked holders when asked, largest first', async () => {
    const holders = fakeHolders();
    const { data } = await report(fakeSite('raydium').port, holders.port, true);
    expect(holders.asked()).toBe(1);
    expect(data.trackedHolders).toMatchObject({ capturedAt: AT, trackedHolderCount: 2, trackedValueUsd: 100 });
    expect(data.trackedHolders?.holders.map((h) => [h.rank, h.handle, h.shareOfTrackedValuePct])).toEqual([
      [1, 'big', 90],
      [2, 'small', 10],
    ]);
  });

  it('tracked holders that fail are null with a note; FOMO answering alone does not make a report', async () => {
    const failing = fakeHolders(down);
    const { data, notes } = await report(fakeSite('raydium').port, failing.port, true);
    expect(data.trackedHolders).toBeNull();
    expect(notes).toEqual(['FOMO tracked holders did not answer (HTTP 503): trackedHolders left null.']);

    const all = { token: down, burns: down, tokenRewards: down, airdrop: down, fees: down, backing: down, launches: down };
    await expect(report(fakeSite('pump', all).port, fakeHolders().port, true)).rejects.toBeInstanceOf(UpstreamError);
  });

  it('an unknown mint is the 404, and nothing more is read after it', async () => {
    const notFound = () => new LaunchpadNotFoundError('token', MINT);
    const site = fakeSite('pump', { token: notFound, burns: notFound, tokenRewards: notFound, airdrop: notFound, fees: notFound });
    await expect(report(site.port)).rejects.toBeInstanceOf(LaunchpadNotFoundError);
    expect(site.called('backing')).toEqual([]);
    expect(site.called('launches')).toEqual([]);
  });

  it('a part that answers not found beside a known coin is null with a note', async () => {
    const { data, notes } = await report(fakeSite('raydium', { airdrop: () => new LaunchpadNotFoundError('token', MINT) }).port);
    expect(data.airdrop).toBeNull();
    expect(notes).toEqual(['launchpad airdrop answered not found: airdrop left null.']);
  });

  it('a bug in a part is not turned into a note', async () => {
    await expect(report(fakeSite('raydium', { burns: () => new TypeError('boom') }).port)).rejects.toThrow('boom');
  });
});
