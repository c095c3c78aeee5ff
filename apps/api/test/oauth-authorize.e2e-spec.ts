import { registerClient, startAuthorization } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationFull } from '@modelcontextprotocol/sdk/shared/auth.js';
import { startTestApp, type TestApp } from './support/test-app';
import { hiddenFields, signIn } from './support/oauth-client';

/**
 * The authorization and token endpoints refuse what OAuth 2.1 says they must: foreign redirect
 * URIs (exactly, loopback ports too) without redirecting, foreign resources (invalid_target), a
 * missing state, a wrong PKCE verifier, codes that expired, were used or are presented for
 * another redirect; every redirect carries `iss`. The sign-in page itself: CSRF, a denied
 * sign-in, a key that does not verify, its headers.
 */
const ENV = { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '1000000', AUTH_CACHE_TTL_MS: '0' };
const REDIRECT = 'http://127.0.0.1:7777/callback';

describe('OAuth authorization and token endpoints: what they refuse', () => {
  let t: TestApp;
  let holderKey: string;
  beforeAll(async () => {
    t = await startTestApp({ atPublicUrl: true, env: ENV });
    ({ apiKey: holderKey } = await t.createAccount('authorize refusals'));
  });
  afterAll(() => t?.close());

  const register = (name = 'Refusal App', redirectUris = [REDIRECT]): Promise<OAuthClientInformationFull> =>
    registerClient(t.url, { clientMetadata: { client_name: name, redirect_uris: redirectUris, token_endpoint_auth_method: 'none' } });

  /** An authorization URL the SDK builds (PKCE S256), with the resource and state given. */
  async function authorizationUrl(client: OAuthClientInformationFull, options: { state?: string; resource?: string } = {}) {
    return startAuthorization(t.url, {
      clientInformation: client,
      redirectUrl: REDIRECT,
      scope: 'tools',
      state: 'state' in options ? options.state : 'st-1',
      resource: 'resource' in options ? options.resource : `${t.url}/mcp`,
    });
  }

  /** Signs in with the holder's key and returns the code. */
  async function approvedCode(client: OAuthClientInformationFull) {
    const { authorizationUrl: url, codeVerifier } = await authorizationUrl(client);
    const outcome = await signIn(url, { apiKey: holderKey, decision: 'approve' });
    expect(outcome.status).toBe(303);
    return { code: outcome.location!.searchParams.get('code')!, codeVerifier };
  }

  const exchange = (client: OAuthClientInformationFull, code: string, codeVerifier: string, extra: Record<string, string> = {}) =>
    t
      .http()
      .post('/token')
      .type('form')
      .send({ grant_type: 'authorization_code', client_id: client.client_id, code, code_verifier: codeVerifier, redirect_uri: REDIRECT, ...extra });

  const get = (url: URL) =>
    t
      .http()
      .get(url.pathname + url.search)
      .redirects(0);

  it('an unregistered redirect URI is 400 with no redirect, a loopback one on another port too', async () => {
    const client = await register();
    const { authorizationUrl: url } = await authorizationUrl(client);
    for (const foreign of ['https://attacker.example/callback', 'http://127.0.0.1:7778/callback', 'http://127.0.0.1:7777/callback/']) {
      url.searchParams.set('redirect_uri', foreign);
      const res = await get(url);
      expect({ foreign, status: res.status, location: res.headers.location }).toEqual({ foreign, status: 400, location: undefined });
      expect(res.body.error).toBe('invalid_request');
    }
    // Even a request the SDK would refuse by redirecting (no PKCE method) is not sent to the other port.
    url.searchParams.set('redirect_uri', 'http://127.0.0.1:7778/callback');
    url.searchParams.delete('code_challenge_method');
    expect((await get(url)).status).toBe(400);
  });

  it('a foreign or missing resource goes back as invalid_target, with state and iss', async () => {
    const client = await register();
    for (const resource of ['https://elsewhere.example/mcp', `${t.url}/api`, undefined]) {
      const { authorizationUrl: url } = await authorizationUrl(client, { resource });
      const res = await get(url);
      expect(res.status).toBe(302);
      const back = new URL(res.headers.location);
      expect(back.origin + back.pathname).toBe(REDIRECT);
      expect(Object.fromEntries(back.searchParams)).toMatchObject({ error: 'invalid_target', state: 'st-1', iss: t.url });
    }
  });

  it('a missing state, a plain challenge or the admin scope go back as errors, each with iss', async () => {
    const client = await register();
    const noState = await get((await authorizationUrl(client, { state: undefined })).authorizationUrl);
    expect(Object.fromEntries(new URL(noState.headers.location).searchParams)).toMatchObject({ error: 'invalid_request', iss: t.url });

    const { authorizationUrl: plain } = await authorizationUrl(client);
    plain.searchParams.set('code_challenge_method', 'plain');
    const plainRes = await get(plain);
    expect(Object.fromEntries(new URL(plainRes.headers.location).searchParams)).toMatchObject({ error: 'invalid_request', state: 'st-1', iss: t.url });

    const { authorizationUrl: admin } = await authorizationUrl(client);
    admin.searchParams.set('scope', 'tools admin');
    const adminRes = await get(admin);
    expect(Object.fromEntries(new URL(adminRes.headers.location).searchParams)).toMatchObject({ error: 'invalid_scope', state: 'st-1', iss: t.url });
  });

  it('a wrong PKCE verifier is invalid_grant and leaves the code to its verifier', async () => {
    const client = await register();
    const { code, codeVerifier } = await approvedCode(client);
    const wrong = await exchange(client, code, `${codeVerifier.slice(0, -4)}AAAA`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('invalid_grant');
    expect((await exchange(client, code, codeVerifier)).status).toBe(200);
  });

  it('a code is single-use: the second exchange is refused and the tokens of the first stop', async () => {
    const client = await register();
    const { code, codeVerifier } = await approvedCode(client);
    const first = await exchange(client, code, codeVerifier);
    expect(first.status).toBe(200);
    const token = first.body.access_token as string;
    expect((await t.http().get('/api/v1/me').set('Authorization', `Bearer ${token}`)).status).toBe(200);
    const second = await exchange(client, code, codeVerifier);
    expect(second.body.error).toBe('invalid_grant');
    expect((await t.http().get('/api/v1/me').set('Authorization', `Bearer ${token}`)).status).toBe(401);
  });

  it('an expired code is refused', async () => {
    const client = await register();
    const { code, codeVerifier } = await approvedCode(client);
    await t.sql.query(`UPDATE oauth_codes SET expires_at = now() - interval '1 second' WHERE client_id = $1`, [client.client_id]);
    const res = await exchange(client, code, codeVerifier);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid_grant', error_description: expect.stringMatching(/expired/) });
  });

  it('a code is bound to its client, redirect URI and resource', async () => {
    const client = await register();
    const other = await register('Other App');
    const bound = await approvedCode(client);
    expect((await exchange(other, bound.code, bound.codeVerifier)).body.error).toBe('invalid_grant');
    expect((await exchange(client, bound.code, bound.codeVerifier, { resource: 'https://elsewhere.example/mcp' })).body.error).toBe('invalid_target');

    const elsewhere = await approvedCode(client);
    expect((await exchange(client, elsewhere.code, elsewhere.codeVerifier, { redirect_uri: 'http://127.0.0.1:7778/callback' })).body.error).toBe(
      'invalid_grant',
    );
  });

  it('denying goes back with access_denied, state and iss, and grants nothing', async () => {
    const client = await register();
    const { authorizationUrl: url } = await authorizationUrl(client);
    const outcome = await signIn(url, { decision: 'deny' });
    expect(outcome.status).toBe(303);
    expect(Object.fromEntries(outcome.location!.searchParams)).toMatchObject({ error: 'access_denied', state: 'st-1', iss: t.url });
    const { rows } = await t.sql.query(`SELECT count(*)::int AS n FROM oauth_grants WHERE client_id = $1`, [client.client_id]);
    expect(rows[0].n).toBe(0);
  });

  it('a key that does not verify, or has no tools scope, shows the page again; the right key then approves', async () => {
    const client = await register();
    const { authorizationUrl: url } = await authorizationUrl(client);
    const page = await get(url);
    const fields = hiddenFields(page.text);
    const post = (apiKey: string) =>
      t
        .http()
        .post('/authorize/decision')
        .type('form')
        .redirects(0)
        .send({ ...fields, api_key: apiKey, decision: 'approve' });
    const bad = await post('sc_not_a_key_at_all_not_a_key_at_all');
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('That is not a valid Scout API key.');
    expect(bad.text).not.toContain('sc_not_a_key_at_all');
    const adminOnly = await t
      .http()
      .post(`/api/v1/admin/accounts/${(await t.createAccount('admin only')).accountId}/keys`)
      .set('Authorization', `Bearer ${t.adminKey}`)
      .send({ scopes: ['admin'] });
    expect((await post(adminOnly.body.apiKey)).text).toContain('use a key with the tools scope');
    const good = await post(holderKey);
    expect(good.status).toBe(303);
    expect(new URL(good.headers.location).searchParams.get('code')).toMatch(/^sco_ac_/);
  });

  it('the form answers only with its own CSRF token, and only once', async () => {
    const client = await register();
    const first = hiddenFields((await get((await authorizationUrl(client)).authorizationUrl)).text);
    const second = hiddenFields((await get((await authorizationUrl(client)).authorizationUrl)).text);
    const post = (fields: Record<string, string>) =>
      t
        .http()
        .post('/authorize/decision')
        .type('form')
        .redirects(0)
        .send({ ...fields, api_key: holderKey, decision: 'approve' });
    const forged = await post({ request_id: first.request_id, csrf_token: second.csrf_token });
    expect(forged.status).toBe(400);
    expect(forged.headers.location).toBeUndefined();
    expect((await post(first)).status).toBe(303);
    const replay = await post(first);
    expect(replay.status).toBe(400);
    expect(replay.text).toContain('no longer open');
  });

  it('the page names the client (escaped) and where it returns, and may not be framed, cached or scripted', async () => {
    const client = await register('<b>Evil</b> "App"');
    const res = await get((await authorizationUrl(client)).authorizationUrl);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('&lt;b&gt;Evil&lt;/b&gt; &quot;App&quot;');
    expect(res.text).not.toContain('<b>Evil</b>');
    expect(res.text).toContain('127.0.0.1:7777');
    expect(res.text).not.toMatch(/<script/i);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-frame-options']).toBe('DENY');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("form-action 'self' http://127.0.0.1:7777");
    expect(csp).not.toContain('unsafe-inline');
  });

  it('registration (RFC 7591): public clients only, redirect URIs checked', async () => {
    const confidential = await t
      .http()
      .post('/register')
      .send({ redirect_uris: [REDIRECT], token_endpoint_auth_method: 'client_secret_post' });
    expect(confidential.status).toBe(201);
    expect(confidential.body.token_endpoint_auth_method).toBe('none');
    expect(confidential.body).not.toHaveProperty('client_secret');
    const http = await t
      .http()
      .post('/register')
      .send({ redirect_uris: ['http://app.example/callback'] });
    expect(http.status).toBe(400);
    expect(http.body.error).toBe('invalid_redirect_uri');
    const script = await t
      .http()
      .post('/register')
      .send({ redirect_uris: ['javascript:alert(1)'] });
    expect(script.status).toBe(400);
  });
});

describe('OAuth endpoints spend the per-IP budget of unauthenticated requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ atPublicUrl: true, env: { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '4' } });
  });
  afterAll(() => t?.close());

  it('429 with Retry-After once spent, on OAuth and REST alike', async () => {
    const answers: number[] = [];
    for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/oauth-protected-resource/mcp', '/authorize?client_id=x']) {
      answers.push((await t.http().get(path)).status);
    }
    answers.push((await t.http().post('/token').type('form').send({ grant_type: 'refresh_token', client_id: 'x', refresh_token: 'y' })).status);
    expect(answers).toEqual([200, 200, 400, 400]);
    const limited = await t
      .http()
      .post('/register')
      .send({ redirect_uris: [REDIRECT] });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('too_many_requests');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The budget is the one REST's anonymous requests spend.
    expect((await t.http().get('/api/v1/tools')).status).toBe(429);
  });
});

