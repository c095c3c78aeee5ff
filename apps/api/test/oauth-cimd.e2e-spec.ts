import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Logger } from '@nestjs/common';
import { auth, startAuthorization } from '@modelcontextprotocol/sdk/client/auth.js';
import { startTestApp, type TestApp } from './support/test-app';
import { connect, TestOAuthClient } from './support/oauth-client';

/**
 * Client ID Metadata Documents: a client whose client_id is the URL of its metadata. Scout fetches
 * the document (timeout, size cap, no redirects, under the outbound address rules webhooks follow),
 * requires it to name its own URL, and keeps it for its cache time. The document is served here on
 * loopback, which WEBHOOK_ALLOW_PRIVATE_TARGETS opens for tests as it does for webhooks; the SDK
 * only sends https metadata URLs itself, so the signed-in client starts from that client_id.
 */
const ENV = { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '1000000', AUTH_CACHE_TTL_MS: '0', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' };
const REDIRECT = 'http://127.0.0.1:7777/callback';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A loopback HTTP server answering each path with its handler, counting requests per path. */
async function documentServer(): Promise<{
  base: string;
  hits: Map<string, number>;
  route: (path: string, handler: Handler) => void;
  close: () => Promise<void>;
}> {
  const routes = new Map<string, Handler>();
  const hits = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1);
    const handler = routes.get(req.url!);
    if (handler) handler(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    hits,
    route: (path, handler) => routes.set(path, handler),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const json =
  (body: unknown, headers: Record<string, string> = {}): Handler =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  };

describe('OAuth clients known by their metadata document (CIMD)', () => {
  let t: TestApp;
  let docs: Awaited<ReturnType<typeof documentServer>>;
  beforeAll(async () => {
    docs = await documentServer();
    t = await startTestApp({ atPublicUrl: true, env: ENV });
  });
  afterAll(async () => {
    await t?.close();
    await docs?.close();
  });

  const document = (clientId: string, extra: Record<string, unknown> = {}) => ({
    client_id: clientId,
    client_name: 'Document Client',
    redirect_uris: [REDIRECT],
    token_endpoint_auth_method: 'none',
    ...extra,
  });

  /** An authorization URL for a metadata-document client, built by the SDK. */
  const authorizeUrl = async (clientId: string) =>
    (
      await startAuthorization(t.url, {
        clientInformation: { client_id: clientId },
        redirectUrl: REDIRECT,
        state: 'cimd',
        resource: `${t.url}/mcp`,
      })
    ).authorizationUrl;
  const open = async (clientId: string) => {
    const url = await authorizeUrl(clientId);
    return t
      .http()
      .get(url.pathname + url.search)
      .redirects(0);
  };

  it('the SDK client uses its metadata URL as client_id, since Scout says it supports them, and registers nothing', async () => {
    const client = new TestOAuthClient(REDIRECT, { clientMetadataUrl: 'https://client.example/oauth/client.json' });
    const registered = (await t.sql.query(`SELECT count(*)::int AS n FROM oauth_clients WHERE kind = 'dcr'`)).rows[0].n;
    expect(await auth(client, { serverUrl: `${t.url}/mcp` })).toBe('REDIRECT');
    expect(client.authorizationUrl!.searchParams.get('client_id')).toBe('https://client.example/oauth/client.json');
    expect((await t.sql.query(`SELECT count(*)::int AS n FROM oauth_clients WHERE kind = 'dcr'`)).rows[0].n).toBe(registered);
  });

  it('signs in with a metadata-document client; the document is fetched once and kept for its cache time', async () => {
    const clientId = `${docs.base}/oauth/good.json`;
    docs.route('/oauth/good.json', json(document(clientId), { 'cache-control': 'max-age=600' }));
    const { apiKey, accountId } = await t.createAccount('cimd holder');

    const page = await open(clientId);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Document Client');
    expect(page.text).toContain(`identified by a document at <strong>${new URL(docs.base).host}</strong>`);

    const client = new TestOAuthClient(REDIRECT, { preRegistered: { client_id: clientId } });
    const { tokens } = await connect(`${t.url}/mcp`, client, apiKey);
    const me = await t.http().get('/api/v1/me').set('Authorization', `Bearer ${tokens.access_token}`);
    expect(me.body.account.id).toBe(accountId);
    expect(docs.hits.get('/oauth/good.json')).toBe(1);

    const { rows } = await t.sql.query(`SELECT kind, expires_at - fetched_at AS kept FROM oauth_clients WHERE id = $1`, [clientId]);
    expect(rows[0].kind).toBe('cimd');
    expect(rows[0].kept).toMatchObject({ minutes: 10 });
    // Once its cache time is over, the document is read again.
    await t.sql.query(`UPDATE oauth_clients SET expires_at = now() - interval '1 second' WHERE id = $1`, [clientId]);
    expect((await open(clientId)).status).toBe(200);
    expect(docs.hits.get('/oauth/good.json')).toBe(2);
  });

  it('refuses a document that names another client_id, is too large, redirects, is not JSON, or is missing', async () => {
    const cases: Array<[string, Handler, RegExp]> = [
      ['/oauth/other-id.json', json(document('https://other.example/client.json')), /own URL/],
      ['/oauth/large.json', json(document(`${docs.base}/oauth/large.json`, { client_uri: `https://x.example/${'a'.repeat(9000)}` })), /larger than/],
      ['/oauth/redirect.json', (_req, res) => res.writeHead(302, { location: `${docs.base}/oauth/good.json` }).end(), /HTTP 302/],
      ['/oauth/text.json', (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('hello'), /not JSON/],
      ['/oauth/secret.json', json(document(`${docs.base}/oauth/secret.json`, { client_secret: 'x' })), /secret/],
      ['/oauth/missing.json', (_req, res) => res.writeHead(404).end(), /HTTP 404/],
    ];
    for (const [path, handler, reason] of cases) {
      docs.route(path, handler);
      const res = await open(`${docs.base}${path}`);
      expect({ path, status: res.status, location: res.headers.location }).toEqual({ path, status: 400, location: undefined });
      expect({ path, error: res.body.error }).toEqual({ path, error: 'invalid_client' });
      expect(res.body.error_description).toMatch(reason);
    }
  });

  it('a redirect URI the document does not list is refused without a redirect', async () => {
    const clientId = `${docs.base}/oauth/elsewhere.json`;
    docs.route('/oauth/elsewhere.json', json(document(clientId, { redirect_uris: ['http://127.0.0.1:7778/callback'] })));
    const res = await open(clientId);
    expect(res.status).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });

  it('a host that refuses the connection is refused without the address it resolved to', async () => {
    const res = await open('http://localhost:1/oauth/closed.json');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'invalid_client',
      error_description: 'client metadata document http://localhost:1/oauth/closed.json: could not be reached',
    });
  });

  it('a document that does not answer in time is refused', async () => {
    docs.route('/oauth/slow.json', () => undefined);
    const res = await open(`${docs.base}/oauth/slow.json`);
    expect(res.status).toBe(400);
    expect(res.body.error_description).toMatch(/no answer within 5000 ms/);
  }, 20_000);
});

