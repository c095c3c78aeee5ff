import type { Response } from 'supertest';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Browser-facing headers (issue 9): helmet on every answer, a CSP under which the API reference at
 * /docs still loads, no caching of keyed answers, and CORS for the public tool routes only
 * unless configured otherwise.
 */
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
const NO_RATE_LIMIT = { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '1000000' };
const ORIGIN = 'https://app.example.com';

/** The CSP as directive name → sources. */
function csp(res: Response): Record<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

function expectNoCorsHeaders(res: Response): void {
  expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
}

describe('security headers (helmet) and caching', () => {
  let t: TestApp;
  let key: string;
  let accountId: string;
  beforeAll(async () => {
    t = await startTestApp({ env: NO_RATE_LIMIT });
    ({ apiKey: key, accountId } = await t.createAccount('headers'));
  });
  afterAll(() => t?.close());

  it('API answers: nosniff, no framing, no referrer, a CSP that loads nothing', async () => {
    for (const res of [
      await t.http().get('/api/v1/tools'),
      await t.http().get('/api/v1/tools/service_account').set(bearer(key)),
      await t.http().get('/api/v1/nope'),
    ]) {
      expect(res.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer',
      });
      expect(csp(res)).toMatchObject({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('Cache-Control: no-store and no ETag on every keyed answer: tool calls, /me, /admin, and their errors', async () => {
    const answers = [
      await t.http().get('/api/v1/tools/service_account').set(bearer(key)),
      await t.http().get('/api/v1/me').set(bearer(key)),
      await t.http().get(`/api/v1/admin/accounts/${accountId}`).set(bearer(t.adminKey)),
      await t.http().get('/api/v1/tools/service_token_yields?limit=0').set(bearer(key)),
      await t.http().get('/api/v1/me').set(bearer('sc_not_a_real_key_000000000000')),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 400, 401]);
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
    // Each answer differs (request id, credits): a validator would only cost a hash of the body.
    for (const res of answers) expect(res.headers.etag).toBeUndefined();
  });

  it('/docs: the API reference loads only same-origin scripts, allowed by its CSP (no inline script; a per-answer nonce for <style>)', async () => {
    const page = await t.http().get('/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    const policy = csp(page);
    const nonce = /<meta property="csp-nonce" content="([^"]+)">/.exec(page.text)?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(policy).toMatchObject({
      'default-src': ["'none'"],
      'script-src': ["'self'"],
      'style-src-elem': ["'self'", `'nonce-${nonce}'`],
      'style-src-attr': ["'unsafe-inline'"],
      'style-src': ["'self'", `'nonce-${nonce}'`],
      'img-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'frame-ancestors': ["'none'"],
    });
    expect(policy['upgrade-insecure-requests']).toBeUndefined();
    // A new nonce on every answer.
    expect(csp(await t.http().get('/docs'))['style-src-elem']).not.toContain(`'nonce-${nonce}'`);
    // No inline script: script-src 'self' would block it.
    const html = page.text;
    const scripts = [...html.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
    expect(scripts.length).toBe(2);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\ssrc=/);
      expect(body).toBe('');
    }
    const sources = [...html.matchAll(/<script[^>]*\ssrc=["']([^"']+)["']/g)].map((m) => m[1]);
    const urls = sources.map((source) => new URL(source, `${t.url}/docs`));
    expect(urls.map((u) => u.pathname)).toEqual(['/docs/prelude.js', expect.stringMatching(/^\/docs\/assets\/scalar-\d+\.\d+\.\d+\/standalone\.esm\.js$/)]);
    for (const url of urls) {
      // Same origin (so 'self' allows it), served as JavaScript.
      expect(url.origin).toBe(t.url);
      const asset = await t.http().get(url.pathname);
      expect({ asset: url.pathname, status: asset.status, type: asset.headers['content-type'] }).toEqual({
        asset: url.pathname,
        status: 200,
        type: expect.stringMatching(/^(text|application)\/javascript/),
      });
    }
    // Only the bundle's JavaScript is served from its package: not its source maps, nor anything outside its folder.
    const entry = urls[1].pathname;
    expect((await t.http().get(`${entry}.map`)).status).toBe(404);
    // (dist/index.js, one folder above the browser build, exists.)
    expect((await t.http().get(entry.replace('standalone.esm.js', '%2e%2e/index.js'))).status).toBe(404);
  });
});

