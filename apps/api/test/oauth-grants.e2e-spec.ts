import { setTimeout as sleep } from 'node:timers/promises';
import { AppConfig } from '@scout/core';
import { startTestApp, type TestApp } from './support/test-app';
import { connect, TestOAuthClient } from './support/oauth-client';

/**
 * OAuth grants as the account holder and the admin see them: listed, withdrawn (audited for the
 * admin), and a withdrawal, a revoked approving key or a suspension reaching every instance within
 * AUTH_CACHE_TTL_MS.
 */
const NO_RATE_LIMIT = { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '1000000' };
const REDIRECT = 'http://127.0.0.1:7777/callback';
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function signedIn(t: TestApp, name: string) {
  const account = await t.createAccount(name);
  const client = new TestOAuthClient(REDIRECT, { name: `${name} app` });
  const { tokens } = await connect(`${t.url}/mcp`, client, account.apiKey);
  return { ...account, client, token: tokens.access_token };
}

describe('OAuth grants: /api/v1/me/oauth-grants and the admin routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ atPublicUrl: true, env: { ...NO_RATE_LIMIT, AUTH_CACHE_TTL_MS: '0' } });
  });
  afterAll(() => t?.close());

  it('the holder lists the grant (client, scopes, approving key, created, last used) and withdraws it with an sc_ key', async () => {
    const s = await signedIn(t, 'grant lister');
    expect((await t.http().get('/api/v1/me').set(bearer(s.token))).status).toBe(200);
    const list = await t.http().get('/api/v1/me/oauth-grants').set(bearer(s.apiKey));
    expect(list.status).toBe(200);
    expect(list.body.grants).toEqual([
      {
        id: expect.any(String),
        client: { id: s.client.information!.client_id, name: 'grant lister app', kind: 'dcr' },
        scopes: ['tools'],
        resource: `${t.url}/mcp`,
        key: { id: s.keyId, prefix: s.apiKey.slice(0, 11) },
        createdAt: expect.any(String),
        lastUsedAt: expect.any(String),
        revokedAt: null,
        revokedReason: null,
      },
    ]);
    const grantId = list.body.grants[0].id as string;
    // A token cannot manage access, its own included.
    expect((await t.http().get('/api/v1/me/oauth-grants').set(bearer(s.token))).status).toBe(403);
    expect((await t.http().delete(`/api/v1/me/oauth-grants/${grantId}`).set(bearer(s.token))).status).toBe(403);

    const other = await t.createAccount('someone else');
    expect((await t.http().delete(`/api/v1/me/oauth-grants/${grantId}`).set(bearer(other.apiKey))).status).toBe(404);
    expect((await t.http().get('/api/v1/me').set(bearer(s.token))).status).toBe(200);

    const revoked = await t.http().delete(`/api/v1/me/oauth-grants/${grantId}`).set(bearer(s.apiKey));
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id: grantId, revokedAt: expect.any(String), revokedReason: 'holder' });
    expect((await t.http().get('/api/v1/me').set(bearer(s.token))).status).toBe(401);
    expect((await t.http().get('/api/v1/me/oauth-grants').set(bearer(s.apiKey))).body.grants).toEqual([]);
    expect((await t.http().delete(`/api/v1/me/oauth-grants/not-a-uuid`).set(bearer(s.apiKey))).status).toBe(404);
  });

  it('an admin lists every grant of an account, revoked ones too, and revokes one with an audit row', async () => {
    const s = await signedIn(t, 'admin watched');
    const admin = bearer(t.adminKey);
    const listed = await t.http().get(`/api/v1/admin/accounts/${s.accountId}/oauth-grants`).set(admin);
    expect(listed.status).toBe(200);
    expect(listed.body.grants).toHaveLength(1);
    const grantId = listed.body.grants[0].id as string;

    const revoked = await t.http().delete(`/api/v1/admin/oauth-grants/${grantId}`).set(admin);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id: grantId, revokedReason: 'admin' });
    expect((await t.http().post('/api/v1/tools/service_account').set(bearer(s.token)).send({})).status).toBe(401);

    const audit = await t.http().get('/api/v1/admin/audit').query({ action: 'oauth_grant.revoke', accountId: s.accountId }).set(admin);
    expect(audit.body.entries).toEqual([
      expect.objectContaining({
        action: 'oauth_grant.revoke',
        accountId: s.accountId,
        target: `oauth_grants#${grantId}`,
        actor: expect.stringMatching(/^key:/),
      }),
    ]);
    const after = await t.http().get(`/api/v1/admin/accounts/${s.accountId}/oauth-grants`).set(admin);
    expect(after.body.grants[0]).toMatchObject({ id: grantId, revokedReason: 'admin' });
    expect((await t.http().delete(`/api/v1/admin/oauth-grants/${crypto.randomUUID()}`).set(admin)).status).toBe(404);
    expect((await t.http().get(`/api/v1/admin/accounts/${crypto.randomUUID()}/oauth-grants`).set(admin)).status).toBe(404);
    expect((await t.http().get(`/api/v1/admin/accounts/${s.accountId}/oauth-grants`).set(bearer(s.apiKey))).status).toBe(403);
  });
});