/**
 * nestjs-pino keeps one process-wide root logger, built by the first app that asks; this describe
 * resets it around its own app with LOG_LEVEL=info (as auth.e2e-spec.ts does).
 */
function resetNestjsPinoRootLogger(): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const pinoLogger = require('nestjs-pino/PinoLogger') as { __resetOutOfContextForTests?: () => void };
  if (typeof pinoLogger.__resetOutOfContextForTests !== 'function') throw new Error('nestjs-pino __resetOutOfContextForTests not found');
  pinoLogger.__resetOutOfContextForTests();
}

describe('OAuth logs never hold the pasted key, a code or a token', () => {
  let t: TestApp;
  let stdoutSpy: jest.SpyInstance;
  const chunks: string[] = [];

  beforeAll(async () => {
    stdoutSpy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown, ...rest: unknown[]) => {
      chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
      (rest.find((r) => typeof r === 'function') as (() => void) | undefined)?.();
      return true;
    });
    resetNestjsPinoRootLogger();
    t = await startTestApp({ atPublicUrl: true, env: { ...ENV, LOG_LEVEL: 'info' } });
  });
  afterAll(async () => {
    await t?.close();
    stdoutSpy?.mockRestore();
    resetNestjsPinoRootLogger();
  });

  it('after a sign-in, an exchange, a refresh and a call with the token, nothing logged holds a secret', async () => {
    const { apiKey } = await t.createAccount('logged holder');
    const client = await registerClient(t.url, { clientMetadata: { redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' } });
    const { authorizationUrl: url, codeVerifier } = await startAuthorization(t.url, {
      clientInformation: client,
      redirectUrl: REDIRECT,
      state: 'logged',
      resource: `${t.url}/mcp`,
    });
    const outcome = await signIn(url, { apiKey, decision: 'approve' });
    const code = outcome.location!.searchParams.get('code')!;
    const tokens = await t
      .http()
      .post('/token')
      .type('form')
      .send({ grant_type: 'authorization_code', client_id: client.client_id, code, code_verifier: codeVerifier, redirect_uri: REDIRECT });
    expect(tokens.status).toBe(200);
    const refreshed = await t
      .http()
      .post('/token')
      .type('form')
      .send({ grant_type: 'refresh_token', client_id: client.client_id, refresh_token: tokens.body.refresh_token });
    expect(refreshed.status).toBe(200);
    expect((await t.http().get('/api/v1/me').set('Authorization', `Bearer ${refreshed.body.access_token}`)).status).toBe(200);

    // Wait for the last request's line, then look through everything logged.
    const deadline = Date.now() + 5000;
    while (!chunks.join('').includes('/api/v1/me') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const logged = chunks.join('');
    // Request lines are written for the API's routes (the OAuth router answers before the request logger).
    expect(logged).toContain('"path":"/api/v1/me"');
    for (const secret of [apiKey, code, codeVerifier, tokens.body.access_token, tokens.body.refresh_token, refreshed.body.access_token]) {
      expect(logged).not.toContain(secret);
    }
  });
});