describe('CIMD under the production address rules (no private targets)', () => {
  let t: TestApp;
  let warn: jest.SpyInstance;
  beforeAll(async () => {
    t = await startTestApp({ atPublicUrl: true, env: { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '1000000' } });
  });
  beforeEach(() => {
    warn = jest.spyOn(Logger.prototype, 'warn');
  });
  afterEach(() => warn.mockRestore());
  afterAll(() => t?.close());

  const open = async (clientId: string) => {
    const url = await startAuthorization(t.url, { clientInformation: { client_id: clientId }, redirectUrl: REDIRECT, state: 's', resource: t.url });
    return t
      .http()
      .get(url.authorizationUrl.pathname + url.authorizationUrl.search)
      .redirects(0);
  };

  it.each([
    ['http://127.0.0.1:9/oauth/client.json', /must be https/],
    ['https://client.example/', /needs a path/],
  ])('refuses %s for its form, before any lookup', async (clientId, reason) => {
    const res = await open(clientId);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'invalid_client', error_description: expect.stringMatching(reason) });
  });

  // The caller is not signed in: a loopback answer and no answer at all must read the same, or the
  // errors map Scout's DNS. The precise reason is in the log line only.
  it.each([
    ['https://127.0.0.1:9/oauth/client.json', /loopback/],
    ['https://localhost/oauth/client.json', /localhost: 127\.0\.0\.1 is a loopback address/],
    ['https://169.254.169.254/latest/meta-data', /linkLocal/],
    ['https://10.0.0.1/client.json', /private/],
    ['https://no-such-host.invalid/client.json', /does not resolve/],
  ])('refuses %s before connecting, with the one message for every host refused', async (clientId, logged) => {
    const res = await open(clientId);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 400,
      body: { error: 'invalid_client', error_description: 'client_id must be an https URL on a public host' },
    });
    expect(warn).toHaveBeenCalledWith({ clientId, reason: expect.stringMatching(logged) }, 'client_id refused by the outbound address rules');
  });
});
