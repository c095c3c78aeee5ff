import { ManualClock } from '../../../../test/manual-clock';
import { readFomo } from '../support/fomo-sandbox';
import { startTestApp, type TestApp } from '../support/test-app';
import { SANDBOX_NOW } from '../support/fixed-time';

/**
 * service_fomo_token_snapshot and service_fomo_compare_snapshots end to end: snapshots kept in
 * PostgreSQL per account, and the diff of two taken six hours apart by two apps whose sandboxes
 * stand at those two times (each app reads its own, uncached, market).
 */

const T0 = SANDBOX_NOW;
const T1 = T0 + 6 * 3_600_000;
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
type Json = any;

describe('token snapshots (end to end against the sandbox)', () => {
  let early: TestApp;
  let late: TestApp;
  let key: string;
  let accountId: string;
  let otherKey: string;
  let token: string;

  const snapshot = (t: TestApp, body: object, as = key) => t.http().post('/api/v1/tools/service_fomo_token_snapshot').set(bearer(as)).send(body);
  const compare = (t: TestApp, body: object, as = key) => t.http().post('/api/v1/tools/service_fomo_compare_snapshots').set(bearer(as)).send(body);

  beforeAll(async () => {
    [early, late] = await Promise.all([
      startTestApp({ sandbox: { now: () => T0 }, clock: new ManualClock(new Date(T0)) }),
      startTestApp({ sandbox: { now: () => T1 }, clock: new ManualClock(new Date(T1)) }),
    ]);
    ({ apiKey: key, accountId } = await early.createAccount('snapshots'));
    await early.setBalance(accountId, 100_000);
    const other = await early.createAccount('someone else');
    otherKey = other.apiKey;
    await early.setBalance(other.accountId, 10_000);
    // The most traded Solana token: its tracked holders move within hours.
    token = (await readFomo(early, '/v2/leaderboard/tokens/trending?limit=100')).tokens.find((r: Json) => r.network === 'solana').token.address;
  });
  afterAll(() => Promise.all([early.close(), late.close()]));

  it('stores the snapshot for the caller and returns it with its id; 500 credits', async () => {
    const before = await early.spendable(accountId);
    const res = await snapshot(early, { address: token, holdersLimit: 200 });
    expect(res.status).toBe(200);
    const s = res.body.data;
    const [holders, stats] = await Promise.all([readFomo(early, `/token/${token}/holders`), readFomo(early, `/v2/token/${token}/stats`)]);
    expect(s).toMatchObject({
      capturedAt: new Date(T0).toISOString(),
      token: { address: token, chain: 'solana' },
      priceUsd: stats.priceUsd,
      totalHolders: stats.holders,
      top10HoldersPercent: stats.top10HoldersPercent,
      trackedHolderCount: holders.holders.length,
    });
    expect(s.trackedHolders.map((h: Json) => h.userId).sort()).toEqual(holders.holders.map((h: Json) => h.userId).sort());
    expect(s.flow24h.buys).toBe(stats.windows['24h'].buys);
    const { rows } = await early.sql.query(`SELECT account_id, address, snapshot FROM token_snapshots WHERE id = $1`, [s.id]);
    expect(rows[0]).toMatchObject({ account_id: accountId, address: token });
    expect(rows[0].snapshot.trackedHolders).toEqual(s.trackedHolders);
    expect(await early.spendable(accountId)).toBe(before - 500);
  });

  it('a snapshot never changes once taken', async () => {
    const { id } = (await snapshot(early, { address: token, holdersLimit: 1 })).body.data;
    await expect(early.sql.query(`UPDATE token_snapshots SET address = 'x' WHERE id = $1`, [id])).rejects.toThrow(/kept as captured/);
  });

  it('six hours of market later, the diff shows the movement: price, holders in and out, bags changed', async () => {
    const first = (await snapshot(early, { address: token, holdersLimit: 200 })).body.data;
    const second = (await snapshot(late, { address: token, holdersLimit: 200 })).body.data;
    const res = await compare(late, { beforeId: first.id, afterId: second.id });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.elapsedSeconds).toBe(6 * 3600);
    expect(d.price).toMatchObject({ before: first.priceUsd, after: second.priceUsd });
    expect(d.price.change).toBeCloseTo(second.priceUsd - first.priceUsd, 12);
    expect(d.price.change).not.toBe(0);
    expect(d.totalHolders.change).toBe(second.totalHolders - first.totalHolders);

    // Who joined and left, rebuilt from the provider's two holder lists.
    const ids = (s: Json) => new Set<string>(s.trackedHolders.map((h: Json) => h.userId));
    const [a, b] = [ids(first), ids(second)];
    expect(d.joined.map((h: Json) => h.userId).sort()).toEqual([...b].filter((id) => !a.has(id)).sort());
    expect(d.exited.map((h: Json) => h.userId).sort()).toEqual([...a].filter((id) => !b.has(id)).sort());
    const amount = (s: Json, id: string) => s.trackedHolders.find((h: Json) => h.userId === id).amount;
    const stayed = [...a].filter((id) => b.has(id));
    expect(d.increased.map((h: Json) => h.userId).sort()).toEqual(stayed.filter((id) => amount(second, id) > amount(first, id)).sort());
    expect(d.decreased.map((h: Json) => h.userId).sort()).toEqual(stayed.filter((id) => amount(second, id) < amount(first, id)).sort());
    expect(d.unchanged).toBe(stayed.length - d.increased.length - d.decreased.length);
    // Six hours of a busy token move somebody's bag.
    expect(d.joined.length + d.exited.length + d.increased.length + d.decreased.length).toBeGreaterThan(0);
    expect(res.body.credits.creditsSpent).toBe(0);
  });

  it('takes a snapshot object on either side, as returned, nulls included', async () => {
    const first = (await snapshot(early, { address: token, holdersLimit: 5 })).body.data;
    const second = (await snapshot(late, { address: token, holdersLimit: 5 })).body.data;
    const byObject = await compare(late, { before: { ...first, flow24h: null }, after: second });
    expect(byObject.status).toBe(200);
    const byId = await compare(late, { beforeId: first.id, afterId: second.id });
    expect(byObject.body.data.price).toEqual(byId.body.data.price);
    expect(byObject.body.data.joined).toEqual(byId.body.data.joined);
    expect(byObject.body.notes.join(' ')).toMatch(/lists 5 of \d+ tracked holders/);
  });

  it('a client that only sends GET gives the snapshot objects as JSON text in the query', async () => {
    const first = (await snapshot(early, { address: token, holdersLimit: 5 })).body.data;
    const second = (await snapshot(late, { address: token, holdersLimit: 5 })).body.data;
    const spent = await late.spendable(accountId);
    const byQuery = await late
      .http()
      .get('/api/v1/tools/service_fomo_compare_snapshots')
      .query({ before: JSON.stringify(first), after: JSON.stringify(second) })
      .set(bearer(key));
    expect(byQuery.status).toBe(200);
    const byBody = await compare(late, { before: first, after: second });
    expect(byQuery.body.data).toEqual(byBody.body.data);
    expect(await late.spendable(accountId)).toBe(spent);
    // Text that is not JSON names the field, and is not charged.
    const broken = await late
      .http()
      .get('/api/v1/tools/service_fomo_compare_snapshots')
      .query({ before: '{capturedAt:1}', afterId: first.id })
      .set(bearer(key));
    expect(broken.status).toBe(400);
    expect(broken.body.error.issues).toEqual([{ path: 'before', message: expect.stringContaining('not valid JSON') }]);
    // Parsed text is screened and validated like a body: an unknown key inside is refused.
    const extra = await late
      .http()
      .get('/api/v1/tools/service_fomo_compare_snapshots')
      .query({ before: JSON.stringify({ ...first, extra: 1 }), afterId: first.id })
      .set(bearer(key));
    expect(extra.status).toBe(400);
    expect(JSON.stringify(extra.body.error.issues)).toContain('before.extra');
    expect(await late.spendable(accountId)).toBe(spent);
  });

  it("another account's snapshot, and an unknown id, are not found", async () => {
    const { id } = (await snapshot(early, { address: token, holdersLimit: 1 })).body.data;
    const theirs = await compare(early, { beforeId: id, afterId: id }, otherKey);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe('not_found');
    const unknown = await compare(early, { beforeId: id, afterId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toMatch(/afterId/);
  });

  it('the admin account view counts the snapshots', async () => {
    const { rows } = await early.sql.query(`SELECT count(*)::int AS n FROM token_snapshots WHERE account_id = $1`, [accountId]);
    const res = await early.http().get(`/api/v1/admin/accounts/${accountId}`).set(bearer(early.adminKey));
    expect(res.status).toBe(200);
    expect(res.body.counts).toMatchObject({ tokenSnapshots: rows[0].n, keys: 1, activeKeys: 1 });
    expect(rows[0].n).toBeGreaterThan(0);
  });

  describe('refused: 400, nothing charged, nothing stored', () => {
    it.each([
      [{ address: 'not-an-address' }, 'address'],
      [{ address: 'So11111111111111111111111111111111111111112', chain: 'base' }, 'address'],
      [{ address: 'So11111111111111111111111111111111111111112', holdersLimit: 0 }, 'holdersLimit'],
      [{ address: 'So11111111111111111111111111111111111111112', holdersLimit: 201 }, 'holdersLimit'],
    ])('snapshot %j', async (body, field) => {
      const before = await early.spendable(accountId);
      const res = await snapshot(early, body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.error)).toContain(field);
      expect(await early.spendable(accountId)).toBe(before);
    });

    it.each([
      [{}, 'beforeId'],
      [{ beforeId: 'abc', afterId: '00000000-0000-4000-8000-000000000000' }, 'beforeId'],
      [{ beforeId: '00000000-0000-4000-8000-000000000000', before: { trackedHolders: [] }, afterId: '00000000-0000-4000-8000-000000000000' }, 'not both'],
      [{ before: { trackedHolders: [{ amount: 1 }] }, after: { trackedHolders: [] } }, 'handle'],
      [{ before: { trackedHolders: [], extra: 1 }, after: { trackedHolders: [] } }, 'extra'],
      [{ before: null, after: { trackedHolders: [] } }, 'null'],
    ])('compare %j', async (body, text) => {
      const res = await compare(early, body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.error)).toContain(text);
    });

    it('two snapshots of different tokens', async () => {
      const other = (await readFomo(early, '/v2/leaderboard/tokens/trending?limit=2')).tokens[1].token.address;
      const [a, b] = await Promise.all([snapshot(early, { address: token, holdersLimit: 1 }), snapshot(early, { address: other, holdersLimit: 1 })]);
      const res = await compare(early, { beforeId: a.body.data.id, afterId: b.body.data.id });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/different tokens/);
    });
  });

  describe('upstream failures', () => {
    it('an unknown token is 404, uncharged, and stores nothing', async () => {
      const unknown = '1111111111111111111111111111111111111111111';
      const before = await late.spendable(accountId);
      const res = await snapshot(late, { address: unknown });
      expect(res.status).toBe(404);
      expect(await late.spendable(accountId)).toBe(before);
      const { rows } = await late.sql.query(`SELECT count(*)::int AS n FROM token_snapshots WHERE address = $1`, [unknown]);
      expect(rows[0].n).toBe(0);
    });

    it('holders lost: stored without a holder list, with a note; compare says holder changes are unknown', async () => {
      const mint = (await readFomo(late, '/v2/leaderboard/tokens/graduated?limit=3')).tokens[2].token.address;
      late.sandbox.control.add({ provider: 'fomo', route: `/token/${mint}/holders`, status: 503 });
      const res = await snapshot(late, { address: mint });
      late.sandbox.control.clear();
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ trackedHolders: null, trackedHolderCount: null });
      expect(res.body.data.priceUsd).not.toBeNull();
      expect(res.body.notes.join(' ')).toMatch(/FOMO tracked holders did not answer/);
      const diff = await compare(late, { beforeId: res.body.data.id, afterId: res.body.data.id });
      expect(diff.body.notes.join(' ')).toMatch(/has no holder list/);
    });

    it('both parts lost: 502, uncharged, nothing stored', async () => {
      const mint = (await readFomo(late, '/v2/leaderboard/tokens/graduated?limit=4')).tokens[3].token.address;
      late.sandbox.control.add({ provider: 'fomo', route: `/token/${mint}/holders`, status: 503 });
      late.sandbox.control.add({ provider: 'fomo', route: `/v2/token/${mint}/stats`, status: 503 });
      const before = await late.spendable(accountId);
      const res = await snapshot(late, { address: mint });
      late.sandbox.control.clear();
      expect(res.status).toBe(502);
      expect(res.body.error.code).toBe('tool_error');
      expect(await late.spendable(accountId)).toBe(before);
      const { rows } = await late.sql.query(`SELECT count(*)::int AS n FROM token_snapshots WHERE address = $1`, [mint]);
      expect(rows[0].n).toBe(0);
    });
  });
});
