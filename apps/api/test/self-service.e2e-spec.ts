import { AnswerConformance } from '@scout/contract';
import { FIXTURE_TOOL_COSTS, FixtureToolsModule } from './support/fixture-tools';
import { startTestApp, type TestApp } from './support/test-app';
import { ManualClock } from '../../../test/manual-clock';

/**
 * Self-service under /api/v1/me: a key manages its own account's keys and plan and reads its own
 * grants and ledger, and never sees or touches another account (issue "Plans, credit grants...").
 */

const FREE_GRANT = 62_500;
const STARTER = 375_000;
const PRO = 4_125_000;

describe('self-service routes (end to end)', () => {
  let t: TestApp;
  const clock = new ManualClock('2027-01-31T10:00:00Z');
  const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

  beforeAll(async () => {
    t = await startTestApp({ modules: [FixtureToolsModule], toolCosts: FIXTURE_TOOL_COSTS, clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (key: string, path: string) => t.http().get(`/api/v1/me${path}`).set(bearer(key));
  const put = (key: string, path: string, body: object) => t.http().put(`/api/v1/me${path}`).set(bearer(key)).send(body);
  const post = (key: string, path: string, body: object) => t.http().post(`/api/v1/me${path}`).set(bearer(key)).send(body);
  const del = (key: string, path: string) => t.http().delete(`/api/v1/me${path}`).set(bearer(key));
  const callPaid = (key: string) => t.http().post('/api/v1/tools/fixture_paid').set(bearer(key)).send({});

  it("holds each route's answer to the schema generated from its handler (RouteAnswerCheck)", async () => {
    const check = jest.spyOn(t.app.get(AnswerConformance), 'checkRoute');
    const a = await t.createAccount('route answers');
    const res = await get(a.apiKey, '/grants');
    expect(res.status).toBe(200);
    expect(check).toHaveBeenCalledWith('GET /api/v1/me/grants', res.body);
    expect(check.mock.results.at(-1)!.value).toEqual([]);
    check.mockRestore();
  });

  describe('keys', () => {
    it("lists the account's keys without secrets, marking the calling one", async () => {
      const a = await t.createAccount('keys list');
      const res = await get(a.apiKey, '/keys');
      expect(res.status).toBe(200);
      expect(res.body.keys).toEqual([expect.objectContaining({ id: a.keyId, current: true, scopes: ['tools'], revokedAt: null })]);
      expect(JSON.stringify(res.body)).not.toContain(a.apiKey);
      expect(JSON.stringify(res.body)).not.toMatch(/secret/i);
    });

    it('creates a key that works at once, with at most the scopes of the key that asks', async () => {
      const a = await t.createAccount('keys create');
      const created = await post(a.apiKey, '/keys', { label: 'ci runner' });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({ apiKey: expect.stringMatching(/^sc_/), keyId: expect.any(String), prefix: expect.any(String), scopes: ['tools'] });
      expect((await get(created.body.apiKey, '')).body.account.id).toBe(a.accountId);
      expect((await get(a.apiKey, '/keys')).body.keys.map((k: { label: string | null }) => k.label)).toEqual(['first key', 'ci runner']);

      const escalate = await post(a.apiKey, '/keys', { scopes: ['admin'] });
      expect(escalate.status).toBe(403);
      expect(escalate.body.error.code).toBe('forbidden');
      const bad = await post(a.apiKey, '/keys', { scopes: ['root'], label: '' });
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe('invalid_request');
      expect((await get(a.apiKey, '/keys')).body.keys).toHaveLength(2);
    });

    it('revokes its own keys (401 at once) but never the last active one', async () => {
      const a = await t.createAccount('keys revoke');
      const second = (await post(a.apiKey, '/keys', {})).body;

      const revoked = await del(a.apiKey, `/keys/${second.keyId}`);
      expect(revoked.status).toBe(200);
      expect(revoked.body).toMatchObject({ id: second.keyId, revokedAt: expect.any(String) });
      expect((await get(second.apiKey, '')).status).toBe(401);

      const last = await del(a.apiKey, `/keys/${a.keyId}`);
      expect(last.status).toBe(400);
      expect(last.body.error.message).toMatch(/last active key/);
      expect((await get(a.apiKey, '')).status).toBe(200);
    });

    it('refuses a 21st active key', async () => {
      const a = await t.createAccount('keys limit');
      for (let i = 0; i < 19; i++) expect((await post(a.apiKey, '/keys', {})).status).toBe(201);
      const over = await post(a.apiKey, '/keys', {});
      expect(over.status).toBe(400);
      expect(over.body.error.message).toMatch(/at most 20 active keys/);
    });
  });

  describe('plan', () => {
    it('a pick grants the monthly credits at once, so the next call works after a 402', async () => {
      const a = await t.createAccount('plan pick');
      await t.setBalance(a.accountId, 0);
      expect((await callPaid(a.apiKey)).status).toBe(402);

      const picked = await put(a.apiKey, '/plan', { plan: 'starter' });

      expect(picked.status).toBe(200);
      expect(picked.body).toMatchObject({
        changed: true,
        plan: { id: 'starter', priceUsd: 29, creditsPerMonth: STARTER },
        period: { plan: 'starter', index: 0, startsAt: '2027-01-31T10:00:00.000Z', endsAt: '2027-02-28T10:00:00.000Z', chargeUsd: 29, credits: STARTER },
        renewsAt: '2027-02-28T10:00:00.000Z',
        change: { from: null, to: 'starter', actor: `key:${a.keyId}`, reason: 'self-service' },
        balance: STARTER,
      });
      const call = await callPaid(a.apiKey);
      expect(call.status).toBe(200);
      expect(call.body.credits.remaining).toBe(STARTER - 250);
    });

    it('shows the plan, its periods, its changes and the plans to pick from', async () => {
      const a = await t.createAccount('plan view');
      expect((await get(a.apiKey, '/plan')).body).toMatchObject({ plan: null, period: null, renewsAt: null, periods: [], changes: [] });
      await put(a.apiKey, '/plan', { plan: 'growth' });
      const view = await get(a.apiKey, '/plan');
      expect(view.status).toBe(200);
      expect(view.body.plan.id).toBe('growth');
      expect(view.body.periods).toHaveLength(1);
      expect(view.body.changes).toEqual([expect.objectContaining({ from: null, to: 'growth' })]);
      expect(view.body.available.map((p: { id: string }) => p.id)).toEqual(['starter', 'growth', 'pro']);
      expect((await get(a.apiKey, '')).body.plan).toMatchObject({ plan: { id: 'growth' }, renewsAt: '2027-02-28T10:00:00.000Z' });
    });

    it('changing to the same plan changes nothing; an unknown plan is a 400', async () => {
      const a = await t.createAccount('plan same');
      await put(a.apiKey, '/plan', { plan: 'pro' });
      const again = await put(a.apiKey, '/plan', { plan: 'pro' });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ changed: false, change: null, balance: FREE_GRANT + PRO });
      for (const body of [{ plan: 'platinum' }, {}, { plan: 'pro', extra: 1 }]) {
        const bad = await put(a.apiKey, '/plan', body);
        expect(bad.status).toBe(400);
        expect(bad.body.error.code).toBe('invalid_request');
      }
      expect((await get(a.apiKey, '/plan')).body.periods).toHaveLength(1);
    });

    it('cancelling keeps the balance and stops renewals; cancelling again changes nothing', async () => {
      const a = await t.createAccount('plan cancel');
      await put(a.apiKey, '/plan', { plan: 'starter' });
      const cancelled = await del(a.apiKey, '/plan');
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({ changed: true, plan: null, renewsAt: null, change: { from: 'starter', to: null }, balance: FREE_GRANT + STARTER });
      expect((await del(a.apiKey, '/plan')).body).toMatchObject({ changed: false });
      const { rows } = await t.sql.query(`SELECT plan_renews_at FROM accounts WHERE id = $1`, [a.accountId]);
      expect(rows[0].plan_renews_at).toBeNull();
    });
  });

  describe('grants and ledger', () => {
    it("lists the account's grants and pages through its ledger, newest first", async () => {
      const a = await t.createAccount('ledger view');
      for (let i = 0; i < 3; i++) expect((await callPaid(a.apiKey)).status).toBe(200);

      const grants = await get(a.apiKey, '/grants');
      expect(grants.status).toBe(200);
      expect(grants.body).toEqual({
        balance: FREE_GRANT - 750,
        grants: [expect.objectContaining({ kind: 'free', credits: FREE_GRANT, remaining: FREE_GRANT - 750 })],
      });

      const first = await get(a.apiKey, '/ledger?limit=2');
      expect(first.status).toBe(200);
      expect(first.body.entries.map((e: { kind: string }) => e.kind)).toEqual(['usage', 'usage']);
      const second = await get(a.apiKey, `/ledger?limit=2&before=${first.body.nextCursor}`);
      expect(second.body.entries.map((e: { kind: string }) => e.kind)).toEqual(['usage', 'grant']);
      expect(second.body.nextCursor).toBeNull();
      expect((await get(a.apiKey, '/ledger?limit=0')).status).toBe(400);
      // A later grant comes first: newest first, as the answer says.
      const topup = await t
        .http()
        .post(`/api/v1/admin/accounts/${a.accountId}/credits`)
        .set('Authorization', `Bearer ${t.adminKey}`)
        .send({ credits: 1000, kind: 'topup', reason: 'order check' });
      expect(topup.status).toBe(201);
      expect((await get(a.apiKey, '/grants')).body.grants.map((g: { kind: string }) => g.kind)).toEqual(['topup', 'free']);
    });
  });

  describe('one account never sees or touches another', () => {
    let a: { accountId: string; apiKey: string; keyId: string };
    let b: { accountId: string; apiKey: string; keyId: string };

    beforeAll(async () => {
      a = await t.createAccount('tenant a');
      b = await t.createAccount('tenant b', 'pro');
      await callPaid(b.apiKey);
      await post(b.apiKey, '/keys', { label: 'b second' });
    });

    const mentionsB = (body: unknown) => {
      const text = JSON.stringify(body);
      return text.includes(b.accountId) || text.includes(b.keyId) || text.includes('b second') || text.includes('tenant b');
    };

    it.each(['', '/keys', '/plan', '/grants', '/ledger'])('GET /api/v1/me%s answers about the caller only', async (path) => {
      const res = await get(a.apiKey, path);
      expect(res.status).toBe(200);
      expect(mentionsB(res.body)).toBe(false);
      // B holds Pro credits; only the price list may name that number.
      const { available: _prices, ...own } = res.body;
      expect(JSON.stringify(own)).not.toContain(String(PRO));
    });

    it("DELETE /api/v1/me/keys/:id with another account's key is 404 and that key keeps working", async () => {
      const res = await del(a.apiKey, `/keys/${b.keyId}`);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
      expect((await get(b.apiKey, '')).status).toBe(200);
    });

    it("POST /api/v1/me/keys creates the key on the caller's account, whatever the body says", async () => {
      const res = await post(a.apiKey, '/keys', { accountId: b.accountId });
      expect(res.status).toBe(400);
      const ok = await post(a.apiKey, '/keys', { label: 'a second' });
      expect((await get(ok.body.apiKey, '')).body.account.id).toBe(a.accountId);
      expect((await get(b.apiKey, '/keys')).body.keys.map((k: { label: string }) => k.label)).not.toContain('a second');
    });

    it("PUT and DELETE /api/v1/me/plan change the caller's plan only", async () => {
      const { rows: before } = await t.sql.query(`SELECT plan_id, balance FROM accounts WHERE id = $1`, [b.accountId]);
      expect((await put(a.apiKey, '/plan', { plan: 'starter', accountId: b.accountId })).status).toBe(400);
      expect((await put(a.apiKey, '/plan', { plan: 'starter' })).status).toBe(200);
      expect((await del(a.apiKey, '/plan')).status).toBe(200);
      const { rows: after } = await t.sql.query(`SELECT plan_id, balance FROM accounts WHERE id = $1`, [b.accountId]);
      expect(after).toEqual(before);
      expect(after[0].plan_id).toBe('pro');
    });

    it('every self-service route refuses a missing key (401)', async () => {
      const routes: Array<[string, string]> = [
        ['get', ''],
        ['get', '/keys'],
        ['post', '/keys'],
        ['delete', `/keys/${a.keyId}`],
        ['get', '/plan'],
        ['put', '/plan'],
        ['delete', '/plan'],
        ['get', '/grants'],
        ['get', '/ledger'],
      ];
      for (const [method, path] of routes) {
        const res = await (t.http() as any)[method](`/api/v1/me${path}`).send({ plan: 'pro' });
        expect({ route: `${method} ${path}`, status: res.status }).toEqual({ route: `${method} ${path}`, status: 401 });
      }
    });
  });
});
