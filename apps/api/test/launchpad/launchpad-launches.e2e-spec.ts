import { DAY_MS, NOW, startTokensApp, UNKNOWN_EVM, type Json, type TokensApp } from '../tokens/support';
import { launchpadFixtures, readLaunchpad, UNKNOWN_ADDRESS, UNKNOWN_SIGNATURE } from './support';

/**
 * launchpad_launches and launchpad_launch_status end to end against the sandbox's launchpad: the
 * ledger is the stand-in's, newest first, by creator and time; a paid launch is processing, then
 * completed with its mint once the sandbox clock passes its launch; unknown signatures are 404, bad
 * input 400, the site down 502, all uncharged.
 */
const HOUR_MS = 3_600_000;

describe('launchpad_launches and launchpad_launch_status (end to end against the sandbox)', () => {
  let app: TokensApp;
  let fx: Json;

  beforeAll(async () => {
    app = await startTokensApp('launchpad-launches');
    fx = await launchpadFixtures(app);
  });
  afterAll(() => app.t.close());

  it('answers the ledger newest first as the site serves it, charged 250', async () => {
    const site = await readLaunchpad(app, '/api/launches?pageSize=10');
    const before = await app.balance();
    const res = await app.call('launchpad_launches', { pageSize: 10 });
    await app.expectCharged('launchpad_launches', res, before);
    const d = res.body.data;
    expect(d.launches.map((l: Json) => l.mint)).toEqual(site.launches.map((l: Json) => l.mint));
    d.launches.forEach((l: Json, i: number) => {
      const s = site.launches[i];
      expect(l).toMatchObject({
        creator: s.creator ?? null,
        quote: { mint: s.quote.mint },
        launchpad: s.launchpad,
        mode: s.mode,
        transferFee: s.transferFee ?? null,
        startMarketCapUsd: s.startMarketCapUsd ?? null,
        targetMarketCapUsd: s.targetMarketCapUsd ?? null,
        createdAt: s.createdAt,
      });
    });
    const created = d.launches.map((l: Json) => Date.parse(l.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(d.pagination).toEqual({ ...site.pagination, nextPage: site.pagination.totalPages > 1 ? 2 : null });
  });

  it('finds everything one creator launched, and pages through it', async () => {
    const { wallet, launches } = fx.serialCreator;
    const all = (await app.ok('launchpad_launches', { creator: wallet, pageSize: 100 })).data;
    expect(all.pagination.total).toBe(launches);
    expect(all.launches).toHaveLength(Math.min(launches, 100));
    for (const l of all.launches) expect(l.creator).toBe(wallet);
    if (launches > 1) {
      const second = (await app.ok('launchpad_launches', { creator: wallet, page: 2, pageSize: 1 })).data;
      expect(second.launches.map((l: Json) => l.mint)).toEqual([all.launches[1].mint]);
    }
  });

  it('keeps launches since an ISO time; a mode filter holds', async () => {
    const all = (await app.ok('launchpad_launches', { pageSize: 100 })).data.launches;
    const cut = all[Math.floor(all.length / 2)].createdAt as string;
    const since = (await app.ok('launchpad_launches', { since: cut, pageSize: 100 })).data;
    expect(since.launches.length).toBeGreaterThan(0);
    for (const l of since.launches) expect(Date.parse(l.createdAt)).toBeGreaterThanOrEqual(Date.parse(cut));
    expect(since.pagination.total).toBe((await readLaunchpad(app, `/api/launches?since=${encodeURIComponent(cut)}&pageSize=1`)).pagination.total);
    const reward = (await app.ok('launchpad_launches', { mode: 'reward', pageSize: 100 })).data.launches;
    for (const l of reward) expect(l.mode).toBe('reward');
  });

  it('a wallet that launched nothing is an empty ledger with a note, charged', async () => {
    const before = await app.balance();
    const res = await app.call('launchpad_launches', { creator: UNKNOWN_ADDRESS });
    await app.expectCharged('launchpad_launches', res, before);
    expect(res.body.data.launches).toEqual([]);
    expect(res.body.notes).toContainEqual(expect.stringContaining(`no launch by ${UNKNOWN_ADDRESS}`));
  });

  it('refuses bad input with a 400 naming the field, uncharged', async () => {
    const before = await app.balance();
    for (const [body, field] of [
      [{ pageSize: 101 }, 'pageSize'],
      [{ page: 0 }, 'page'],
      [{ mode: 'Reward' }, 'mode'],
      [{ creator: UNKNOWN_EVM }, 'creator'],
      [{ since: 'last week' }, 'since'],
      [{ since: '2026-02-30' }, 'since'],
      [{ since: '2008-01-01' }, 'since'],
    ] as const) {
      const res = await app.call('launchpad_launches', body);
      await app.expectUncharged(res, 400, before);
      expect(res.body.error.issues.map((i: Json) => i.path)).toContain(field);
    }
  });

  it('a completed launch names its mint, which launchpad_token knows, charged 250', async () => {
    const before = await app.balance();
    const res = await app.call('launchpad_launch_status', { paymentSignature: fx.completedSignature });
    await app.expectCharged('launchpad_launch_status', res, before);
    expect(res.body.data).toMatchObject({ paymentSignature: fx.completedSignature, status: 'completed', mint: fx.completedMint });
    expect((await app.ok('launchpad_token', { mint: fx.completedMint })).data.token.mint).toBe(fx.completedMint);
  });

  it('a processing launch reaches completed, with its mint, once the sandbox clock passes its launch', async () => {
    expect(fx.processingSignature).toEqual(expect.any(String));
    const processing = await app.ok('launchpad_launch_status', { paymentSignature: fx.processingSignature });
    expect(processing.data).toMatchObject({ paymentSignature: fx.processingSignature, status: 'processing', mint: null });
    expect(processing.notes).toContainEqual(expect.stringContaining('Still processing'));
    const site = await readLaunchpad(app, `/api/launches/status/${fx.processingSignature}`);
    expect(site.status).toBe('processing');
    // Move the sandbox on an hour at a time until the site completes it (coins go live days apart).
    let done: Json = null;
    try {
      for (let t = NOW + HOUR_MS; t <= NOW + 14 * DAY_MS && !done; t += HOUR_MS) {
        app.t.sandbox.clock.pin(t);
        const s = await readLaunchpad(app, `/api/launches/status/${fx.processingSignature}`);
        if (s.status === 'completed') done = s;
      }
      expect(done).not.toBeNull();
      await app.freshReads();
      const before = await app.balance();
      const res = await app.call('launchpad_launch_status', { paymentSignature: fx.processingSignature });
      await app.expectCharged('launchpad_launch_status', res, before);
      expect(res.body.data).toMatchObject({ status: 'completed', mint: done.mint });
      expect(res.body.data.mint).toEqual(expect.any(String));
      expect(res.body.notes ?? []).not.toContainEqual(expect.stringContaining('Still processing'));
      // The completed launch now heads the ledger.
      expect((await app.ok('launchpad_launches', { pageSize: 1 })).data.launches[0].mint).toBe(done.mint);
    } finally {
      app.t.sandbox.clock.pin(NOW);
      await app.freshReads();
    }
  });

  it('an unknown payment signature is a 404, a malformed one a 400, uncharged', async () => {
    const before = await app.balance();
    const unknown = await app.call('launchpad_launch_status', { paymentSignature: UNKNOWN_SIGNATURE });
    await app.expectUncharged(unknown, 404, before);
    expect(unknown.body.error.message).toContain(UNKNOWN_SIGNATURE);
    await app.expectUncharged(await app.call('launchpad_launch_status', { paymentSignature: 'not-a-signature' }), 400, before);
    await app.expectUncharged(await app.call('launchpad_launch_status', { paymentSignature: `${UNKNOWN_SIGNATURE}1` }), 400, before);
    await app.expectUncharged(await app.call('launchpad_launch_status', {}), 400, before);
  });

  it('the launchpad down is a 502 for both, uncharged', async () => {
    await app.freshReads();
    app.t.sandbox.control.add({ provider: 'launchpad', status: 503 });
    try {
      const before = await app.balance();
      await app.expectUncharged(await app.call('launchpad_launches', { mode: 'standard' }), 502, before);
      await app.expectUncharged(await app.call('launchpad_launch_status', { paymentSignature: fx.completedSignature }), 502, before);
    } finally {
      app.t.sandbox.control.clear();
    }
  });
});
