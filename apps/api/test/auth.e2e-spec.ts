import { createHash, randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { AppConfig } from '@scout/core';
import { FIXTURE_TOOL_COSTS, FixtureToolsModule } from './support/fixture-tools';
import { randomKey, startTestApp, type TestApp } from './support/test-app';

/**
 * Authentication end to end (spec "Authentication" and "Errors", docs/architecture.md section 4 step 4):
 * bearer API keys, their storage, revocation across instances, scopes, ADMIN_BOOTSTRAP_KEY and logs.
 * The unauthenticated rate limit has its own file; the apps here raise it out of the way because
 * many keyless and bad-key requests come from the one test IP.
 */
const NO_RATE_LIMIT = { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '1000000' };
const FIXTURES = { modules: [FixtureToolsModule], toolCosts: FIXTURE_TOOL_COSTS };

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function expectUnauthorized(res: Response): void {
  expect({ status: res.status, body: res.body }).toEqual({
    status: 401,
    body: { error: { code: 'unauthorized', message: expect.any(String) } },
  });
  expect(res.body.error.message.length).toBeGreaterThan(0);
  // No caller was identified, so there is no balance to report.
  expect(res.headers['x-credits-remaining']).toBeUndefined();
}

async function spendable(t: TestApp, accountId: string): Promise<number> {
  const { rows } = await t.sql.query('SELECT scout_spendable($1) AS s', [accountId]);
  return Number(rows[0].s);
}

async function usageEntries(t: TestApp, accountId: string): Promise<number> {
  const { rows } = await t.sql.query(`SELECT count(*)::int AS n FROM credit_entries WHERE account_id = $1 AND kind = 'usage'`, [accountId]);
  return rows[0].n as number;
}

async function keyRowsWithSecret(t: TestApp, secret: string) {
  const { rows } = await t.sql.query('SELECT id, prefix, scopes, label, revoked_at FROM api_keys WHERE secret_sha256 = $1', [sha256(secret)]);
  return rows as { id: string; prefix: string; scopes: string[]; label: string | null; revoked_at: Date | null }[];
}

describe('200: a valid key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ...FIXTURES, env: NO_RATE_LIMIT });
  });
  afterAll(() => t?.close());

  it('calls a key-only tool and gets x-credits-remaining matching the body and the ledger', async () => {
    const { accountId, apiKey } = await t.createAccount('valid key');
    const res = await t.http().get('/api/v1/tools/service_account').set(bearer(apiKey));
    expect(res.status).toBe(200);
    expect(res.body.data.accountId).toBe(accountId);
    expect(res.headers['x-credits-remaining']).toBe(String(res.body.credits.remaining));
    expect(res.body.credits.remaining).toBe(await spendable(t, accountId));
    expect(res.body.credits.remaining).toBeGreaterThan(0);
  });

  it('reads GET /api/v1/me as the key and its account', async () => {
    const { accountId, apiKey, keyId } = await t.createAccount('valid key me');
    const res = await t.http().get('/api/v1/me').set(bearer(apiKey));
    expect(res.status).toBe(200);
    expect(res.body.account.id).toBe(accountId);
    expect(res.body.key).toEqual({ id: keyId, scopes: ['tools'] });
    expect(res.headers['x-credits-remaining']).toBe(String(res.body.balance));
  });

  it('is charged on a paid tool: one usage entry, header equals the new balance', async () => {
    const { accountId, apiKey } = await t.createAccount('valid key paid');
    const before = await spendable(t, accountId);
    const res = await t.http().post('/api/v1/tools/fixture_paid').set(bearer(apiKey)).send({});
    expect(res.status).toBe(200);
    expect(res.headers['x-credits-remaining']).toBe(String(before - 250));
    expect(await spendable(t, accountId)).toBe(before - 250);
    expect(await usageEntries(t, accountId)).toBe(1);
  });

  it('accepts the auth scheme in any case (RFC 7235: bearer, BEARER)', async () => {
    const { apiKey } = await t.createAccount('scheme case');
    for (const scheme of ['bearer', 'BEARER']) {
      const res = await t.http().get('/api/v1/me').set('Authorization', `${scheme} ${apiKey}`);
      expect(res.status).toBe(200);
    }
  });
});