describe('a withdrawn grant, a revoked approving key or a suspension stops the token on every instance', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp({ atPublicUrl: true, env: NO_RATE_LIMIT });
    b = await startTestApp({ env: { ...NO_RATE_LIMIT, ADMIN_BOOTSTRAP_KEY: a.adminKey } });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** Polls B with the token until it answers 401 (200 before that: the caller B still trusts). */
  async function msUntilRefusedByB(token: string, since: number): Promise<number> {
    while (Date.now() < since + 10_000) {
      const res = await b.http().get('/api/v1/me').set(bearer(token));
      if (res.status === 401) return Date.now() - since;
      expect(res.status).toBe(200);
      await sleep(50);
    }
    throw new Error('instance B still accepted the token 10 s later');
  }

  const warm = async (token: string) => {
    expect(b.app.get(AppConfig).AUTH_CACHE_TTL_MS).toBe(2000);
    expect((await b.http().get('/api/v1/me').set(bearer(token))).status).toBe(200);
  };

  it('the holder withdraws the grant through A', async () => {
    const s = await signedIn(a, 'withdrawn on two');
    await warm(s.token);
    const grantId = (await a.http().get('/api/v1/me/oauth-grants').set(bearer(s.apiKey))).body.grants[0].id as string;
    const at = Date.now();
    expect((await a.http().delete(`/api/v1/me/oauth-grants/${grantId}`).set(bearer(s.apiKey))).status).toBe(200);
    expect((await a.http().get('/api/v1/me').set(bearer(s.token))).status).toBe(401);
    expect(await msUntilRefusedByB(s.token, at)).toBeLessThanOrEqual(5000);
  });

  it('an admin revokes the approving key through A', async () => {
    const s = await signedIn(a, 'key revoked on two');
    await warm(s.token);
    const at = Date.now();
    expect((await a.http().delete(`/api/v1/admin/keys/${s.keyId}`).set(bearer(a.adminKey))).status).toBe(200);
    expect((await a.http().get('/api/v1/me').set(bearer(s.token))).status).toBe(401);
    expect(await msUntilRefusedByB(s.token, at)).toBeLessThanOrEqual(5000);
  });

  it('an admin suspends the account through A', async () => {
    const s = await signedIn(a, 'suspended on two');
    await warm(s.token);
    const at = Date.now();
    expect((await a.http().post(`/api/v1/admin/accounts/${s.accountId}/suspend`).set(bearer(a.adminKey)).send({})).status).toBe(200);
    expect((await a.http().get('/api/v1/me').set(bearer(s.token))).status).toBe(401);
    expect(await msUntilRefusedByB(s.token, at)).toBeLessThanOrEqual(5000);
  });
});
