import { FIXTURE_TOOL_COSTS, FixtureToolsModule } from './support/fixture-tools';
import { randomKey, startTestApp, type TestApp } from './support/test-app';
import { callCharges, ledgerRows, refundCall } from '../../../test/ledger-rows';

/**
 * The admin bootstrap API end to end (docs/architecture.md section 5, issue "Ledger"): accounts, keys,
 * credits and the ledger, through the same bootstrap as main.ts, plus GET /api/v1/me.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const UNKNOWN_UUID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const FREE_GRANT = 62_500;
const DAY_MS = 24 * 60 * 60 * 1000;

describe('admin API (end to end)', () => {
  let t: TestApp;
  const admin = () => ({ Authorization: `Bearer ${t.adminKey}` });
  const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

  beforeAll(async () => {
    t = await startTestApp({ modules: [FixtureToolsModule], toolCosts: FIXTURE_TOOL_COSTS });
  });
  afterAll(async () => {
    await t.close();
  });

  // --- helpers -------------------------------------------------------------------------------

  const getAccount = (id: string) => t.http().get(`/api/v1/admin/accounts/${id}`).set(admin());
  /** Credits with a reason unless the body brings its own (the reason is required). */
  const addCredits = (id: string, body: unknown) =>
    t
      .http()
      .post(`/api/v1/admin/accounts/${id}/credits`)
      .set(admin())
      .send({ reason: 'admin e2e', ...(body as object) });
  const callPaid = (key: string, body: object = {}) => t.http().post('/api/v1/tools/fixture_paid').set(bearer(key)).send(body);

  const ledgerRowsOf = (accountId: string) => ledgerRows(t.sql, accountId);

  /** Balance never negative, equal to the sum of entries, balance_after the running sum. */
  async function expectLedgerConsistent(accountId: string): Promise<number> {
    const entries = await ledgerRowsOf(accountId);
    const { rows } = await t.sql.query(`SELECT balance FROM accounts WHERE id = $1`, [accountId]);
    const balance = Number(rows[0].balance);
    let running = 0;
    for (const e of entries) {
      running += e.amount;
      expect(e.balanceAfter).toBe(running);
    }
    expect(balance).toBe(running);
    expect(balance).toBeGreaterThanOrEqual(0);
    return balance;
  }

  function expectInvalid(res: { status: number; body: any }, path?: string) {
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_request');
    expect(typeof res.body.error.message).toBe('string');
    expect(Array.isArray(res.body.error.issues)).toBe(true);
    expect(res.body.error.issues.length).toBeGreaterThan(0);
    for (const issue of res.body.error.issues) {
      expect(typeof issue.path).toBe('string');
      expect(typeof issue.message).toBe('string');
    }
    if (path !== undefined) expect(res.body.error.issues.map((i: { path: string }) => i.path)).toContain(path);
  }

  function expectNotFound(res: { status: number; body: any }) {
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expect(typeof res.body.error.message).toBe('string');
  }

  // --- POST /api/v1/admin/accounts -----------------------------------------------------------

  describe('POST /api/v1/admin/accounts → 201', () => {
    it('creates an account with the $5 free grant (62,500 credits) and a first key', async () => {
      const res = await t.http().post('/api/v1/admin/accounts').set(admin()).send({ name: 'Acme research' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        account: {
          id: expect.stringMatching(UUID),
          name: 'Acme research',
          plan: null,
          status: 'active',
          balance: FREE_GRANT,
          createdAt: expect.any(String),
        },
        apiKey: expect.stringMatching(/^sc_[A-Za-z0-9_-]{24,}$/),
        keyId: expect.stringMatching(UUID),
      });
      const accountId = res.body.account.id;

      const account = await getAccount(accountId);
      expect(account.status).toBe(200);
      expect(account.body.account).toMatchObject({ id: accountId, balance: FREE_GRANT, plan: null });
      expect(account.body).toMatchObject({ ledgerBalance: FREE_GRANT, held: 0 });
      expect(account.body.plan).toBeNull();
      expect(account.body.grants).toEqual([expect.objectContaining({ kind: 'free', credits: FREE_GRANT, remaining: FREE_GRANT, expiresAt: null })]);
      expect(account.body.keys).toEqual([expect.objectContaining({ id: res.body.keyId, scopes: ['tools'], revokedAt: null })]);

      const ledger = await t.http().get(`/api/v1/admin/accounts/${accountId}/ledger`).set(admin());
      expect(ledger.status).toBe(200);
      expect(ledger.body.nextCursor).toBeNull();
      expect(ledger.body.entries).toEqual([
        expect.objectContaining({ kind: 'grant', amount: FREE_GRANT, balanceAfter: FREE_GRANT, grantId: account.body.grants[0].id }),
      ]);
      expect(await expectLedgerConsistent(accountId)).toBe(FREE_GRANT);

      // The first key works for tool calls at once.
      const me = await t.http().get('/api/v1/me').set(bearer(res.body.apiKey));
      expect(me.status).toBe(200);
      expect(me.body.balance).toBe(FREE_GRANT);
    });

    it.each([
      ['starter', 'Starter', 29, 1_500, 375_000],
      ['growth', 'Growth', 79, 5_000, 1_250_000],
      ['pro', 'Pro', 199, 16_500, 4_125_000],
    ])('with plan %s: account.plan is set and the plan figures are shown', async (id, name, priceUsd, callsPerMonth, creditsPerMonth) => {
      const res = await t
        .http()
        .post('/api/v1/admin/accounts')
        .set(admin())
        .send({ name: `planned ${id}`, plan: id });
      expect(res.status).toBe(201);
      expect(res.body.account.plan).toBe(id);
      const account = await getAccount(res.body.account.id);
      expect(account.body.account.plan).toBe(id);
      expect(account.body.plan).toEqual({ id, name, priceUsd, callsPerMonth, creditsPerMonth });
    });
  });

  describe('POST /api/v1/admin/accounts → 400', () => {
    const post = (body: unknown) =>
      t
        .http()
        .post('/api/v1/admin/accounts')
        .set(admin())
        .send(body as object);

    it('unknown plan', async () => {
      expectInvalid(await post({ name: 'x', plan: 'platinum' }), 'plan');
    });
    it('missing name', async () => {
      expectInvalid(await post({ plan: 'growth' }), 'name');
    });
    it('empty name', async () => {
      expectInvalid(await post({ name: '' }), 'name');
    });
    it('name is not a string', async () => {
      expectInvalid(await post({ name: 42 }), 'name');
    });
    it('unknown field', async () => {
      const res = await post({ name: 'x', credits: 1_000_000 });
      expectInvalid(res, 'credits');
      expect(res.body.error.issues).toContainEqual({ path: 'credits', message: 'unknown field "credits"' });
    });
    it('name too long (201 characters)', async () => {
      expectInvalid(await post({ name: 'n'.repeat(201) }), 'name');
    });
    it('name with a NUL character (PostgreSQL text cannot hold it)', async () => {
      expectInvalid(await post({ name: 'a\u0000b' }), 'name');
    });
    it('malformed JSON', async () => {
      const res = await t.http().post('/api/v1/admin/accounts').set(admin()).set('Content-Type', 'application/json').send('{"name": "x",');
      expectInvalid(res, '');
    });
    it('a JSON array instead of an object', async () => {
      const res = await t.http().post('/api/v1/admin/accounts').set(admin()).set('Content-Type', 'application/json').send('[{"name":"x"}]');
      expectInvalid(res);
    });
    it('creates nothing on a 400', async () => {
      const name = `never-${Date.now()}`;
      expectInvalid(await post({ name, plan: 'nope' }));
      const { rows } = await t.sql.query(`SELECT count(*) AS n FROM accounts WHERE name = $1`, [name]);
      expect(Number(rows[0].n)).toBe(0);
    });
  });

  describe('admin routes → 401', () => {
    it('401 without a key', async () => {
      const res = await t.http().post('/api/v1/admin/accounts').send({ name: 'x' });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('unauthorized');
    });
    it('401 with an unknown key', async () => {
      const res = await t.http().get(`/api/v1/admin/accounts/${UNKNOWN_UUID}`).set(bearer(randomKey()));
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('unauthorized');
    });
  });

  describe('admin routes → 403', () => {
    it('a key without the admin scope', async () => {
      const { accountId, apiKey } = await t.createAccount('not an admin');
      const res = await t.http().post(`/api/v1/admin/accounts/${accountId}/credits`).set(bearer(apiKey)).send({ credits: 1_000, kind: 'topup' });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
      expect((await ledgerRowsOf(accountId)).map((e) => e.kind)).toEqual(['grant']);
    });
  });

  describe('admin routes → 404', () => {
    it('non-uuid account id', async () => {
      expectNotFound(await getAccount('not-a-uuid'));
      expectNotFound(await t.http().get('/api/v1/admin/accounts/123/ledger').set(admin()));
      expectNotFound(await addCredits("1' OR '1'='1", { credits: 1, kind: 'topup' }));
      expectNotFound(await t.http().delete('/api/v1/admin/keys/not-a-uuid').set(admin()));
    });
    it('unknown uuid', async () => {
      expectNotFound(await getAccount(UNKNOWN_UUID));
      expectNotFound(await t.http().get(`/api/v1/admin/accounts/${UNKNOWN_UUID}/ledger`).set(admin()));
      expectNotFound(await t.http().post(`/api/v1/admin/accounts/${UNKNOWN_UUID}/keys`).set(admin()).send({}));
      expectNotFound(await addCredits(UNKNOWN_UUID, { credits: 1_000, kind: 'topup' }));
      expectNotFound(await addCredits(UNKNOWN_UUID, { credits: -1_000, kind: 'adjustment' }));
      expectNotFound(await t.http().delete(`/api/v1/admin/keys/${UNKNOWN_UUID}`).set(admin()));
    });
  });

  // --- keys ----------------------------------------------------------------------------------

  describe('POST /api/v1/admin/accounts/:id/keys → 201', () => {
    it('issues a key that works for tool calls on that account', async () => {
      const { accountId } = await t.createAccount('second key');
      const res = await t.http().post(`/api/v1/admin/accounts/${accountId}/keys`).set(admin()).send({ label: 'ci' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ apiKey: expect.stringMatching(/^sc_/), keyId: expect.stringMatching(UUID) });

      const tool = await t.http().get('/api/v1/tools/service_account').set(bearer(res.body.apiKey));
      expect(tool.status).toBe(200);
      expect(tool.body.data.accountId).toBe(accountId);
      expect(tool.body.data.creditsRemaining).toBe(FREE_GRANT);

      const account = await getAccount(accountId);
      expect(account.body.keys).toContainEqual(expect.objectContaining({ id: res.body.keyId, label: 'ci', scopes: ['tools'], revokedAt: null }));
    });

    it('400 on an unknown scope or field', async () => {
      const { accountId } = await t.createAccount('bad key request');
      expectInvalid(
        await t
          .http()
          .post(`/api/v1/admin/accounts/${accountId}/keys`)
          .set(admin())
          .send({ scopes: ['root'] }),
        'scopes',
      );
      expectInvalid(await t.http().post(`/api/v1/admin/accounts/${accountId}/keys`).set(admin()).send({ owner: 'me' }), 'owner');
      expectInvalid(await t.http().post(`/api/v1/admin/accounts/${accountId}/keys`).set(admin()).send({ label: 'ci\u0000' }), 'label');
      expect((await getAccount(accountId)).body.keys).toHaveLength(1);
    });
  });

  describe('DELETE /api/v1/admin/keys/:keyId', () => {
    it("revokes the key: it gets 401 at once, the account's other key keeps working", async () => {
      const { accountId, apiKey: firstKey } = await t.createAccount('revoke');
      const second = await t.http().post(`/api/v1/admin/accounts/${accountId}/keys`).set(admin()).send({});
      expect(second.status).toBe(201);

      // Use the key first so this instance has it cached.
      expect((await t.http().get('/api/v1/me').set(bearer(second.body.apiKey))).status).toBe(200);
      expect((await t.http().get('/api/v1/tools/service_account').set(bearer(second.body.apiKey))).status).toBe(200);

      const revoke = await t.http().delete(`/api/v1/admin/keys/${second.body.keyId}`).set(admin());
      expect(revoke.status).toBe(200);
      expect(revoke.body).toMatchObject({ id: second.body.keyId, revokedAt: expect.any(String) });

      const after = await t.http().get('/api/v1/me').set(bearer(second.body.apiKey));
      expect(after.status).toBe(401);
      expect(after.body.error.code).toBe('unauthorized');
      const tool = await callPaid(second.body.apiKey);
      expect(tool.status).toBe(401);

      expect((await t.http().get('/api/v1/me').set(bearer(firstKey))).status).toBe(200);
      // The rejected paid call charged nothing.
      expect((await ledgerRowsOf(accountId)).map((e) => e.kind)).toEqual(['grant']);

      // Revoking again keeps the first revocation.
      const again = await t.http().delete(`/api/v1/admin/keys/${second.body.keyId}`).set(admin());
      expect(again.status).toBe(200);
      expect(again.body.revokedAt).toBe(revoke.body.revokedAt);
    });
  });

  // --- credits -------------------------------------------------------------------------------

  describe('POST /api/v1/admin/accounts/:id/credits → 201', () => {
    it('a top-up without expiresAt expires about 12 months out (TOPUP_EXPIRY_MONTHS)', async () => {
      const { accountId } = await t.createAccount('topup');
      const res = await addCredits(accountId, { credits: 375_000, kind: 'topup', reason: 'invoice 42' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        kind: 'topup',
        credits: 375_000,
        entryId: expect.any(Number),
        grantId: expect.stringMatching(UUID),
        balance: FREE_GRANT + 375_000,
      });
      const days = (new Date(res.body.expiresAt).getTime() - Date.now()) / DAY_MS;
      expect(days).toBeGreaterThan(364.9);
      expect(days).toBeLessThan(366.1);

      const account = await getAccount(accountId);
      expect(account.body.account.balance).toBe(FREE_GRANT + 375_000);
      expect(account.body.grants).toContainEqual(
        expect.objectContaining({
          id: res.body.grantId,
          kind: 'topup',
          credits: 375_000,
          remaining: 375_000,
          expiresAt: res.body.expiresAt,
          reason: 'invoice 42',
        }),
      );
      const entries = await ledgerRowsOf(accountId);
      expect(entries.at(-1)).toMatchObject({ id: res.body.entryId, kind: 'grant', amount: 375_000, grantId: res.body.grantId });
      await expectLedgerConsistent(accountId);
    });

    it('an explicit future expiresAt is honoured', async () => {
      const { accountId } = await t.createAccount('topup expiry');
      const expiresAt = new Date(Date.now() + 45 * DAY_MS).toISOString();
      const res = await addCredits(accountId, { credits: 10_000, kind: 'topup', expiresAt });
      expect(res.status).toBe(201);
      expect(res.body.expiresAt).toBe(expiresAt);
      const account = await getAccount(accountId);
      expect(account.body.grants).toContainEqual(expect.objectContaining({ id: res.body.grantId, expiresAt }));
    });

    it('a positive adjustment adds a non-expiring grant with an adjustment entry', async () => {
      const { accountId } = await t.createAccount('adjust up');
      const res = await addCredits(accountId, { credits: 1_000, kind: 'adjustment', reason: 'goodwill' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ kind: 'adjustment', credits: 1_000, expiresAt: null, balance: FREE_GRANT + 1_000 });
      expect((await ledgerRowsOf(accountId)).at(-1)).toMatchObject({ kind: 'adjustment', amount: 1_000 });
      await expectLedgerConsistent(accountId);
    });

    it('a negative adjustment within the balance lowers it', async () => {
      const { accountId } = await t.createAccount('adjust down');
      const res = await addCredits(accountId, { credits: -12_500, kind: 'adjustment', reason: 'correction' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ kind: 'adjustment', credits: -12_500, grantId: null, balance: FREE_GRANT - 12_500 });
      expect((await getAccount(accountId)).body.account.balance).toBe(FREE_GRANT - 12_500);
      expect((await ledgerRowsOf(accountId)).at(-1)).toMatchObject({
        id: res.body.entryId,
        kind: 'adjustment',
        amount: -12_500,
        balanceAfter: FREE_GRANT - 12_500,
      });

      // Down to exactly zero is allowed.
      const rest = await addCredits(accountId, { credits: -(FREE_GRANT - 12_500), kind: 'adjustment' });
      expect(rest.status).toBe(201);
      expect(rest.body.balance).toBe(0);
      expect(await expectLedgerConsistent(accountId)).toBe(0);
    });

    it('after a top-up the very next tool call on an account that had 0 credits works', async () => {
      const { accountId, apiKey } = await t.createAccount('empty then topped up');
      await t.setBalance(accountId, 0);
      const refused = await callPaid(apiKey);
      expect(refused.status).toBe(402);
      expect(refused.body.error.code).toBe('out_of_credits');

      const topup = await addCredits(accountId, { credits: 250, kind: 'topup' });
      expect(topup.status).toBe(201);
      const ok = await callPaid(apiKey);
      expect(ok.status).toBe(200);
      expect(ok.body.credits).toMatchObject({ creditsSpent: 250, remaining: 0 });
      expect(ok.headers['x-credits-remaining']).toBe('0');

      const again = await callPaid(apiKey);
      expect(again.status).toBe(402);
      const entries = await ledgerRowsOf(accountId);
      expect(entries.filter((e) => e.kind === 'usage')).toEqual([expect.objectContaining({ amount: -250, tool: 'fixture_paid' })]);
      expect(await expectLedgerConsistent(accountId)).toBe(0);
    });
  });

  describe('POST /api/v1/admin/accounts/:id/credits → 400', () => {
    let accountId: string;
    beforeAll(async () => {
      ({ accountId } = await t.createAccount('credits 400'));
    });

    async function expectUnchanged(run: () => Promise<void>) {
      const before = { account: (await getAccount(accountId)).body, entries: await ledgerRowsOf(accountId) };
      await run();
      const after = { account: (await getAccount(accountId)).body, entries: await ledgerRowsOf(accountId) };
      expect(after).toEqual(before);
    }

    it('past expiresAt', async () => {
      await expectUnchanged(async () => {
        const expiresAt = new Date(Date.now() - 60_000).toISOString();
        expectInvalid(await addCredits(accountId, { credits: 1_000, kind: 'topup', expiresAt }), 'expiresAt');
      });
    });
    it('expiresAt that is not a date', async () => {
      expectInvalid(await addCredits(accountId, { credits: 1_000, kind: 'topup', expiresAt: 'next year' }), 'expiresAt');
    });
    it('a negative top-up', async () => {
      await expectUnchanged(async () => {
        expectInvalid(await addCredits(accountId, { credits: -1_000, kind: 'topup' }), 'credits');
      });
    });
    it('an adjustment that would take the balance below zero; balance and ledger unchanged', async () => {
      await expectUnchanged(async () => {
        const res = await addCredits(accountId, { credits: -(FREE_GRANT + 1), kind: 'adjustment' });
        expectInvalid(res, 'credits');
      });
      expect((await getAccount(accountId)).body.account.balance).toBe(FREE_GRANT);
      expect(await expectLedgerConsistent(accountId)).toBe(FREE_GRANT);
    });
    it('credits 0', async () => {
      expectInvalid(await addCredits(accountId, { credits: 0, kind: 'topup' }), 'credits');
      expectInvalid(await addCredits(accountId, { credits: 0, kind: 'adjustment' }), 'credits');
    });
    it('credits not an integer', async () => {
      expectInvalid(await addCredits(accountId, { credits: 12.5, kind: 'topup' }), 'credits');
      expectInvalid(await addCredits(accountId, { credits: '1000', kind: 'topup' }), 'credits');
    });
    it('absurd credits (1e15, -1e15)', async () => {
      await expectUnchanged(async () => {
        expectInvalid(await addCredits(accountId, { credits: 1e15, kind: 'topup' }), 'credits');
        expectInvalid(await addCredits(accountId, { credits: -1e15, kind: 'adjustment' }), 'credits');
      });
    });
    it('expiresAt on a negative adjustment', async () => {
      await expectUnchanged(async () => {
        const expiresAt = new Date(Date.now() + 30 * DAY_MS).toISOString();
        expectInvalid(await addCredits(accountId, { credits: -100, kind: 'adjustment', expiresAt }), 'expiresAt');
      });
    });
    it('reason with a NUL character', async () => {
      await expectUnchanged(async () => {
        expectInvalid(await addCredits(accountId, { credits: 1_000, kind: 'topup', reason: 'invoice\u0000' }), 'reason');
      });
    });
    it('a missing or blank reason', async () => {
      const { accountId } = await t.createAccount();
      const post = (body: object) => t.http().post(`/api/v1/admin/accounts/${accountId}/credits`).set(admin()).send(body);
      expectInvalid(await post({ credits: 1_000, kind: 'topup' }), 'reason');
      expectInvalid(await post({ credits: 1_000, kind: 'grant', reason: '   ' }), 'reason');
      expectInvalid(await post({ credits: -1, kind: 'adjustment', reason: '' }), 'reason');
      expect(await ledgerRowsOf(accountId)).toHaveLength(1);
    });

    it('missing or unknown kind, unknown field', async () => {
      expectInvalid(await addCredits(accountId, { credits: 1_000 }), 'kind');
      expectInvalid(await addCredits(accountId, { credits: 1_000, kind: 'gift' }), 'kind');
      expectInvalid(await addCredits(accountId, { credits: 1_000, kind: 'topup', balance: 5 }), 'balance');
    });
  });

  // --- ledger --------------------------------------------------------------------------------

  describe('GET /api/v1/admin/accounts/:id → 200 while a call runs', () => {
    it('shows what the running call holds: balance is spendable, ledgerBalance untouched until it is charged', async () => {
      const { accountId, apiKey } = await t.createAccount('running call');
      const running = callPaid(apiKey, { delayMs: 1_000 }).then((res) => res);
      for (let i = 0; i < 250 && (await t.spendable(accountId)) === FREE_GRANT; i++) await new Promise((r) => setTimeout(r, 20));
      const during = await getAccount(accountId);
      expect(during.body).toMatchObject({ account: { balance: FREE_GRANT - 250 }, ledgerBalance: FREE_GRANT, held: 250 });
      expect((await running).status).toBe(200);
      const after = await getAccount(accountId);
      expect(after.body).toMatchObject({ account: { balance: FREE_GRANT - 250 }, ledgerBalance: FREE_GRANT - 250, held: 0 });
    });
  });

  describe('GET /api/v1/admin/accounts/:id/ledger → 200', () => {
    it('pages newest first with limit and nextCursor, covering every entry exactly once', async () => {
      const { accountId, apiKey } = await t.createAccount('pagination');
      for (const credits of [1_000, 2_000, 3_000]) expect((await addCredits(accountId, { credits, kind: 'topup' })).status).toBe(201);
      expect((await addCredits(accountId, { credits: -500, kind: 'adjustment' })).status).toBe(201);
      expect((await callPaid(apiKey)).status).toBe(200);
      const corrected = await callPaid(apiKey);
      expect(corrected.status).toBe(200);
      await refundCall(t.sql, corrected.headers['x-request-id']);
      expect((await callPaid(apiKey, { mode: 'upstream_error' })).status).toBe(502);
      const all = (await ledgerRowsOf(accountId)).map((e) => e.id).reverse();
      expect(all).toHaveLength(8); // free grant, 3 top-ups, adjustment, usage, usage + refund (the failed call: none)

      for (const limit of [2, 3, 8]) {
        const seen: number[] = [];
        const pageSizes: number[] = [];
        let cursor: number | null = null;
        for (let page = 0; page < 20; page++) {
          const res: { status: number; body: any } = await t
            .http()
            .get(`/api/v1/admin/accounts/${accountId}/ledger`)
            .query(cursor === null ? { limit } : { limit, before: cursor })
            .set(admin());
          expect(res.status).toBe(200);
          expect(res.body.entries.length).toBeLessThanOrEqual(limit);
          pageSizes.push(res.body.entries.length);
          seen.push(...res.body.entries.map((e: { id: number }) => e.id));
          cursor = res.body.nextCursor;
          if (cursor === null) break;
          expect(cursor).toBe(res.body.entries.at(-1).id);
        }
        expect(cursor).toBeNull();
        expect(seen).toEqual(all); // newest first, each exactly once
        expect(pageSizes.slice(0, -1).every((n) => n === limit)).toBe(true);
        expect(pageSizes.every((n) => n > 0)).toBe(true);
      }

      const page = await t.http().get(`/api/v1/admin/accounts/${accountId}/ledger`).query({ limit: 2 }).set(admin());
      expect(page.body.entries[0]).toEqual({
        id: all[0],
        kind: 'refund',
        amount: 250,
        balanceAfter: expect.any(Number),
        tool: 'fixture_paid',
        grantId: null,
        refundOf: all[1],
        requestId: expect.any(String),
        reason: 'test correction',
        actor: null,
        createdAt: expect.any(String),
        // The refund of a REST call is REST too.
        channel: 'rest',
      });
    });
  });

  describe('GET /api/v1/admin/accounts/:id/ledger → 400', () => {
    it.each([['0'], ['501'], ['-1'], ['2.5'], ['many']])('limit=%s', async (limit) => {
      const { accountId } = await t.createAccount('ledger 400');
      expectInvalid(await t.http().get(`/api/v1/admin/accounts/${accountId}/ledger?limit=${limit}`).set(admin()), 'limit');
    });
    it('before=0, before=abc, before beyond 2^53, unknown query parameter', async () => {
      const { accountId } = await t.createAccount('ledger 400 before');
      expectInvalid(await t.http().get(`/api/v1/admin/accounts/${accountId}/ledger?before=0`).set(admin()), 'before');
      expectInvalid(await t.http().get(`/api/v1/admin/accounts/${accountId}/ledger?before=abc`).set(admin()), 'before');
      // Beyond 2^53 (and bigint): a 400, not a database error.
      expectInvalid(await t.http().get(`/api/v1/admin/accounts/${accountId}/ledger?before=99999999999999999999`).set(admin()), 'before');
      expectInvalid(await t.http().get(`/api/v1/admin/accounts/${accountId}/ledger?after=5`).set(admin()), 'after');
    });
    it('limit=500 is accepted', async () => {
      const { accountId } = await t.createAccount('ledger 500');
      const res = await t.http().get(`/api/v1/admin/accounts/${accountId}/ledger?limit=500`).set(admin());
      expect(res.status).toBe(200);
      expect(res.body.entries).toHaveLength(1);
    });
  });

  // --- GET /api/v1/me ------------------------------------------------------------------------

  describe('GET /api/v1/me → 200', () => {
    it('balance, callsLeft and usageByTool net of refunds', async () => {
      const { accountId, apiKey } = await t.createAccount('me');
      for (let i = 0; i < 3; i++) expect((await callPaid(apiKey)).status).toBe(200);

      const requestId = `e2e-upstream-error-${Date.now()}`;
      const failed = await callPaid(apiKey, { mode: 'upstream_error' }).set('x-request-id', requestId);
      expect(failed.status).toBe(502);
      expect(failed.body.error).toMatchObject({
        code: 'tool_error',
        message: expect.any(String),
        details: 'fixture: HTTP 503 from upstream',
      });
      const balance = FREE_GRANT - 3 * 250;
      expect(failed.headers['x-credits-remaining']).toBe(String(balance));

      // The failed call wrote no entry: its hold was voided.
      expect((await ledgerRowsOf(accountId)).filter((e) => e.requestId === requestId)).toEqual([]);
      expect(await callCharges(t.sql, accountId, requestId)).toEqual([{ hold: 'voided', held: 250, charged: 0 }]);

      // A fourth call, answered and then refunded as a correction, counts zero in the usage.
      const corrected = await callPaid(apiKey);
      expect(corrected.status).toBe(200);
      await refundCall(t.sql, corrected.headers['x-request-id']);
      const entries = await ledgerRowsOf(accountId);
      const usage = entries.filter((e) => e.requestId === corrected.headers['x-request-id'] && e.kind === 'usage');
      const refunds = entries.filter((e) => e.kind === 'refund');
      expect(refunds).toEqual([expect.objectContaining({ refundOf: usage[0].id, amount: 250, tool: 'fixture_paid' })]);
      expect(entries.filter((e) => e.kind === 'usage')).toHaveLength(4);
      expect(await expectLedgerConsistent(accountId)).toBe(balance);

      const me = await t.http().get('/api/v1/me').set(bearer(apiKey));
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({
        account: { id: accountId, plan: null, status: 'active' },
        balance,
        callsLeft: Math.floor(balance / 250),
        creditsPerCall: 250,
        usageByTool: [{ tool: 'fixture_paid', calls: 3, credits: 750 }],
        usageByChannel: [
          { channel: 'rest', calls: 3, credits: 750 },
          { channel: 'mcp', calls: 0, credits: 0 },
        ],
      });
      expect(me.headers['x-credits-remaining']).toBe(String(balance));
    });

    it('callsLeft rounds down', async () => {
      const { accountId, apiKey } = await t.createAccount('me rounding');
      await t.setBalance(accountId, 1_100);
      const me = await t.http().get('/api/v1/me').set(bearer(apiKey));
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ balance: 1_100, callsLeft: 4, usageByTool: [] });
    });
  });

  describe('GET /api/v1/me → 401', () => {
    it('without a key', async () => {
      const res = await t.http().get('/api/v1/me');
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('unauthorized');
    });
  });
});