describe('401: missing, malformed, unknown or revoked credentials', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ...FIXTURES, env: NO_RATE_LIMIT });
  });
  afterAll(() => t?.close());

  describe('missing Authorization header', () => {
    it('on a key-only tool (GET and POST service_account)', async () => {
      expectUnauthorized(await t.http().get('/api/v1/tools/service_account'));
      expectUnauthorized(await t.http().post('/api/v1/tools/service_account').send({}));
    });

    it('on GET /api/v1/me', async () => {
      expectUnauthorized(await t.http().get('/api/v1/me'));
    });

    it('on a paid tool, before anything is charged or run', async () => {
      expectUnauthorized(await t.http().post('/api/v1/tools/fixture_paid').send({ mode: 'crash' }));
    });

    it('while service_health needs no key (control)', async () => {
      const res = await t.http().get('/api/v1/tools/service_health');
      expect(res.status).toBe(200);
      expect(res.body.data.live).toBe(true);
    });
  });

  describe('malformed Authorization header', () => {
    const malformed = [
      'Bearer',
      'Bearer ',
      'Basic xyz',
      'Bearer not_a_scout_key',
      'Bearer sc_short',
      `Bearer sc_${'a'.repeat(129)}`,
      'Bearer sc_aaaaaaaaaaaaaaaaaaaaaaaa!',
    ];
    it.each(malformed)('%j on service_account and /me', async (header) => {
      expectUnauthorized(await t.http().get('/api/v1/tools/service_account').set('Authorization', header));
      expectUnauthorized(await t.http().get('/api/v1/me').set('Authorization', header));
    });

    it('a real key under another scheme or with no scheme is refused', async () => {
      const { apiKey } = await t.createAccount('wrong scheme');
      for (const header of [`Basic ${apiKey}`, `Token ${apiKey}`, apiKey, `Bearer  ${apiKey}`, `Bearer ${apiKey} x`]) {
        expectUnauthorized(await t.http().get('/api/v1/me').set('Authorization', header));
      }
      // The same key in the right form works, so the refusals above are about the form alone.
      expect((await t.http().get('/api/v1/me').set(bearer(apiKey))).status).toBe(200);
    });
  });

  describe('unknown well-formed key', () => {
    it('on service_account, /me and a paid tool', async () => {
      const unknown = randomKey();
      expectUnauthorized(await t.http().get('/api/v1/tools/service_account').set(bearer(unknown)));
      expectUnauthorized(await t.http().get('/api/v1/me').set(bearer(unknown)));
      expectUnauthorized(await t.http().post('/api/v1/tools/fixture_paid').set(bearer(unknown)).send({}));
    });

    it('a key one character off a real key', async () => {
      const { apiKey } = await t.createAccount('near miss');
      const last = apiKey.at(-1) === 'A' ? 'B' : 'A';
      expectUnauthorized(
        await t
          .http()
          .get('/api/v1/me')
          .set(bearer(apiKey.slice(0, -1) + last)),
      );
    });
  });

  describe('revoked key', () => {
    it('works, is revoked through DELETE /api/v1/admin/keys/:keyId, then gets 401 and is never charged', async () => {
      const { accountId, apiKey, keyId } = await t.createAccount('revoked');
      expect((await t.http().get('/api/v1/me').set(bearer(apiKey))).status).toBe(200);
      const before = await spendable(t, accountId);

      const revoke = await t.http().delete(`/api/v1/admin/keys/${keyId}`).set(bearer(t.adminKey));
      expect(revoke.status).toBe(200);
      expect(revoke.body).toMatchObject({ id: keyId, prefix: apiKey.slice(0, 11), scopes: ['tools'] });
      expect(new Date(revoke.body.revokedAt).toISOString()).toBe(revoke.body.revokedAt);
      expect(JSON.stringify(revoke.body)).not.toContain(apiKey);
      const { rows } = await t.sql.query('SELECT revoked_at FROM api_keys WHERE id = $1', [keyId]);
      expect(rows[0].revoked_at).toBeInstanceOf(Date);

      // The revoking instance drops its cache at once.
      expectUnauthorized(await t.http().get('/api/v1/tools/service_account').set(bearer(apiKey)));
      expectUnauthorized(await t.http().get('/api/v1/me').set(bearer(apiKey)));
      expectUnauthorized(await t.http().post('/api/v1/tools/fixture_paid').set(bearer(apiKey)).send({}));
      expect(await spendable(t, accountId)).toBe(before);
      expect(await usageEntries(t, accountId)).toBe(0);
    });

    it("revoking one key leaves the account's other keys working", async () => {
      const { accountId, apiKey, keyId } = await t.createAccount('two keys');
      const second = await t.http().post(`/api/v1/admin/accounts/${accountId}/keys`).set(bearer(t.adminKey)).send({ label: 'second' });
      expect(second.status).toBe(201);
      expect((await t.http().delete(`/api/v1/admin/keys/${keyId}`).set(bearer(t.adminKey))).status).toBe(200);
      expectUnauthorized(await t.http().get('/api/v1/me').set(bearer(apiKey)));
      const res = await t.http().get('/api/v1/me').set(bearer(second.body.apiKey));
      expect(res.status).toBe(200);
      expect(res.body.key.id).toBe(second.body.keyId);
    });

    it('revoking twice keeps the first revocation time', async () => {
      const { keyId } = await t.createAccount('revoke twice');
      const first = await t.http().delete(`/api/v1/admin/keys/${keyId}`).set(bearer(t.adminKey));
      const again = await t.http().delete(`/api/v1/admin/keys/${keyId}`).set(bearer(t.adminKey));
      expect(first.status).toBe(200);
      expect(again.status).toBe(200);
      expect(again.body.revokedAt).toBe(first.body.revokedAt);
    });
  });
});