describe('CORS with the defaults: any origin on the public API, none on /me and /admin', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await startTestApp({ env: NO_RATE_LIMIT });
    ({ apiKey: key } = await t.createAccount('cors'));
  });
  afterAll(() => t?.close());

  it('a preflight on a tool route is 204 with the methods and headers a client needs, and no credentials', async () => {
    const res = await t
      .http()
      .options('/api/v1/tools/service_account')
      .set('Origin', ORIGIN)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization,content-type,idempotency-key');
    expect(res.status).toBe(204);
    expect(res.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET,POST',
      'access-control-allow-headers': 'Authorization,Content-Type,Idempotency-Key,X-Request-Id',
    });
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('a keyed call from a page exposes the credits, request id, replay and Retry-After headers', async () => {
    const res = await t.http().get('/api/v1/tools/service_account').set('Origin', ORIGIN).set(bearer(key));
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-expose-headers'].split(',')).toEqual([
      'x-credits-remaining',
      'x-credits-cost',
      'x-credits-used',
      'x-request-id',
      'Idempotent-Replayed',
      'Retry-After',
    ]);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('the catalog, the OpenAPI document and /llms.txt are readable cross-origin', async () => {
    for (const path of ['/api/v1/tools', '/api/v1/openapi.json', '/llms.txt']) {
      const res = await t.http().get(path).set('Origin', ORIGIN);
      expect({ path, origin: res.headers['access-control-allow-origin'] }).toEqual({ path, origin: '*' });
    }
  });

  it('/me and /admin send no CORS headers: a browser page cannot call them', async () => {
    expectNoCorsHeaders(await t.http().get('/api/v1/me').set('Origin', ORIGIN).set(bearer(key)));
    const preflight = await t.http().options('/api/v1/admin/accounts').set('Origin', ORIGIN).set('Access-Control-Request-Method', 'POST');
    expectNoCorsHeaders(preflight);
    expect(preflight.status).toBe(404);
  });
});

describe('CORS with configured origins', () => {
  let t: TestApp;
  let key: string;
  const ADMIN_ORIGIN = 'https://admin.example.com';
  beforeAll(async () => {
    t = await startTestApp({ env: { ...NO_RATE_LIMIT, CORS_ORIGINS: `${ORIGIN}, http://localhost:5173`, CORS_ADMIN_ORIGINS: ADMIN_ORIGIN } });
    ({ apiKey: key } = await t.createAccount('cors configured'));
  });
  afterAll(() => t?.close());

  it('the tool routes allow only the listed origins', async () => {
    const allowed = await t.http().get('/api/v1/tools/service_account').set('Origin', 'http://localhost:5173').set(bearer(key));
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(allowed.headers.vary).toMatch(/Origin/);
    const other = await t.http().get('/api/v1/tools/service_account').set('Origin', 'https://evil.example').set(bearer(key));
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const admin = await t.http().get('/api/v1/tools').set('Origin', ADMIN_ORIGIN);
    expect(admin.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('/me and /admin open to the admin origins only, with their methods', async () => {
    const preflight = await t.http().options('/api/v1/me/plan').set('Origin', ADMIN_ORIGIN).set('Access-Control-Request-Method', 'PUT');
    expect(preflight.status).toBe(204);
    expect(preflight.headers).toMatchObject({ 'access-control-allow-origin': ADMIN_ORIGIN, 'access-control-allow-methods': 'GET,POST,PUT,DELETE' });
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    const admin = await t.http().get('/api/v1/admin/accounts').set('Origin', ADMIN_ORIGIN).set(bearer(t.adminKey));
    expect({ status: admin.status, origin: admin.headers['access-control-allow-origin'] }).toEqual({ status: 200, origin: ADMIN_ORIGIN });
    const tools = await t.http().get('/api/v1/me').set('Origin', ORIGIN).set(bearer(key));
    expect(tools.headers['access-control-allow-origin']).toBeUndefined();
  });
});
