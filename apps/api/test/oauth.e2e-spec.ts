import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { startTestApp, type TestApp } from './support/test-app';
import { connect, TestOAuthClient } from './support/oauth-client';
import { key, routesOf, sourceControllers } from './support/route-inventory';

/**
 * Scout as OAuth 2.1 authorization server, driven by the MCP SDK's own client (`auth()`):
 * discovery, registration, the sign-in approved with an `sc_` key, PKCE, and what the token then
 * does: tools and GET /api/v1/me on the approving account, nothing that needs an `sc_` key;
 * rotation, revocation, and the grant, key or account that stops it.
 */
const NO_RATE_LIMIT = { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '1000000', AUTH_CACHE_TTL_MS: '0' };
const REDIRECT = 'http://127.0.0.1:7777/callback';
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('OAuth: sign-in through the SDK client, and the token on the REST API', () => {
  let t: TestApp;
  let mcpUrl: string;
  beforeAll(async () => {
    t = await startTestApp({ atPublicUrl: true, env: NO_RATE_LIMIT });
    mcpUrl = `${t.url}/mcp`;
  });
  afterAll(() => t?.close());

  /** A fresh account and a client signed in with its key. */
  async function signedIn(name = 'oauth holder') {
    const account = await t.createAccount(name);
    const client = new TestOAuthClient(REDIRECT, { name: `${name} app` });
    const { tokens, redirect } = await connect(mcpUrl, client, account.apiKey);
    return { ...account, client, tokens, redirect };
  }

  it('discovery: protected resource metadata (RFC 9728) and authorization server metadata (RFC 8414)', async () => {
    const prm = await t.http().get('/.well-known/oauth-protected-resource/mcp');
    expect(prm.status).toBe(200);
    expect(prm.body).toMatchObject({ resource: `${t.url}/mcp`, authorization_servers: [t.url], scopes_supported: ['tools'] });
    const root = await t.http().get('/.well-known/oauth-protected-resource');
    expect(root.body).toMatchObject({ resource: t.url, authorization_servers: [t.url] });
    const as = await t.http().get('/.well-known/oauth-authorization-server');
    expect(as.status).toBe(200);
    expect(as.body).toMatchObject({
      issuer: t.url,
      authorization_endpoint: `${t.url}/authorize`,
      token_endpoint: `${t.url}/token`,
      registration_endpoint: `${t.url}/register`,
      revocation_endpoint: `${t.url}/revoke`,
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      scopes_supported: ['tools'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
    });
  });

  it('registers the client (RFC 7591) as public, signs in, and the code gives tokens (PKCE S256)', async () => {
    const s = await signedIn();
    expect(s.client.information).toMatchObject({ client_id: expect.stringMatching(/^[0-9a-f-]{36}$/), token_endpoint_auth_method: 'none' });
    expect(s.client.information).not.toHaveProperty('client_secret');
    expect(s.redirect.origin + s.redirect.pathname).toBe(REDIRECT);
    expect(s.redirect.searchParams.get('state')).toBe(s.client.stateValue);
    expect(s.redirect.searchParams.get('iss')).toBe(t.url);
    const authorizeUrl = s.client.authorizationUrl!;
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('resource')).toBe(`${t.url}/mcp`);
    expect(s.tokens).toMatchObject({
      access_token: expect.stringMatching(/^sco_at_/),
      refresh_token: expect.stringMatching(/^sco_rt_/),
      token_type: expect.stringMatching(/^bearer$/i),
      expires_in: 3600,
      scope: 'tools',
    });
  });

  it('the token calls a paid tool, charged to the approving account, and reads GET /api/v1/me', async () => {
    const s = await signedIn('oauth payer');
    const before = await t.spendable(s.accountId);
    const call = await t.http().post('/api/v1/tools/service_fomo_leaderboard').set(bearer(s.tokens.access_token)).send({ window: '7d' });
    expect(call.status).toBe(200);
    expect(call.body.credits.creditsSpent).toBe(250);
    expect(await t.spendable(s.accountId)).toBe(before - 250);
    expect(await t.usageEntryCount(s.accountId)).toBe(1);
    const me = await t.http().get('/api/v1/me').set(bearer(s.tokens.access_token));
    expect(me.status).toBe(200);
    expect(me.body.account.id).toBe(s.accountId);
    expect(me.body.key.id).toBe(s.keyId);
    expect(me.body.balance).toBe(before - 250);
  });

  it('the token is 403 on every keyed route that does not accept OAuth: keys, plans, grants, admin', async () => {
    const s = await signedIn('oauth limits');
    const createKey = await t.http().post('/api/v1/me/keys').set(bearer(s.tokens.access_token)).send({ label: 'from a token' });
    expect(createKey.status).toBe(403);
    expect(createKey.body.error).toMatchObject({ code: 'forbidden', message: expect.stringMatching(/sc_ API key/) });
    const keyed = routesOf(sourceControllers()).filter((r) => r.access?.kind === 'key' && !(r.access.kind === 'key' && r.access.acceptsOAuth));
    expect(keyed.length).toBeGreaterThan(20);
    for (const r of keyed) {
      if (r.path.startsWith('/api/v1/stream/')) continue;
      const url = r.path.replace(/:(id|keyId)\b/g, () => crypto.randomUUID());
      const method = r.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
      const res = await t.http()[method](url).set(bearer(s.tokens.access_token)).send({});
      expect({ route: key(r), status: res.status }).toEqual({ route: key(r), status: 403 });
    }
    const keys = await t.http().get('/api/v1/me/keys').set(bearer(s.apiKey));
    expect(keys.body.keys).toHaveLength(1);
  });

  it('refresh tokens rotate: the old one is refused, and presenting it again revokes the grant', async () => {
    const s = await signedIn('oauth rotation');
    const first = s.tokens;
    // auth() with a stored refresh token refreshes instead of signing in again.
    expect(await auth(s.client, { serverUrl: mcpUrl })).toBe('AUTHORIZED');
    const second = s.client.saved!;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await t.http().get('/api/v1/me').set(bearer(second.access_token))).status).toBe(200);

    const reuse = await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.refresh_token!, client_id: s.client.information!.client_id });
    expect(reuse.status).toBe(400);
    expect(reuse.body.error).toBe('invalid_grant');
    // The grant is gone: the newest tokens stop too.
    expect((await t.http().get('/api/v1/me').set(bearer(second.access_token))).status).toBe(401);
    const again = await tokenRequest({ grant_type: 'refresh_token', refresh_token: second.refresh_token!, client_id: s.client.information!.client_id });
    expect(again.body.error).toBe('invalid_grant');
  });

  it('revocation (RFC 7009): a revoked refresh token takes the grant and its access tokens', async () => {
    const s = await signedIn('oauth revoke');
    const clientId = s.client.information!.client_id;
    const res = await t.http().post('/revoke').type('form').send({ token: s.tokens.refresh_token, client_id: clientId });
    expect(res.status).toBe(200);
    expect((await t.http().get('/api/v1/me').set(bearer(s.tokens.access_token))).status).toBe(401);
    const refresh = await tokenRequest({ grant_type: 'refresh_token', refresh_token: s.tokens.refresh_token!, client_id: clientId });
    expect(refresh.body.error).toBe('invalid_grant');
    // An unknown token is no error (RFC 7009 section 2.2).
    expect((await t.http().post('/revoke').type('form').send({ token: 'sco_at_unknown', client_id: clientId })).status).toBe(200);
  });

  it('suspending the account stops the token; reactivating brings it back', async () => {
    const s = await signedIn('oauth suspended');
    const admin = bearer(t.adminKey);
    expect((await t.http().post(`/api/v1/admin/accounts/${s.accountId}/suspend`).set(admin).send({})).status).toBe(200);
    const refused = await t.http().post('/api/v1/tools/service_account').set(bearer(s.tokens.access_token)).send({});
    expect(refused.status).toBe(401);
    expect(
      (await tokenRequest({ grant_type: 'refresh_token', refresh_token: s.tokens.refresh_token!, client_id: s.client.information!.client_id })).body.error,
    ).toBe('invalid_grant');
    expect((await t.http().post(`/api/v1/admin/accounts/${s.accountId}/reactivate`).set(admin).send({})).status).toBe(200);
    expect((await t.http().post('/api/v1/tools/service_account').set(bearer(s.tokens.access_token)).send({})).status).toBe(200);
  });

  it('revoking the approving key stops the token', async () => {
    const s = await signedIn('oauth key revoked');
    const spare = await t.http().post('/api/v1/me/keys').set(bearer(s.apiKey)).send({ label: 'spare' });
    expect(spare.status).toBe(201);
    expect((await t.http().delete(`/api/v1/me/keys/${s.keyId}`).set(bearer(spare.body.apiKey))).status).toBe(200);
    expect((await t.http().get('/api/v1/me').set(bearer(s.tokens.access_token))).status).toBe(401);
  });

  const tokenRequest = (form: Record<string, string>) => t.http().post('/token').type('form').send(form);
});