describe('key storage: only a SHA-256 hash and a short prefix are stored', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: NO_RATE_LIMIT });
  });
  afterAll(() => t?.close());

  it('the api_keys row holds sha256(key) as 32 bytes and a short prefix of the key', async () => {
    const { accountId, apiKey, keyId } = await t.createAccount('hashed');
    const { rows } = await t.sql.query('SELECT * FROM api_keys WHERE id = $1', [keyId]);
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row.account_id).toBe(accountId);
    expect(Buffer.isBuffer(row.secret_sha256)).toBe(true);
    expect(row.secret_sha256).toHaveLength(32);
    expect(row.secret_sha256.equals(sha256(apiKey))).toBe(true);
    expect(apiKey.startsWith(row.prefix)).toBe(true);
    expect(row.prefix.startsWith('sc_')).toBe(true);
    expect(row.prefix.length).toBeLessThanOrEqual(12);
    expect(apiKey.length - row.prefix.length).toBeGreaterThanOrEqual(32);
  });

  it('no column of any table contains the plain key', async () => {
    const { accountId, apiKey, keyId } = await t.createAccount('never stored');
    const added = await t.http().post(`/api/v1/admin/accounts/${accountId}/keys`).set(bearer(t.adminKey)).send({ label: 'x' });
    expect(added.status).toBe(201);
    const tables = await t.sql.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`);
    const names = tables.rows.map((r) => r.table_name as string);
    expect(names).toContain('api_keys');
    for (const secret of [apiKey, added.body.apiKey as string]) {
      // The secret part alone, too: a key stored without its sc_ prefix is still the key.
      for (const needle of [secret, secret.slice(3)]) {
        for (const table of names) {
          const { rows } = await t.sql.query(`SELECT count(*)::int AS n FROM "${table}" x WHERE strpos(x::text, $1) > 0`, [needle]);
          expect({ table, hits: rows[0].n }).toEqual({ table, hits: 0 });
        }
      }
    }
    // The rows are there: the search would have found a plain key (control on a stored value).
    const { rows } = await t.sql.query(`SELECT count(*)::int AS n FROM api_keys x WHERE strpos(x::text, $1) > 0`, [keyId]);
    expect(rows[0].n).toBe(1);
  });

  it('the admin views show the prefix, never the key', async () => {
    const { accountId, apiKey } = await t.createAccount('admin view');
    const res = await t.http().get(`/api/v1/admin/accounts/${accountId}`).set(bearer(t.adminKey));
    expect(res.status).toBe(200);
    expect(res.body.keys).toHaveLength(1);
    expect(res.body.keys[0].prefix).toBe(apiKey.slice(0, res.body.keys[0].prefix.length));
    expect(JSON.stringify(res.body)).not.toContain(apiKey);
    expect(JSON.stringify(res.body)).not.toContain(apiKey.slice(3));
  });
});

describe('401 on every instance within 5 s of a revocation or a suspension', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp({ env: NO_RATE_LIMIT });
    // Same database, same admin (ADMIN_BOOTSTRAP_KEY is adopted once, found on the second boot).
    b = await startTestApp({ env: { ...NO_RATE_LIMIT, ADMIN_BOOTSTRAP_KEY: a.adminKey } });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("a key warm in instance B's cache is refused by B within 5000 ms of its revocation through A", async () => {
    // The default verification cache is on, so B really holds the key when it is revoked.
    expect(b.app.get(AppConfig).AUTH_CACHE_TTL_MS).toBe(2000);
    const { apiKey, keyId } = await a.createAccount('two instances');
    expect((await b.http().get('/api/v1/me').set(bearer(apiKey))).status).toBe(200);
    expect((await a.http().get('/api/v1/me').set(bearer(apiKey))).status).toBe(200);

    const revokedAt = Date.now();
    const revoke = await a.http().delete(`/api/v1/admin/keys/${keyId}`).set(bearer(a.adminKey));
    expect(revoke.status).toBe(200);
    // The revoking instance refuses at once.
    expectUnauthorized(await a.http().get('/api/v1/me').set(bearer(apiKey)));

    expect(await msUntilRefusedByB(apiKey, revokedAt)).toBeLessThanOrEqual(5000);
    // And it stays refused on both.
    expectUnauthorized(await b.http().get('/api/v1/me').set(bearer(apiKey)));
    expectUnauthorized(await a.http().get('/api/v1/tools/service_account').set(bearer(apiKey)));
  });

  it("a suspended account's key warm in B's cache is refused by B within 5000 ms of the suspension through A", async () => {
    const { accountId, apiKey } = await a.createAccount('suspended on two instances');
    expect((await b.http().get('/api/v1/me').set(bearer(apiKey))).status).toBe(200);

    const suspendedAt = Date.now();
    const suspend = await a.http().post(`/api/v1/admin/accounts/${accountId}/suspend`).set(bearer(a.adminKey)).send({});
    expect(suspend.status).toBe(200);
    expectUnauthorized(await a.http().get('/api/v1/me').set(bearer(apiKey)));

    expect(await msUntilRefusedByB(apiKey, suspendedAt)).toBeLessThanOrEqual(5000);
    expectUnauthorized(await b.http().get('/api/v1/me').set(bearer(apiKey)));
  });

  /** Polls instance B with the key until it answers 401; fails on anything but 200 before that. */
  async function msUntilRefusedByB(apiKey: string, since: number): Promise<number> {
    const deadline = since + 10_000;
    while (Date.now() < deadline) {
      const res = await b.http().get('/api/v1/tools/service_account').set(bearer(apiKey));
      if (res.status === 401) {
        expectUnauthorized(res);
        return Date.now() - since;
      }
      expect(res.status).toBe(200); // still the cached caller, nothing else
      await sleep(50);
    }
    throw new Error('instance B still accepted the key 10 s later');
  }
});

describe('403: scopes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: NO_RATE_LIMIT });
  });
  afterAll(() => t?.close());

  const expectForbidden = (res: Response) => {
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({ code: 'forbidden', message: expect.any(String) });
    // An authenticated caller: the balance comes with the error (docs/architecture.md section 4 step 8).
    expect(res.headers['x-credits-remaining']).toBe(String(res.body.credits.remaining));
  };

  it('a normal key (scopes [tools]) gets 403 forbidden on every admin route and changes nothing', async () => {
    const { accountId, apiKey, keyId } = await t.createAccount('tools only');
    const victim = await t.createAccount('victim');
    const name = `must not exist ${randomUUID()}`;

    expectForbidden(await t.http().post('/api/v1/admin/accounts').set(bearer(apiKey)).send({ name }));
    expectForbidden(await t.http().get(`/api/v1/admin/accounts/${accountId}`).set(bearer(apiKey)));
    expectForbidden(await t.http().get(`/api/v1/admin/accounts/${accountId}/ledger`).set(bearer(apiKey)));
    expectForbidden(
      await t
        .http()
        .post(`/api/v1/admin/accounts/${accountId}/keys`)
        .set(bearer(apiKey))
        .send({ scopes: ['tools', 'admin'] }),
    );
    expectForbidden(await t.http().post(`/api/v1/admin/accounts/${accountId}/credits`).set(bearer(apiKey)).send({ credits: 1000, kind: 'topup' }));
    expectForbidden(await t.http().delete(`/api/v1/admin/keys/${victim.keyId}`).set(bearer(apiKey)));

    const accounts = await t.sql.query('SELECT count(*)::int AS n FROM accounts WHERE name = $1', [name]);
    expect(accounts.rows[0].n).toBe(0);
    const keys = await t.sql.query('SELECT count(*)::int AS n FROM api_keys WHERE account_id = $1', [accountId]);
    expect(keys.rows[0].n).toBe(1);
    const grants = await t.sql.query(`SELECT count(*)::int AS n FROM credit_grants WHERE account_id = $1 AND kind = 'topup'`, [accountId]);
    expect(grants.rows[0].n).toBe(0);
    const victimKey = await t.sql.query('SELECT revoked_at FROM api_keys WHERE id = $1', [victim.keyId]);
    expect(victimKey.rows[0].revoked_at).toBeNull();
    expect((await t.http().get('/api/v1/me').set(bearer(victim.apiKey))).status).toBe(200);
    expect(keyId).toBeDefined();
  });

  it('a key created with scopes [tools, admin] uses admin routes (and tools)', async () => {
    const { accountId } = await t.createAccount('gets an admin key');
    const created = await t
      .http()
      .post(`/api/v1/admin/accounts/${accountId}/keys`)
      .set(bearer(t.adminKey))
      .send({ scopes: ['tools', 'admin'], label: 'operator' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ apiKey: expect.stringMatching(/^sc_/), keyId: expect.any(String), prefix: expect.any(String), scopes: ['tools', 'admin'] });
    const row = await t.sql.query('SELECT scopes, label FROM api_keys WHERE id = $1', [created.body.keyId]);
    expect(row.rows[0]).toEqual({ scopes: ['tools', 'admin'], label: 'operator' });

    const adminKey = created.body.apiKey as string;
    const name = `made by a granted admin ${randomUUID()}`;
    const made = await t.http().post('/api/v1/admin/accounts').set(bearer(adminKey)).send({ name });
    expect(made.status).toBe(201);
    expect(made.body.account.name).toBe(name);
    const look = await t.http().get(`/api/v1/admin/accounts/${made.body.account.id}`).set(bearer(adminKey));
    expect(look.status).toBe(200);
    const me = await t.http().get('/api/v1/me').set(bearer(adminKey));
    expect(me.status).toBe(200);
    expect(me.body.key).toEqual({ id: created.body.keyId, scopes: ['tools', 'admin'] });
  });

  it('a key without the tools scope is refused on tool and account routes', async () => {
    const { accountId } = await t.createAccount('scope-less keys');
    for (const scopes of [['admin'], []]) {
      const created = await t.http().post(`/api/v1/admin/accounts/${accountId}/keys`).set(bearer(t.adminKey)).send({ scopes });
      // Refusing an empty scope list at creation would be as good as refusing its key later.
      if (scopes.length === 0 && created.status === 400) continue;
      expect(created.status).toBe(201);
      const key = created.body.apiKey as string;
      expectForbidden(await t.http().get('/api/v1/tools/service_account').set(bearer(key)));
      expectForbidden(await t.http().get('/api/v1/me').set(bearer(key)));
    }
    expect(await usageEntries(t, accountId)).toBe(0);
  });
});

describe('401: a key outside the Authorization header (access_token in query or body)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ...FIXTURES, env: NO_RATE_LIMIT });
  });
  afterAll(() => t?.close());

  it('a valid key as ?access_token= on a key-only tool and on /me', async () => {
    const { apiKey } = await t.createAccount('query token');
    expectUnauthorized(await t.http().get(`/api/v1/tools/service_account?access_token=${apiKey}`));
    expectUnauthorized(await t.http().get(`/api/v1/me?access_token=${apiKey}`));
    expectUnauthorized(await t.http().post(`/api/v1/tools/service_account?access_token=${apiKey}`).send({}));
  });

  it('a valid key as access_token in a JSON body, and nothing is charged', async () => {
    const { accountId, apiKey } = await t.createAccount('body token');
    const before = await spendable(t, accountId);
    expectUnauthorized(await t.http().post('/api/v1/tools/service_account').send({ access_token: apiKey }));
    expectUnauthorized(await t.http().post('/api/v1/tools/fixture_paid').send({ access_token: apiKey }));
    expect(await spendable(t, accountId)).toBe(before);
    expect(await usageEntries(t, accountId)).toBe(0);
  });

  it('the admin key as access_token in the body of an admin route creates nothing', async () => {
    const name = `token in body ${randomUUID()}`;
    expectUnauthorized(await t.http().post('/api/v1/admin/accounts').send({ name, access_token: t.adminKey }));
    expectUnauthorized(await t.http().post(`/api/v1/admin/accounts?access_token=${t.adminKey}`).send({ name }));
    const { rows } = await t.sql.query('SELECT count(*)::int AS n FROM accounts WHERE name = $1', [name]);
    expect(rows[0].n).toBe(0);
  });

  it('even alongside a valid Authorization header', async () => {
    const { apiKey } = await t.createAccount('both places');
    expectUnauthorized(await t.http().get(`/api/v1/me?access_token=${apiKey}`).set(bearer(apiKey)));
    expectUnauthorized(await t.http().post('/api/v1/tools/service_account').set(bearer(apiKey)).send({ access_token: apiKey }));
    // Control: the header alone works.
    expect((await t.http().get('/api/v1/me').set(bearer(apiKey))).status).toBe(200);
  });
});

describe('ADMIN_BOOTSTRAP_KEY', () => {
  const apps: TestApp[] = [];
  const start = async (key: string) => {
    const app = await startTestApp({ env: { ...NO_RATE_LIMIT, ADMIN_BOOTSTRAP_KEY: key } });
    apps.push(app);
    return app;
  };
  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
  });

  it('a fresh key given at boot calls admin routes; a second boot with it adds no key row', async () => {
    const key = randomKey();
    const first = await start(key);
    expect(first.adminKey).toBe(key);
    const rows = await keyRowsWithSecret(first, key);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ prefix: key.slice(0, rows[0].prefix.length), label: 'ADMIN_BOOTSTRAP_KEY', revoked_at: null });
    expect(rows[0].scopes).toEqual(expect.arrayContaining(['admin']));

    const made = await first.http().post('/api/v1/admin/accounts').set(bearer(key)).send({ name: 'by bootstrap key' });
    expect(made.status).toBe(201);

    const second = await start(key);
    expect(await keyRowsWithSecret(second, key)).toHaveLength(1);
    const again = await second.http().post('/api/v1/admin/accounts').set(bearer(key)).send({ name: 'by bootstrap key, 2nd boot' });
    expect(again.status).toBe(201);
    expect((await keyRowsWithSecret(second, key))[0].id).toBe(rows[0].id);
  });

  it('two instances booting at once with a new key still store one row', async () => {
    const key = randomKey();
    const [x, y] = await Promise.all([start(key), start(key)]);
    expect(await keyRowsWithSecret(x, key)).toHaveLength(1);
    for (const app of [x, y]) {
      expect((await app.http().get('/api/v1/me').set(bearer(key))).status).toBe(200);
    }
  });

  it('a revoked bootstrap key stays revoked when an instance boots with it again', async () => {
    const key = randomKey();
    const first = await start(key);
    const [row] = await keyRowsWithSecret(first, key);
    expect((await first.http().delete(`/api/v1/admin/keys/${row.id}`).set(bearer(key))).status).toBe(200);
    expectUnauthorized(await first.http().post('/api/v1/admin/accounts').set(bearer(key)).send({ name: 'after revoke' }));

    const second = await start(key);
    const rows = await keyRowsWithSecret(second, key);
    expect(rows).toHaveLength(1);
    expect(rows[0].revoked_at).toBeInstanceOf(Date);
    expectUnauthorized(await second.http().post('/api/v1/admin/accounts').set(bearer(key)).send({ name: 'after reboot' }));
  });
});

/**
 * nestjs-pino keeps one process-wide root logger, built by the first app that asks (its level and
 * destination win for every later app in the process). This describe resets it before booting its
 * own app with LOG_LEVEL=info, and again afterwards, through the reset nestjs-pino ships for tests.
 */
function resetNestjsPinoRootLogger(): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const pinoLogger = require('nestjs-pino/PinoLogger') as { __resetOutOfContextForTests?: () => void };
  if (typeof pinoLogger.__resetOutOfContextForTests !== 'function') {
    throw new Error('nestjs-pino __resetOutOfContextForTests not found');
  }
  pinoLogger.__resetOutOfContextForTests();
}

describe('logs never contain a key', () => {
  let t: TestApp;
  let stdoutSpy: jest.SpyInstance;
  const chunks: string[] = [];
  const logText = () => chunks.join('');

  beforeAll(async () => {
    // pino writes to process.stdout itself (not through its own fd stream) when stdout.write has been
    // replaced at the time the logger is built, so the spy must be in place before the app boots.
    stdoutSpy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown, ...rest: unknown[]) => {
      chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
      const callback = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      callback?.();
      return true;
    });
    resetNestjsPinoRootLogger();
    t = await startTestApp({ ...FIXTURES, env: { ...NO_RATE_LIMIT, LOG_LEVEL: 'info' } });
  });
  afterAll(async () => {
    await t?.close();
    stdoutSpy?.mockRestore();
    resetNestjsPinoRootLogger();
  });

  async function waitForRequestLine(requestId: string): Promise<Record<string, unknown>> {
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline) {
      for (const line of logText().split('\n')) {
        if (!line.includes(requestId)) continue;
        const parsed = JSON.parse(line) as Record<string, unknown>;
        if (parsed.msg === 'request completed' || parsed.msg === 'request errored') return parsed;
      }
      await sleep(20);
    }
    throw new Error(`no request-completed log line for ${requestId}; captured ${chunks.length} chunks`);
  }

  it('request lines carry the request id, and no key (valid, invalid, admin, access_token) appears anywhere', async () => {
    const { apiKey } = await t.createAccount('logged caller');
    const { apiKey: queryKey } = await t.createAccount('logged query token');
    const { apiKey: bodyKey } = await t.createAccount('logged body token');
    const invalidKey = randomKey();
    const run = randomUUID().slice(0, 8);
    const calls: Array<{ id: string; status: number; send: (id: string) => Promise<Response> }> = [
      { id: `log-valid-${run}`, status: 200, send: (id) => t.http().get('/api/v1/tools/service_account').set(bearer(apiKey)).set('x-request-id', id) },
      {
        id: `log-paid-${run}`,
        status: 200,
        send: (id) =>
          t
            .http()
            .post('/api/v1/tools/fixture_paid')
            .set(bearer(apiKey))
            .set('x-request-id', id)
            .send({ chains: ['solana'] }),
      },
      { id: `log-me-${run}`, status: 200, send: (id) => t.http().get('/api/v1/me').set(bearer(apiKey)).set('x-request-id', id) },
      { id: `log-invalid-${run}`, status: 401, send: (id) => t.http().get('/api/v1/tools/service_account').set(bearer(invalidKey)).set('x-request-id', id) },
      { id: `log-query-${run}`, status: 401, send: (id) => t.http().get(`/api/v1/tools/service_account?access_token=${queryKey}`).set('x-request-id', id) },
      {
        id: `log-body-${run}`,
        status: 401,
        send: (id) => t.http().post('/api/v1/tools/service_account').set('x-request-id', id).send({ access_token: bodyKey }),
      },
      {
        id: `log-admin-${run}`,
        status: 201,
        send: (id) => t.http().post('/api/v1/admin/accounts').set(bearer(t.adminKey)).set('x-request-id', id).send({ name: 'logged admin call' }),
      },
    ];
    const issued: string[] = [];
    for (const call of calls) {
      const res = await call.send(call.id);
      if (typeof res.body.apiKey === 'string') issued.push(res.body.apiKey);
      expect({ id: call.id, status: res.status }).toEqual({ id: call.id, status: call.status });
      expect(res.headers['x-request-id']).toBe(call.id);
    }
    for (const call of calls) {
      const line = await waitForRequestLine(call.id);
      expect(line.requestId).toBe(call.id);
      expect((line.res as { statusCode: number }).statusCode).toBe(call.status);
    }

    expect(issued).toHaveLength(1); // the key the admin call created is in its response, never in a log
    const text = logText();
    for (const secret of [apiKey, queryKey, bodyKey, invalidKey, t.adminKey, ...issued]) {
      expect(text.includes(secret)).toBe(false);
      expect(text.includes(secret.slice(3))).toBe(false);
    }
    expect(text).not.toMatch(/authorization/i);
    expect(text).not.toContain('access_token');
  });
});