/**
 * Its own app, never alive at the same time as another one: passport's 'bearer' strategy is
 * process-global, so the last app created in a process verifies keys for every app in it.
 */
describe('free grant configuration (end to end)', () => {
  it('the free grant follows FREE_GRANT_USD / PAYG_USD_PER_CALL', async () => {
    const other = await startTestApp({ env: { FREE_GRANT_USD: '1', PAYG_USD_PER_CALL: '0.05', ADMIN_BOOTSTRAP_KEY: randomKey() } });
    try {
      const res = await other.http().post('/api/v1/admin/accounts').set('Authorization', `Bearer ${other.adminKey}`).send({ name: 'cheap' });
      expect(res.status).toBe(201);
      // $1 at $0.05 per 250-credit call: 20 calls, 5,000 credits.
      expect(res.body.account.balance).toBe(5_000);
      const { rows } = await other.sql.query(`SELECT kind, amount, balance_after FROM credit_entries WHERE account_id = $1`, [res.body.account.id]);
      expect(rows.map((r) => [r.kind, Number(r.amount), Number(r.balance_after)])).toEqual([['grant', 5_000, 5_000]]);
      const grants = await other.http().get(`/api/v1/admin/accounts/${res.body.account.id}`).set('Authorization', `Bearer ${other.adminKey}`);
      expect(grants.body.grants).toEqual([expect.objectContaining({ kind: 'free', credits: 5_000, remaining: 5_000, expiresAt: null })]);
    } finally {
      await other.close();
    }
  });
});
