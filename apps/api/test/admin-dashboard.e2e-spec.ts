import { FIXTURE_TOOL_COSTS, FixtureToolsModule } from './support/fixture-tools';
import { callOverMcp } from './support/mcp-charge';
import { startTestApp, type TestApp } from './support/test-app';
import { ManualClock } from '../../../test/manual-clock';
import { ledgerInvariantViolations } from '../../../test/ledger-invariants';
import { refundCall } from '../../../test/ledger-rows';

/**
 * The admin routes the dashboard is built against (issue "Plans, credit grants, the billing ledger
 * views, the worker, and the admin API"): account search and pages, suspension, keys per account,
 * plans, credits of every kind, ledger filters, usage, CSV exports, and the audit log.
 */

const FREE_GRANT = 62_500;
const UNKNOWN_UUID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';

describe('admin dashboard API (end to end)', () => {
  let t: TestApp;
  const clock = new ManualClock(new Date());
  const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
  const admin = () => bearer(t.adminKey);
  let adminKeyId: string;

  beforeAll(async () => {
    t = await startTestApp({ modules: [FixtureToolsModule], toolCosts: FIXTURE_TOOL_COSTS, clock });
    adminKeyId = (await t.http().get('/api/v1/me').set(admin())).body.key.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (path: string) => t.http().get(`/api/v1/admin${path}`).set(admin());
  const post = (path: string, body: object = {}) => t.http().post(`/api/v1/admin${path}`).set(admin()).send(body);
  /** A CSV answer with its body read as text. */
  const getCsv = (path: string) =>
    get(path)
      .buffer(true)
      .parse((r, done) => {
        let text = '';
        r.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        r.on('end', () => done(null, text));
      });
  const put = (path: string, body: object) => t.http().put(`/api/v1/admin${path}`).set(admin()).send(body);
  const del = (path: string) => t.http().delete(`/api/v1/admin${path}`).set(admin());
  const callPaid = (key: string, body: object = {}) => t.http().post('/api/v1/tools/fixture_paid').set(bearer(key)).send(body);
  const auditRows = async (accountId: string) =>
    (await t.sql.query(`SELECT actor, action, target, details, request_id FROM admin_audit_log WHERE account_id = $1 ORDER BY id`, [accountId])).rows;

  describe('GET /api/v1/admin/accounts', () => {
    const tag = `srch${Date.now().toString(36)}`;
    let made: { accountId: string; apiKey: string }[];

    beforeAll(async () => {
      made = [];
      for (let i = 0; i < 7; i++) made.push(await t.createAccount(`${tag} account ${i}`, i % 2 === 0 ? 'starter' : undefined));
      made.push(await t.createAccount(`${tag} 100%_literal`));
    });

    it('pages through a search newest first with the cursor, every match exactly once', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res = await get(`/accounts?q=${tag}&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.status).toBe(200);
        expect(res.body.accounts.length).toBeLessThanOrEqual(3);
        seen.push(...res.body.accounts.map((a: { id: string }) => a.id));
        cursor = res.body.nextCursor;
        pages++;
      } while (cursor && pages < 10);
      expect(pages).toBe(3);
      expect(seen).toEqual([...made].reverse().map((m) => m.accountId));
    });

    it('shows each account with plan, status and spendable balance', async () => {
      const res = await get(`/accounts?q=${encodeURIComponent(`${tag} account 0`)}`);
      expect(res.body.accounts).toEqual([
        { id: made[0].accountId, name: `${tag} account 0`, plan: 'starter', status: 'active', balance: FREE_GRANT + 375_000, createdAt: expect.any(String) },
      ]);
    });

    it('filters by plan and status, and finds by account id and by key prefix', async () => {
      const starters = await get(`/accounts?q=${tag}&plan=starter&limit=50`);
      expect(starters.body.accounts).toHaveLength(4);
      const none = await get(`/accounts?q=${tag}&plan=none&limit=50`);
      expect(none.body.accounts).toHaveLength(4);
      expect((await get(`/accounts?q=${tag}&status=suspended`)).body.accounts).toEqual([]);

      expect((await get(`/accounts?q=${made[3].accountId}`)).body.accounts.map((a: { id: string }) => a.id)).toEqual([made[3].accountId]);
      const prefix = (await get(`/accounts/${made[5].accountId}/keys`)).body.keys[0].prefix;
      expect((await get(`/accounts?q=${encodeURIComponent(prefix)}`)).body.accounts.map((a: { id: string }) => a.id)).toEqual([made[5].accountId]);
    });

    it('takes LIKE wildcards in q literally', async () => {
      const res = await get(`/accounts?q=${encodeURIComponent(`${tag} 100%_`)}`);
      expect(res.body.accounts.map((a: { id: string }) => a.id)).toEqual([made[7].accountId]);
      expect((await get(`/accounts?q=${encodeURIComponent(`${tag}%account`)}`)).body.accounts).toEqual([]);
    });

    it('400 on a bad limit, status, plan or cursor', async () => {
      for (const query of ['limit=0', 'limit=201', 'status=closed', 'plan=gold', 'cursor=%21%21', 'cursor=bm90LWEtY3Vyc29y', 'extra=1']) {
        const res = await get(`/accounts?${query}`);
        expect({ query, status: res.status, code: res.body.error?.code }).toEqual({ query, status: 400, code: 'invalid_request' });
      }
    });
  });

  describe('suspend and reactivate', () => {
    it("a suspended account's keys get 401 at once; reactivated, they work again; both are idempotent", async () => {
      const a = await t.createAccount('to suspend');
      expect((await callPaid(a.apiKey)).status).toBe(200);

      const suspended = await post(`/accounts/${a.accountId}/suspend`, { reason: 'chargeback' });
      expect(suspended.status).toBe(200);
      expect(suspended.body).toMatchObject({ changed: true, account: { id: a.accountId, status: 'suspended' } });
      const refused = await callPaid(a.apiKey);
      expect(refused.status).toBe(401);
      expect(refused.body.error.code).toBe('unauthorized');
      expect((await t.http().get('/api/v1/me').set(bearer(a.apiKey))).status).toBe(401);
      expect((await post(`/accounts/${a.accountId}/suspend`)).body).toMatchObject({ changed: false, account: { status: 'suspended' } });
      // The ledger refuses usage on a suspended account too, whatever a cache says.
      const { rows } = await t.sql.query(`SELECT status FROM scout_spend($1, 250, 'usage', 'fixture_paid', 'r', NULL, NULL)`, [a.accountId]);
      expect(rows[0].status).toBe('suspended');

      const reactivated = await post(`/accounts/${a.accountId}/reactivate`, {});
      expect(reactivated.body).toMatchObject({ changed: true, account: { status: 'active' } });
      expect((await callPaid(a.apiKey)).status).toBe(200);
      expect((await post(`/accounts/${a.accountId}/reactivate`)).body.changed).toBe(false);

      expect((await auditRows(a.accountId)).map((r) => [r.action, r.details.reason ?? null])).toEqual([
        ['account.create', null],
        ['account.suspend', 'chargeback'],
        ['account.reactivate', null],
      ]);
    });

    it('404 for an unknown account, 400 for a bad reason', async () => {
      expect((await post(`/accounts/${UNKNOWN_UUID}/suspend`)).status).toBe(404);
      const a = await t.createAccount('bad reason');
      expect((await post(`/accounts/${a.accountId}/suspend`, { reason: 'x'.repeat(501) })).status).toBe(400);
      expect((await get(`/accounts/${a.accountId}`)).body.account.status).toBe('active');
    });
  });

  describe('plans', () => {
    it('PUT sets the plan at once (grant, charge, renewal date); the next call works after a 402', async () => {
      clock.set('2027-01-31T10:00:00Z');
      const a = await t.createAccount('plan via admin');
      await t.setBalance(a.accountId, 0);
      expect((await callPaid(a.apiKey)).status).toBe(402);

      const res = await put(`/accounts/${a.accountId}/plan`, { plan: 'growth', reason: 'sales deal' });

      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        changed: true,
        plan: { id: 'growth', priceUsd: 79, creditsPerMonth: 1_250_000 },
        period: { startsAt: '2027-01-31T10:00:00.000Z', endsAt: '2027-02-28T10:00:00.000Z', chargeUsd: 79 },
        renewsAt: '2027-02-28T10:00:00.000Z',
        change: { from: null, to: 'growth', actor: `key:${adminKeyId}`, reason: 'sales deal' },
        balance: 1_250_000,
      });
      expect((await callPaid(a.apiKey)).status).toBe(200);

      expect((await put(`/accounts/${a.accountId}/plan`, { plan: 'growth' })).body.changed).toBe(false);
      const cancelled = await del(`/accounts/${a.accountId}/plan`);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({ changed: true, plan: null, renewsAt: null, balance: 1_250_000 - 250 });

      const history = await get(`/accounts/${a.accountId}/plan/history`);
      expect(history.body.changes.map((c: { from: string | null; to: string | null }) => [c.from, c.to])).toEqual([
        ['growth', null],
        [null, 'growth'],
      ]);
      expect(history.body.periods).toHaveLength(1);
      expect((await auditRows(a.accountId)).filter((r) => r.action.startsWith('plan.')).map((r) => [r.action, r.details.from, r.details.to])).toEqual([
        ['plan.change', null, 'growth'],
        ['plan.cancel', 'growth', null],
      ]);
      clock.set(new Date());
    });

    it('400 on an unknown plan, 404 on an unknown account', async () => {
      const a = await t.createAccount('plan errors');
      for (const body of [{ plan: 'gold' }, {}, { plan: 'pro', extra: true }]) {
        const res = await put(`/accounts/${a.accountId}/plan`, body);
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe('invalid_request');
      }
      expect((await put(`/accounts/${UNKNOWN_UUID}/plan`, { plan: 'pro' })).status).toBe(404);
      expect((await del(`/accounts/${UNKNOWN_UUID}/plan`)).status).toBe(404);
      expect((await auditRows(a.accountId)).map((r) => r.action)).toEqual(['account.create']);
    });
  });

  describe('keys per account', () => {
    it('lists, creates and revokes, never showing a secret', async () => {
      const a = await t.createAccount('key admin');
      const created = await post(`/accounts/${a.accountId}/keys`, { label: 'dashboard-made', scopes: ['tools'] });
      expect(created.status).toBe(201);
      const list = await get(`/accounts/${a.accountId}/keys`);
      expect(list.status).toBe(200);
      expect(list.body.keys.map((k: { label: string }) => k.label)).toEqual(['first key', 'dashboard-made']);
      expect(JSON.stringify(list.body)).not.toContain(created.body.apiKey);
      expect((await del(`/keys/${created.body.keyId}`)).status).toBe(200);
      expect((await get(`/accounts/${a.accountId}/keys`)).body.keys[1].revokedAt).toEqual(expect.any(String));
      expect((await get(`/accounts/${UNKNOWN_UUID}/keys`)).status).toBe(404);
    });
  });

  describe('credits', () => {
    it('grant (complimentary, no expiry), top-up (expiring) and adjustments carry the reason and the admin', async () => {
      const a = await t.createAccount('credit kinds');
      const grant = await post(`/accounts/${a.accountId}/credits`, { credits: 5_000, kind: 'grant', reason: 'conference promo' });
      expect(grant.status).toBe(201);
      expect(grant.body).toMatchObject({ kind: 'grant', credits: 5_000, expiresAt: null, reason: 'conference promo', actor: `key:${adminKeyId}` });
      const topup = await post(`/accounts/${a.accountId}/credits`, { credits: 10_000, kind: 'topup', reason: 'invoice 7' });
      expect(topup.body.expiresAt).toEqual(expect.any(String));
      const minus = await post(`/accounts/${a.accountId}/credits`, { credits: -2_000, kind: 'adjustment', reason: 'double grant' });
      expect(minus.status).toBe(201);
      expect(minus.body.balance).toBe(FREE_GRANT + 5_000 + 10_000 - 2_000);

      const { rows } = await t.sql.query(
        `SELECT g.kind, g.credits::int, g.expires_at IS NOT NULL AS expires, g.reason, g.actor FROM credit_grants g WHERE account_id = $1 ORDER BY created_at`,
        [a.accountId],
      );
      expect(rows).toEqual([
        { kind: 'free', credits: FREE_GRANT, expires: false, reason: expect.any(String), actor: 'system' },
        { kind: 'free', credits: 5_000, expires: false, reason: 'conference promo', actor: `key:${adminKeyId}` },
        { kind: 'topup', credits: 10_000, expires: true, reason: 'invoice 7', actor: `key:${adminKeyId}` },
      ]);
      const { rows: entries } = await t.sql.query(
        `SELECT kind, amount::int, reason, actor FROM credit_entries WHERE account_id = $1 ORDER BY id DESC LIMIT 1`,
        [a.accountId],
      );
      expect(entries[0]).toEqual({ kind: 'adjustment', amount: -2_000, reason: 'double grant', actor: `key:${adminKeyId}` });
      expect(await ledgerInvariantViolations(t.sql, a.accountId)).toEqual([]);
    });

    it('an adjustment below zero writes nothing: no entry and no audit row', async () => {
      const a = await t.createAccount('below zero');
      const res = await post(`/accounts/${a.accountId}/credits`, { credits: -(FREE_GRANT + 1), kind: 'adjustment', reason: 'too much' });
      expect(res.status).toBe(400);
      const { rows } = await t.sql.query(`SELECT count(*)::int AS n FROM credit_entries WHERE account_id = $1`, [a.accountId]);
      expect(rows[0].n).toBe(1);
      expect((await auditRows(a.accountId)).map((r) => r.action)).toEqual(['account.create']);
      const negativeGrant = await post(`/accounts/${a.accountId}/credits`, { credits: -5, kind: 'grant', reason: 'x' });
      expect(negativeGrant.status).toBe(400);
    });
  });

  describe('ledger filters, usage and CSV', () => {
    let a: { accountId: string; apiKey: string };
    let startedAt: string;

    beforeAll(async () => {
      startedAt = new Date(Date.now() - 1_000).toISOString();
      a = await t.createAccount('ledger reader');
      for (let i = 0; i < 3; i++) expect((await callPaid(a.apiKey)).status).toBe(200);
      // A fourth call answered, then refunded as a correction; a failed call writes no entry at all.
      const corrected = await callPaid(a.apiKey);
      expect(corrected.status).toBe(200);
      await refundCall(t.sql, corrected.headers['x-request-id']);
      expect((await callPaid(a.apiKey, { mode: 'upstream_error' })).status).toBe(502);
      expect((await t.http().post('/api/v1/tools/fixture_free').set(bearer(a.apiKey)).send({})).status).toBe(200);
      await post(`/accounts/${a.accountId}/credits`, { credits: 1_000, kind: 'topup', reason: 'Acme, "Q1" =SUM(A1)\nsecond line' });
    });

    it('filters entries by kind (list or repeated), tool and time, with the cursor', async () => {
      const usage = await get(`/accounts/${a.accountId}/ledger?kind=usage&limit=2`);
      expect(usage.status).toBe(200);
      expect(usage.body.entries.map((e: { kind: string }) => e.kind)).toEqual(['usage', 'usage']);
      const rest = await get(`/accounts/${a.accountId}/ledger?kind=usage&limit=2&before=${usage.body.nextCursor}`);
      expect(rest.body.entries).toHaveLength(2);
      expect(rest.body.nextCursor).toBeNull();

      const both = await get(`/accounts/${a.accountId}/ledger?kind=refund,grant`);
      expect(both.body.entries.map((e: { kind: string }) => e.kind)).toEqual(['grant', 'refund', 'grant']);
      const repeated = await get(`/accounts/${a.accountId}/ledger?kind=refund&kind=grant`);
      expect(repeated.body.entries).toEqual(both.body.entries);

      expect((await get(`/accounts/${a.accountId}/ledger?tool=fixture_paid`)).body.entries).toHaveLength(5);
      expect((await get(`/accounts/${a.accountId}/ledger?tool=nothing_here`)).body.entries).toEqual([]);
      expect((await get(`/accounts/${a.accountId}/ledger?to=${startedAt}`)).body.entries).toEqual([]);
      expect((await get(`/accounts/${a.accountId}/ledger?from=${startedAt}`)).body.entries).toHaveLength(7);
    });

    it('400 on a bad filter', async () => {
      const later = new Date(Date.now() + 60_000).toISOString();
      for (const query of ['kind=spend', 'kind=', 'from=yesterday', `from=${later}&to=${startedAt}`, 'tool=', 'limit=501']) {
        const res = await get(`/accounts/${a.accountId}/ledger?${query}`);
        expect({ query, status: res.status }).toEqual({ query, status: 400 });
      }
    });

    it('usage by tool and by UTC day, net of the refunded call', async () => {
      const res = await get(`/accounts/${a.accountId}/usage?from=${startedAt}&to=${new Date(Date.now() + 60_000).toISOString()}`);
      expect(res.status).toBe(200);
      const today = new Date().toISOString().slice(0, 10);
      expect(res.body.byTool).toEqual([{ tool: 'fixture_paid', calls: 3, credits: 750 }]);
      expect(res.body.byDay).toEqual([{ day: today, calls: 3, credits: 750 }]);
      expect(res.body.total).toEqual({ calls: 3, credits: 750 });
      expect(res.body.byChannel).toEqual([
        { channel: 'rest', calls: 3, credits: 750 },
        { channel: 'mcp', calls: 0, credits: 0 },
      ]);
      expect((await get(`/accounts/${a.accountId}/usage?from=2020-01-01T00:00:00Z&to=2022-01-01T00:00:00Z`)).status).toBe(400);
    });

    it('exports the period as CSV: header, quoting, formula guard, attachment, audited', async () => {
      const to = new Date(Date.now() + 60_000).toISOString();
      const res = await getCsv(`/accounts/${a.accountId}/ledger.csv?from=${startedAt}&to=${to}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="ledger-.+\.csv"$/);
      const body = res.body as string;
      const lines = body.split('\r\n');
      expect(lines[0]).toBe('id,created_at,kind,amount,balance_after,tool,grant_id,refund_of,request_id,reason,actor,channel');
      expect(body).toContain('"Acme, ""Q1"" =SUM(A1)\nsecond line"');
      expect(body).toMatch(/,usage,-250,/);
      const kinds = lines
        .slice(1)
        .filter(Boolean)
        .map((l) => l.split(',')[2]);
      expect(kinds.slice(0, 5)).toEqual(['grant', 'usage', 'usage', 'usage', 'usage']);

      const audited = (await auditRows(a.accountId)).filter((r) => r.action === 'ledger.export');
      expect(audited).toEqual([expect.objectContaining({ actor: `key:${adminKeyId}`, details: expect.objectContaining({ from: startedAt }) })]);
    });

    it('guards text cells that a spreadsheet would run as a formula', async () => {
      const b = await t.createAccount('formula');
      await post(`/accounts/${b.accountId}/credits`, { credits: 10, kind: 'grant', reason: '=HYPERLINK("http://evil")' });
      const from = new Date(Date.now() - 60_000).toISOString();
      const to = new Date(Date.now() + 60_000).toISOString();
      const res = await getCsv(`/accounts/${b.accountId}/ledger.csv?from=${from}&to=${to}`);
      expect(res.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
      expect(res.body).not.toMatch(/,=HYPERLINK/);
    });

    it('the all-accounts export names the account; periods are required and bounded', async () => {
      const to = new Date(Date.now() + 60_000).toISOString();
      const res = await getCsv(`/ledger.csv?from=${startedAt}&to=${to}`);
      expect(res.status).toBe(200);
      expect((res.body as string).split('\r\n')[0]).toBe(
        'account_id,id,created_at,kind,amount,balance_after,tool,grant_id,refund_of,request_id,reason,actor,channel',
      );
      expect(res.body).toContain(a.accountId);
      for (const query of ['', `from=${startedAt}`, 'from=2020-01-01T00:00:00Z&to=2022-01-01T00:00:00Z', `from=${to}&to=${startedAt}`]) {
        const bad = await get(`/ledger.csv?${query}`);
        expect({ query, status: bad.status, code: bad.body.error?.code }).toEqual({ query, status: 400, code: 'invalid_request' });
      }
    });
  });

  describe('the channel of each call (REST or MCP)', () => {
    let a: { accountId: string; apiKey: string };
    let from: string;
    let mcpRequestId: string;

    beforeAll(async () => {
      from = new Date(Date.now() - 1_000).toISOString();
      a = await t.createAccount('channels');
      for (let i = 0; i < 2; i++) expect((await callPaid(a.apiKey)).status).toBe(200);
      mcpRequestId = await callOverMcp(t, a.apiKey, 'fixture_paid');
      expect((await callPaid(a.apiKey, { mode: 'upstream_error' })).status).toBe(502);
    });
    const to = () => new Date(Date.now() + 60_000).toISOString();

    it('usage: per channel, adding up to the totals; the REST calls as rest', async () => {
      const res = await get(`/accounts/${a.accountId}/usage?from=${from}&to=${to()}`);
      expect(res.status).toBe(200);
      expect(res.body.total).toEqual({ calls: 3, credits: 750 });
      expect(res.body.byTool).toEqual([{ tool: 'fixture_paid', calls: 3, credits: 750 }]);
      expect(res.body.byChannel).toEqual([
        { channel: 'rest', calls: 2, credits: 500 },
        { channel: 'mcp', calls: 1, credits: 250 },
      ]);
    });

    it('ledger entries and the CSV export carry each entry channel', async () => {
      const ledger = await get(`/accounts/${a.accountId}/ledger`);
      expect(
        ledger.body.entries.map((e: { kind: string; requestId: string | null; channel: string }) => [e.kind, e.channel, e.requestId === mcpRequestId]),
      ).toEqual([
        ['usage', 'mcp', true],
        ['usage', 'rest', false],
        ['usage', 'rest', false],
        ['grant', 'rest', false],
      ]);
      const csv = await getCsv(`/accounts/${a.accountId}/ledger.csv?from=${from}&to=${to()}`);
      const rows = (csv.body as string).split('\r\n').filter(Boolean).slice(1);
      expect(rows.map((row) => [row.split(',')[2], row.split(',').at(-1)])).toEqual([
        ['grant', 'rest'],
        ['usage', 'rest'],
        ['usage', 'rest'],
        ['usage', 'mcp'],
      ]);
    });
  });

  describe('audit log', () => {
    it('writes one row per admin action that changes something, with the admin and the request id', async () => {
      const created = await post('/accounts', { name: 'audited everything' });
      const id = created.body.account.id as string;
      const key = await post(`/accounts/${id}/keys`, { label: 'second' });
      await del(`/keys/${key.body.keyId}`);
      await post(`/accounts/${id}/credits`, { credits: 100, kind: 'grant', reason: 'a' });
      await post(`/accounts/${id}/credits`, { credits: 100, kind: 'topup', reason: 'b' });
      await post(`/accounts/${id}/credits`, { credits: -50, kind: 'adjustment', reason: 'c' });
      await put(`/accounts/${id}/plan`, { plan: 'starter' });
      await del(`/accounts/${id}/plan`);
      await post(`/accounts/${id}/suspend`);
      await post(`/accounts/${id}/reactivate`);
      const from = new Date(Date.now() - 60_000).toISOString();
      await get(`/accounts/${id}/ledger.csv?from=${from}&to=${new Date(Date.now() + 60_000).toISOString()}`);
      // Reads are not actions: nothing written for them.
      await get(`/accounts/${id}`);
      await get(`/accounts/${id}/ledger`);

      const rows = await auditRows(id);
      expect(rows.map((r) => r.action)).toEqual([
        'account.create',
        'key.create',
        'key.revoke',
        'credits.grant',
        'credits.topup',
        'credits.adjust',
        'plan.change',
        'plan.cancel',
        'account.suspend',
        'account.reactivate',
        'ledger.export',
      ]);
      for (const row of rows) {
        expect(row.actor).toBe(`key:${adminKeyId}`);
        expect(row.request_id).toEqual(expect.any(String));
      }
      expect(JSON.stringify(rows)).not.toContain(created.body.apiKey);
      expect(JSON.stringify(rows)).not.toContain(key.body.apiKey);

      const api = await get(`/audit?accountId=${id}&limit=5`);
      expect(api.status).toBe(200);
      expect(api.body.entries.map((e: { action: string }) => e.action)).toEqual([
        'ledger.export',
        'account.reactivate',
        'account.suspend',
        'plan.cancel',
        'plan.change',
      ]);
      const next = await get(`/audit?accountId=${id}&limit=50&before=${api.body.nextCursor}`);
      expect(next.body.entries).toHaveLength(6);
      expect((await get(`/audit?accountId=${id}&action=key.revoke`)).body.entries).toEqual([
        expect.objectContaining({ action: 'key.revoke', target: `api_keys#${key.body.keyId}` }),
      ]);
      expect((await get('/audit?action=drop.tables')).status).toBe(400);
    });

    it('is append-only: UPDATE, DELETE and TRUNCATE are refused', async () => {
      await expect(t.sql.query(`UPDATE admin_audit_log SET actor = 'someone else'`)).rejects.toThrow(/append-only/);
      await expect(t.sql.query(`DELETE FROM admin_audit_log`)).rejects.toThrow(/append-only/);
      await expect(t.sql.query(`TRUNCATE admin_audit_log`)).rejects.toThrow(/append-only/);
    });
  });
});
