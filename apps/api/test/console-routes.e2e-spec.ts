import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ApiKeyService } from '@scout/auth';
import { AnswerConformance } from '@scout/contract';
import { isToolName, TOOL_AREAS, TOOL_CATALOG } from '@scout/core';
import { FIXTURE_TOOL_COSTS, FixtureToolsModule } from './support/fixture-tools';
import { callOverMcp } from './support/mcp-charge';
import { startTestApp, type TestApp } from './support/test-app';
import { refundCall } from '../../../test/ledger-rows';

/**
 * The routes the web console needs beyond what the admin and self-service API had (issue 38): a
 * caller's own usage and ledger export, keys' last use, the admin overview, and the audit log by
 * actor. Each is checked against what the existing routes, or the database, say.
 */

const DAY_MS = 86_400_000;
const isoDay = (at: Date) => at.toISOString().slice(0, 10);
const todayStart = () => new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS);
const monthOf = (at: Date) => ({
  from: new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1)),
  to: new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1)),
});
const later = () => new Date(Date.now() + 60_000).toISOString();

interface Usage {
  calls: number;
  credits: number;
}
type ChannelRow = Usage & { channel: string };
type ToolRow = Usage & { tool: string };

describe('console routes (end to end)', () => {
  let t: TestApp;
  const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
  const admin = () => bearer(t.adminKey);
  let adminKeyId: string;
  let adminAccountId: string;

  beforeAll(async () => {
    t = await startTestApp({ modules: [FixtureToolsModule], toolCosts: FIXTURE_TOOL_COSTS });
    const me = (await t.http().get('/api/v1/me').set(admin())).body;
    adminKeyId = me.key.id;
    adminAccountId = me.account.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const adminGet = (path: string) => t.http().get(`/api/v1/admin${path}`).set(admin());
  const adminPost = (path: string, body: object = {}) => t.http().post(`/api/v1/admin${path}`).set(admin()).send(body);
  const meGet = (key: string, path: string) => t.http().get(`/api/v1/me${path}`).set(bearer(key));
  const callPaid = (key: string, body: object = {}) => t.http().post('/api/v1/tools/fixture_paid').set(bearer(key)).send(body);
  const callChainHealth = (key: string) => t.http().post('/api/v1/tools/service_chain_health').set(bearer(key)).send({});
  /** A CSV answer with its body read as text. */
  const text = (req: ReturnType<ReturnType<TestApp['http']>['get']>) =>
    req.buffer(true).parse((r, done) => {
      let body = '';
      r.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      r.on('end', () => done(null, body));
    });

  /**
   * An account that called over both channels: fixture_paid three times over REST (one of them
   * refunded afterwards) and once over MCP, service_chain_health (a catalog tool of area defi) once
   * over each. Net: 5 calls, 1,250 credits; REST 3 calls, MCP 2.
   */
  let a: { accountId: string; apiKey: string; keyId: string };
  let startedAt: string;
  beforeAll(async () => {
    startedAt = new Date(Date.now() - 1_000).toISOString();
    a = await t.createAccount('console usage');
    for (let i = 0; i < 2; i++) expect((await callPaid(a.apiKey)).status).toBe(200);
    const refunded = await callPaid(a.apiKey);
    expect(refunded.status).toBe(200);
    await refundCall(t.sql, refunded.headers['x-request-id']);
    expect((await callChainHealth(a.apiKey)).status).toBe(200);
    await callOverMcp(t, a.apiKey, 'fixture_paid');
    await callOverMcp(t, a.apiKey, 'service_chain_health');
    // A failed call charges nothing and shows nowhere.
    expect((await callPaid(a.apiKey, { mode: 'upstream_error' })).status).toBe(502);
  });

  describe('GET /api/v1/me/usage', () => {
    it("the caller's usage by tool, channel and day, net of the refund, equal to the admin's view of the account", async () => {
      const res = await meGet(a.apiKey, '/usage');
      expect(res.status).toBe(200);
      // No plan: the current UTC calendar month.
      const month = monthOf(new Date());
      expect(res.body.from).toBe(month.from.toISOString());
      expect(res.body.to).toBe(month.to.toISOString());
      expect(res.body.total).toEqual({ calls: 5, credits: 1_250 });
      expect(res.body.byTool).toEqual([
        { tool: 'fixture_paid', calls: 3, credits: 750 },
        { tool: 'service_chain_health', calls: 2, credits: 500 },
      ]);
      expect(res.body.byChannel).toEqual([
        { channel: 'rest', calls: 3, credits: 750 },
        { channel: 'mcp', calls: 2, credits: 500 },
      ]);
      expect(res.body.byDay).toEqual([{ day: isoDay(new Date()), calls: 5, credits: 1_250 }]);

      const adminView = await adminGet(`/accounts/${a.accountId}/usage?from=${res.body.from}&to=${res.body.to}`);
      expect(adminView.status).toBe(200);
      expect(res.body).toEqual(adminView.body);

      // A period of the caller's choosing reads the same as the admin's of the same period.
      const query = `from=${startedAt}&to=${later()}`;
      const own = await meGet(a.apiKey, `/usage?${query}`);
      expect(own.body).toEqual((await adminGet(`/accounts/${a.accountId}/usage?${query}`)).body);
      expect(own.body.total).toEqual({ calls: 5, credits: 1_250 });
    });

    it("holds the answer to the route's generated schema (RouteAnswerCheck)", async () => {
      const check = jest.spyOn(t.app.get(AnswerConformance), 'checkRoute');
      const res = await meGet(a.apiKey, '/usage');
      expect(check).toHaveBeenCalledWith('GET /api/v1/me/usage', res.body);
      expect(check.mock.results.at(-1)!.value).toEqual([]);
      check.mockRestore();
    });

    it('with a plan, the period defaults to the current billing period', async () => {
      const b = await t.createAccount('console usage on a plan', 'starter');
      expect((await callPaid(b.apiKey)).status).toBe(200);
      const plan = (await meGet(b.apiKey, '/plan')).body;
      const res = await meGet(b.apiKey, '/usage');
      expect(res.status).toBe(200);
      expect({ from: res.body.from, to: res.body.to }).toEqual({ from: plan.period.startsAt, to: plan.period.endsAt });
      expect(res.body.total).toEqual({ calls: 1, credits: 250 });
      expect(res.body).toEqual((await adminGet(`/accounts/${b.accountId}/usage?from=${plan.period.startsAt}&to=${plan.period.endsAt}`)).body);
      // Only ever the caller's own account.
      expect(res.body.byTool).toEqual([{ tool: 'fixture_paid', calls: 1, credits: 250 }]);
    });

    it('400 on a bad period; 401 without a key; 403 for a key without the tools scope', async () => {
      for (const query of ['from=yesterday', `from=${later()}&to=${startedAt}`, 'from=2020-01-01T00:00:00Z&to=2022-01-01T00:00:00Z', 'limit=5']) {
        const res = await meGet(a.apiKey, `/usage?${query}`);
        expect({ query, status: res.status, code: res.body.error?.code }).toEqual({ query, status: 400, code: 'invalid_request' });
      }
      expect((await t.http().get('/api/v1/me/usage')).status).toBe(401);
      const adminOnly = await adminPost(`/accounts/${a.accountId}/keys`, { scopes: ['admin'] });
      expect(adminOnly.status).toBe(201);
      const refused = await meGet(adminOnly.body.apiKey, '/usage');
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('forbidden');
      await t.http().delete(`/api/v1/admin/keys/${adminOnly.body.keyId}`).set(admin());
    });
  });

  describe('GET /api/v1/me/ledger.csv', () => {
    it("streams the caller's entries of the period as the admin export does, one row per entry, oldest first", async () => {
      const to = later();
      const res = await text(meGet(a.apiKey, `/ledger.csv?from=${startedAt}&to=${to}`));
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="ledger-${a.accountId}-${startedAt.slice(0, 10)}-${to.slice(0, 10)}.csv"`);

      // Row for row, the entries the ledger route lists (newest first there).
      const entries = (await meGet(a.apiKey, '/ledger?limit=500')).body.entries as Array<Record<string, string | number | null>>;
      const cell = (value: string | number | null) => (value === null ? '' : String(value));
      const expected = [...entries]
        .reverse()
        .map((e) =>
          [e.id, e.createdAt, e.kind, e.amount, e.balanceAfter, e.tool, e.grantId, e.refundOf, e.requestId, e.reason, e.actor, e.channel].map(cell).join(','),
        );
      const body = res.body as string;
      expect(body.split('\r\n')).toEqual(['id,created_at,kind,amount,balance_after,tool,grant_id,refund_of,request_id,reason,actor,channel', ...expected, '']);
      expect(expected.map((line) => line.split(',')[2])).toEqual(['grant', 'usage', 'usage', 'usage', 'refund', 'usage', 'usage', 'usage']);

      // Byte for byte what the admin's export of the account gives, and not audited (it is no admin action).
      const adminCsv = await text(adminGet(`/accounts/${a.accountId}/ledger.csv?from=${startedAt}&to=${to}`));
      expect(adminCsv.body).toBe(body);
      const { rows } = await t.sql.query(`SELECT actor FROM admin_audit_log WHERE account_id = $1 AND action = 'ledger.export'`, [a.accountId]);
      expect(rows).toEqual([{ actor: `key:${adminKeyId}` }]);
    });

    it("holds nothing of another account's; an empty period is the header alone", async () => {
      const other = await t.createAccount('console csv other');
      const res = await text(meGet(other.apiKey, `/ledger.csv?from=${startedAt}&to=${later()}`));
      const lines = (res.body as string).split('\r\n').filter(Boolean);
      expect(lines).toHaveLength(2);
      expect(lines[1].split(',')[2]).toBe('grant');
      const empty = await text(meGet(other.apiKey, '/ledger.csv?from=2020-01-01T00:00:00Z&to=2020-02-01T00:00:00Z'));
      expect(empty.body).toBe('id,created_at,kind,amount,balance_after,tool,grant_id,refund_of,request_id,reason,actor,channel\r\n');
    });

    it('400 without both ends, on a reversed or too long period; 401 without a key', async () => {
      for (const query of ['', `from=${startedAt}`, `from=${later()}&to=${startedAt}`, 'from=2020-01-01T00:00:00Z&to=2022-01-01T00:00:00Z']) {
        const res = await meGet(a.apiKey, `/ledger.csv?${query}`);
        expect({ query, status: res.status, code: res.body.error?.code }).toEqual({ query, status: 400, code: 'invalid_request' });
      }
      expect((await t.http().get(`/api/v1/me/ledger.csv?from=${startedAt}&to=${later()}`)).status).toBe(401);
    });
  });

  describe("keys' last use", () => {
    const keysOf = async (accountId: string) => (await adminGet(`/accounts/${accountId}/keys`)).body.keys as Array<{ id: string; lastUsedAt: string | null }>;
    const lastUsed = async (accountId: string, keyId: string) => (await keysOf(accountId)).find((k) => k.id === keyId)!.lastUsedAt;
    /** The key's last use once it is recorded (it is written without the call waiting for it). */
    const recorded = async (accountId: string, keyId: string): Promise<string> => {
      for (let i = 0; i < 50; i++) {
        const at = await lastUsed(accountId, keyId);
        if (at) return at;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`key ${keyId}: no last use recorded`);
    };
    /** Makes the next request with a key read the database again, as it does once AUTH_CACHE_TTL_MS has passed. */
    const expireAuthCache = () => t.app.get(ApiKeyService).forgetVerifiedKeys();

    it('a new key has none; a tool call sets it; every key list shows it', async () => {
      const c = await t.createAccount('console last use');
      const second = (await adminPost(`/accounts/${c.accountId}/keys`, { label: 'second' })).body;
      expect((await keysOf(c.accountId)).map((k) => k.lastUsedAt)).toEqual([null, null]);

      const before = Date.now() - 1_000;
      expect((await callPaid(second.apiKey)).status).toBe(200);
      const at = await recorded(c.accountId, second.keyId);
      expect(Date.parse(at)).toBeGreaterThanOrEqual(before);
      expect(Date.parse(at)).toBeLessThanOrEqual(Date.now() + 1_000);
      // The key that was not used still has none.
      expect(await lastUsed(c.accountId, c.keyId)).toBeNull();

      const detail = (await adminGet(`/accounts/${c.accountId}`)).body;
      expect(detail.keys.map((k: { lastUsedAt: string | null }) => k.lastUsedAt)).toEqual([null, at]);
      const own = (await meGet(second.apiKey, '/keys')).body.keys;
      expect(own.map((k: { lastUsedAt: string | null }) => k.lastUsedAt)).toEqual([null, at]);
    });

    it('is written only when it is more than a minute old', async () => {
      const c = await t.createAccount('console last use minute');
      const at = async () => {
        const { rows } = await t.sql.query(`SELECT last_used_at FROM api_keys WHERE id = $1`, [c.keyId]);
        return (rows[0].last_used_at as Date).getTime();
      };
      const used = async () => {
        expireAuthCache();
        expect((await meGet(c.apiKey, '')).status).toBe(200);
        // The write is not awaited by the request: give it a moment.
        await new Promise((resolve) => setTimeout(resolve, 200));
      };

      const thirtySecondsAgo = Date.now() - 30_000;
      await t.sql.query(`UPDATE api_keys SET last_used_at = $2 WHERE id = $1`, [c.keyId, new Date(thirtySecondsAgo)]);
      await used();
      expect(await at()).toBe(thirtySecondsAgo);

      await t.sql.query(`UPDATE api_keys SET last_used_at = now() - interval '2 minutes' WHERE id = $1`, [c.keyId]);
      await used();
      expect(await at()).toBeGreaterThan(Date.now() - 10_000);
    });

    it('a failed write fails no call', async () => {
      const c = await t.createAccount('console last use failing');
      const db = t.app.get<DataSource>(getDataSourceToken());
      const query = db.query.bind(db);
      const spy = jest.spyOn(db, 'query').mockImplementation((sql: string, ...rest: unknown[]) => {
        if (sql.startsWith('UPDATE api_keys k SET last_used_at')) return Promise.reject(new Error('injected: the write failed'));
        return (query as (sql: string, ...args: unknown[]) => Promise<unknown>)(sql, ...rest);
      });
      try {
        expireAuthCache();
        expect((await callPaid(c.apiKey)).status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(spy.mock.calls.some(([sql]) => String(sql).startsWith('UPDATE api_keys k SET last_used_at'))).toBe(true);
      } finally {
        spy.mockRestore();
      }
      expect(await lastUsed(c.accountId, c.keyId)).toBeNull();
    });
  });

  describe('GET /api/v1/admin/overview', () => {
    /** Every account id, through the admin listing. */
    const allAccounts = async (): Promise<string[]> => {
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { accounts: Array<{ id: string }>; nextCursor: string | null } = (await adminGet(`/accounts?limit=200${cursor ? `&cursor=${cursor}` : ''}`))
          .body;
        ids.push(...page.accounts.map((x) => x.id));
        cursor = page.nextCursor;
      } while (cursor);
      return ids;
    };
    const add = (into: Usage, row: Usage) => {
      into.calls += row.calls;
      into.credits += row.credits;
    };

    /**
     * The overview beside what the account usage route says of every account, read while nothing
     * else changed the overview (other test files may share the database): today's usage by channel
     * and by area, and the month's spending per account.
     */
    async function overviewBesideAccounts() {
      for (let attempt = 0; attempt < 5; attempt++) {
        const before = await adminGet('/overview');
        expect(before.status).toBe(200);
        const today = { total: { calls: 0, credits: 0 }, channels: {} as Record<string, Usage>, areas: {} as Record<string, Usage> };
        const month: Array<{ id: string } & Usage> = [];
        const { from, to } = monthOf(new Date());
        for (const id of await allAccounts()) {
          const day = (await adminGet(`/accounts/${id}/usage?from=${todayStart().toISOString()}`)).body;
          add(today.total, day.total);
          for (const row of day.byChannel as ChannelRow[]) add((today.channels[row.channel] ??= { calls: 0, credits: 0 }), row);
          for (const row of day.byTool as ToolRow[]) {
            if (isToolName(row.tool)) add((today.areas[TOOL_CATALOG[row.tool].area] ??= { calls: 0, credits: 0 }), row);
          }
          const spent = (await adminGet(`/accounts/${id}/usage?from=${from.toISOString()}&to=${to.toISOString()}`)).body.total;
          if (spent.credits > 0) month.push({ id, ...spent });
        }
        const after = await adminGet('/overview');
        const stable = (body: { days: unknown; topAccounts: unknown }) => JSON.stringify([body.days, body.topAccounts]);
        if (stable(before.body) === stable(after.body)) return { overview: after.body, today, month };
      }
      throw new Error('the overview kept changing while the accounts were read');
    }

    it('lists the last 30 UTC days, oldest first, every day with every channel and area', async () => {
      const res = await adminGet('/overview');
      expect(res.status).toBe(200);
      const days = res.body.days as Array<Usage & { day: string; byChannel: ChannelRow[]; byArea: Array<Usage & { area: string }> }>;
      expect(days).toHaveLength(30);
      const today = todayStart().getTime();
      expect(days.map((d) => d.day)).toEqual(Array.from({ length: 30 }, (_, i) => isoDay(new Date(today - (29 - i) * DAY_MS))));
      for (const day of days) {
        expect(day.byChannel.map((c) => c.channel)).toEqual(['rest', 'mcp']);
        expect(day.byArea.map((x) => x.area)).toEqual([...TOOL_AREAS]);
        expect(day.byChannel.reduce((sum, c) => sum + c.credits, 0)).toBe(day.credits);
        expect(day.byChannel.reduce((sum, c) => sum + c.calls, 0)).toBe(day.calls);
      }
      // Account a's calls are in today's figures, its service_chain_health calls in area defi.
      const last = days.at(-1)!;
      expect(last.calls).toBeGreaterThanOrEqual(5);
      expect(last.byArea.find((x) => x.area === 'defi')!.credits).toBeGreaterThanOrEqual(500);
      expect(last.byChannel.find((c) => c.channel === 'mcp')!.calls).toBeGreaterThanOrEqual(2);
      expect(res.body.month).toBe(isoDay(new Date()).slice(0, 7));
    });

    it("today's figures are the sum of every account's usage of today, by channel and by area; the top accounts are the month's biggest spenders", async () => {
      // A bigger spender this month than the other accounts of this file (others may share the database).
      const big = await t.createAccount('console top spender');
      for (let i = 0; i < 6; i++) expect((await callPaid(big.apiKey)).status).toBe(200);
      await adminPost(`/accounts/${big.accountId}/suspend`, { reason: 'top accounts show their status' });

      const { overview, today, month } = await overviewBesideAccounts();
      const last = overview.days.at(-1);
      expect(last.day).toBe(isoDay(new Date()));
      expect({ calls: last.calls, credits: last.credits }).toEqual(today.total);
      expect(last.byChannel).toEqual(['rest', 'mcp'].map((channel) => ({ channel, ...(today.channels[channel] ?? { calls: 0, credits: 0 }) })));
      expect(last.byArea).toEqual(TOOL_AREAS.map((area) => ({ area, ...(today.areas[area] ?? { calls: 0, credits: 0 }) })));

      const ranked = month.sort((x, y) => y.credits - x.credits || y.calls - x.calls || (x.id < y.id ? -1 : 1)).slice(0, 10);
      expect(overview.topAccounts.map((x: { id: string; calls: number; credits: number }) => ({ id: x.id, calls: x.calls, credits: x.credits }))).toEqual(
        ranked,
      );
      const listed = overview.topAccounts.find((x: { id: string }) => x.id === big.accountId) ?? null;
      if (ranked.some((x) => x.id === big.accountId)) {
        expect(listed).toEqual({ id: big.accountId, name: 'console top spender', plan: null, status: 'suspended', calls: 6, credits: 1_500 });
      }
      expect(overview.topAccounts.length).toBeLessThanOrEqual(10);
    });

    it('counts open holds and accounts by status', async () => {
      const c = await t.createAccount('console holds');
      const running = callPaid(c.apiKey, { delayMs: 1_500 }).then((res) => res.status);
      let holds = { count: 0, credits: 0 };
      for (let i = 0; i < 40 && holds.count === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        holds = (await adminGet('/overview')).body.holds;
      }
      expect(holds.count).toBeGreaterThanOrEqual(1);
      expect(holds.credits).toBeGreaterThanOrEqual(250);
      expect(await running).toBe(200);

      await adminPost(`/accounts/${c.accountId}/suspend`);
      const counts = async () => {
        const { rows } = await t.sql.query(`SELECT status, count(*)::int AS n FROM accounts GROUP BY status`);
        const count = (status: string) => (rows.find((r) => r.status === status)?.n as number | undefined) ?? 0;
        return { total: count('active') + count('suspended'), active: count('active'), suspended: count('suspended') };
      };
      // Read while no account was made meanwhile (other test files may share the database).
      for (let attempt = 0; ; attempt++) {
        const before = await counts();
        const res = await adminGet('/overview');
        if (JSON.stringify(before) !== JSON.stringify(await counts()) && attempt < 5) continue;
        expect(res.body.accounts).toEqual(before);
        expect(res.body.accounts.suspended).toBeGreaterThanOrEqual(1);
        break;
      }
    });

    it("holds the answer to the route's generated schema; 401 without a key, 403 for a tools key", async () => {
      const check = jest.spyOn(t.app.get(AnswerConformance), 'checkRoute');
      const res = await adminGet('/overview');
      expect(check).toHaveBeenCalledWith('GET /api/v1/admin/overview', res.body);
      expect(check.mock.results.at(-1)!.value).toEqual([]);
      check.mockRestore();
      expect((await t.http().get('/api/v1/admin/overview')).status).toBe(401);
      expect((await t.http().get('/api/v1/admin/overview').set(bearer(a.apiKey))).status).toBe(403);
    });
  });

  describe('GET /api/v1/admin/audit?actor=', () => {
    it('lists the actions of one admin key, alone or with the account and action filters', async () => {
      const other = (await adminPost(`/accounts/${adminAccountId}/keys`, { scopes: ['admin'], label: 'second admin' })).body;
      const target = await t.createAccount('console audit');
      const asOther = (path: string, body: object) => t.http().post(`/api/v1/admin${path}`).set(bearer(other.apiKey)).send(body);
      expect((await asOther(`/accounts/${target.accountId}/credits`, { credits: 100, kind: 'grant', reason: 'by the second admin' })).status).toBe(201);
      expect((await asOther(`/accounts/${target.accountId}/suspend`, {})).status).toBe(200);
      expect((await adminPost(`/accounts/${target.accountId}/reactivate`)).status).toBe(200);

      const actor = `key:${other.keyId}`;
      const mine = await adminGet(`/audit?actor=${encodeURIComponent(actor)}`);
      expect(mine.status).toBe(200);
      expect(mine.body.entries.map((e: { actor: string; action: string }) => [e.actor, e.action])).toEqual([
        [actor, 'account.suspend'],
        [actor, 'credits.grant'],
      ]);
      const paged = await adminGet(`/audit?actor=${encodeURIComponent(actor)}&limit=1`);
      expect(paged.body.entries.map((e: { action: string }) => e.action)).toEqual(['account.suspend']);
      const rest = await adminGet(`/audit?actor=${encodeURIComponent(actor)}&limit=1&before=${paged.body.nextCursor}`);
      expect(rest.body.entries.map((e: { action: string }) => e.action)).toEqual(['credits.grant']);
      expect(rest.body.nextCursor).toBeNull();

      const both = await adminGet(`/audit?actor=${encodeURIComponent(actor)}&accountId=${target.accountId}&action=credits.grant`);
      expect(both.body.entries).toEqual([expect.objectContaining({ actor, action: 'credits.grant', accountId: target.accountId })]);
      const first = await adminGet(`/audit?actor=key:${adminKeyId}&accountId=${target.accountId}`);
      expect(first.body.entries.map((e: { action: string }) => e.action)).toEqual(['account.reactivate', 'account.create']);
      expect((await adminGet('/audit?actor=key:6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b')).body.entries).toEqual([]);
    });

    it('400 on an empty, too long or NUL-bearing actor', async () => {
      for (const actor of ['', 'k'.repeat(201), 'key%00x']) {
        const res = await adminGet(`/audit?actor=${actor}`);
        expect({ actor, status: res.status }).toEqual({ actor, status: 400 });
      }
    });
  });
});
