import { randomUUID } from 'node:crypto';
import { callToolOverMcp } from './support/mcp-call';
import { LogCapture } from './support/log-capture';
import { connect, TestOAuthClient } from './support/oauth-client';
import { randomKey, startTestApp, type TestApp } from './support/test-app';

/**
 * The request log line (issue 36): one line per request, when it ends, saying who called (account
 * id, credential kind), the tool, its channel, status, credits charged, upstream calls, cache and
 * duration, on REST and on MCP (the POST /mcp that carried a tools/call), JSON or pretty; and no
 * key or token anywhere in the logs.
 */
const ENV = { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '1000000', LOG_LEVEL: 'info' };
const REDIRECT = 'http://127.0.0.1:7791/callback';
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
const id = (what: string) => `log-${what}-${randomUUID().slice(0, 8)}`;

describe('the request log line (JSON)', () => {
  const logs = new LogCapture();
  let t: TestApp;
  let account: { accountId: string; apiKey: string };
  const secrets: string[] = [];

  beforeAll(async () => {
    logs.start();
    t = await startTestApp({ atPublicUrl: true, env: { ...ENV, LOG_FORMAT: 'json' } });
    account = await t.createAccount('logged account');
    secrets.push(t.adminKey, account.apiKey);
  });
  afterAll(async () => {
    await t?.close();
    logs.stop();
    // Checked last, over everything every test of this file logged.
    const text = logs.text();
    expect(text).toContain('request completed');
    for (const secret of secrets) {
      expect(text.includes(secret)).toBe(false);
      expect(text.includes(secret.replace(/^(sc_|sco_at_|sco_rt_)/, ''))).toBe(false);
    }
    expect(text).not.toMatch(/authorization|bearer /i);
  });

  it('a REST call: account, credential, tool, channel, status, credits, upstream calls, cache and duration', async () => {
    const first = id('rest-1');
    const second = id('rest-2');
    expect((await t.http().get('/api/v1/tools/service_chain_health').set(bearer(account.apiKey)).set('x-request-id', first)).status).toBe(200);
    expect((await t.http().get('/api/v1/tools/service_chain_health').set(bearer(account.apiKey)).set('x-request-id', second)).status).toBe(200);

    const fetched = await logs.requestLine(first);
    expect(fetched).toMatchObject({
      msg: 'request completed',
      requestId: first,
      req: { method: 'GET', path: '/api/v1/tools/service_chain_health' },
      res: { statusCode: 200 },
      accountId: account.accountId,
      credential: 'api_key',
      channel: 'rest',
      tool: 'service_chain_health',
      outcome: 'answered',
      credits: 250,
      cacheHit: false,
      upstreamCachedCalls: 0,
    });
    expect(fetched.upstreamCalls).toBeGreaterThan(0);
    expect(typeof fetched.durationMs).toBe('number');
    // Tracing is off here: no trace fields.
    expect(fetched.traceId).toBeUndefined();

    // The same answer again comes from Scout's cache: still charged, no upstream call.
    expect(await logs.requestLine(second)).toMatchObject({ credits: 250, cacheHit: true, upstreamCalls: 0, outcome: 'answered' });
  });

  it('a call that failed or never ran: what it charged (nothing) and why', async () => {
    const broke = await t.createAccount('logged broke account');
    secrets.push(broke.apiKey);
    await t.setBalance(broke.accountId, 0);
    const poor = id('402');
    const wrongKey = randomKey();
    secrets.push(wrongKey);
    const refused = id('401');
    const invalid = id('400');
    expect((await t.http().get('/api/v1/tools/service_chain_health').set(bearer(broke.apiKey)).set('x-request-id', poor)).status).toBe(402);
    expect((await t.http().get('/api/v1/tools/service_chain_health').set(bearer(wrongKey)).set('x-request-id', refused)).status).toBe(401);
    expect((await t.http().get('/api/v1/tools/service_token_yields?limit=0').set(bearer(account.apiKey)).set('x-request-id', invalid)).status).toBe(400);

    expect(await logs.requestLine(poor)).toMatchObject({
      res: { statusCode: 402 },
      accountId: broke.accountId,
      credential: 'api_key',
      channel: 'rest',
      tool: 'service_chain_health',
      outcome: 'failed',
      errorCode: 'out_of_credits',
      credits: 0,
    });
    // Refused before the call: no account, no credential it accepted, the tool it named.
    const unauthorized = await logs.requestLine(refused);
    expect(unauthorized).toMatchObject({ res: { statusCode: 401 }, credential: 'none', channel: 'rest', tool: 'service_chain_health' });
    expect(unauthorized.accountId).toBeUndefined();
    expect(unauthorized.credits).toBeUndefined();
    expect(await logs.requestLine(invalid)).toMatchObject({
      res: { statusCode: 400 },
      tool: 'service_token_yields',
      outcome: 'failed',
      errorCode: 'invalid_request',
      credits: 0,
    });
  });

  it('a call whose upstream failed: the upstream calls its handler made before it failed, charged nothing', async () => {
    const failed = id('502');
    t.sandbox.control.add({ provider: 'defillama', route: '/api/hacks', status: 503 });
    try {
      expect((await t.http().get('/api/v1/tools/service_defi_hacks').set(bearer(account.apiKey)).set('x-request-id', failed)).status).toBe(502);
    } finally {
      t.sandbox.control.clear();
    }
    const line = await logs.requestLine(failed);
    expect(line).toMatchObject({
      res: { statusCode: 502 },
      tool: 'service_defi_hacks',
      outcome: 'failed',
      errorCode: 'tool_error',
      credits: 0,
      cacheHit: false,
    });
    expect(line.upstreamCalls).toBeGreaterThan(0);
  });

  it('a request that is no tool call: who called, no tool fields', async () => {
    const me = id('me');
    expect((await t.http().get('/api/v1/me').set(bearer(account.apiKey)).set('x-request-id', me)).status).toBe(200);
    const line = await logs.requestLine(me);
    expect(line).toMatchObject({ res: { statusCode: 200 }, accountId: account.accountId, credential: 'api_key' });
    for (const field of ['channel', 'tool', 'credits', 'cacheHit', 'upstreamCalls']) expect(line[field]).toBeUndefined();
  });

  it('MCP: the POST /mcp line carries its tools/call, with the credential kind of an OAuth access token', async () => {
    const { tokens } = await connect(`${t.url}/mcp`, new TestOAuthClient(REDIRECT), account.apiKey);
    secrets.push(tokens.access_token, tokens.refresh_token!);
    const viaToken = id('mcp-oauth');
    const viaKey = id('mcp-key');
    const listed = id('mcp-list');
    const args = '{"symbol":"USDC","limit":2}';
    expect(
      (await callToolOverMcp(t.url, { credential: tokens.access_token, tool: 'service_token_yields', argumentsText: args, requestId: viaToken })).status,
    ).toBe(200);
    expect((await callToolOverMcp(t.url, { credential: account.apiKey, tool: 'service_token_yields', argumentsText: args, requestId: viaKey })).status).toBe(
      200,
    );
    const list = await fetch(`${t.url}/mcp`, {
      method: 'POST',
      headers: { ...bearer(account.apiKey), 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'x-request-id': listed },
      body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
    });
    expect(list.status).toBe(200);
    await list.text();

    const oauthLine = await logs.requestLine(viaToken);
    expect(oauthLine).toMatchObject({
      req: { method: 'POST', path: '/mcp' },
      res: { statusCode: 200 },
      accountId: account.accountId,
      credential: 'oauth',
      channel: 'mcp',
      tool: 'service_token_yields',
      outcome: 'answered',
      credits: 250,
    });
    expect(oauthLine.upstreamCalls).toBeGreaterThan(0);
    expect(await logs.requestLine(viaKey)).toMatchObject({ credential: 'api_key', channel: 'mcp', tool: 'service_token_yields', credits: 250, cacheHit: true });
    const listLine = await logs.requestLine(listed);
    expect(listLine).toMatchObject({ channel: 'mcp', credential: 'api_key' });
    expect(listLine.tool).toBeUndefined();
  });

  it("Nest's route table is not logged at info", () => {
    expect(logs.text()).not.toContain('Mapped {');
    expect(logs.text()).not.toContain('dependencies initialized');
  });
});

describe('the request log line (pretty)', () => {
  const logs = new LogCapture();
  let t: TestApp;

  beforeAll(async () => {
    logs.start();
    t = await startTestApp({ env: { ...ENV, LOG_FORMAT: 'pretty' } });
  });
  afterAll(async () => {
    await t?.close();
    logs.stop();
  });

  it('is one readable line per request, with the same facts and no key', async () => {
    const { accountId, apiKey } = await t.createAccount('pretty account');
    const call = id('pretty');
    expect((await t.http().get('/api/v1/tools/service_chain_health').set(bearer(apiKey)).set('x-request-id', call)).status).toBe(200);
    const [colored] = await logs.waitForLines(call, (found) => found.length > 0);
    // Colours only on a terminal (jest run in band in one): the words are what is checked.
    const line = colored.replace(/\u001b\[[0-9;]*m/g, '');
    expect(line).toMatch(
      new RegExp(
        `INFO.*GET /api/v1/tools/service_chain_health 200 \\d+ms tool=service_chain_health channel=rest credits=250 upstream=\\d+ cached=0 account=${accountId.slice(0, 8)}… auth=api_key req=${call}$`,
      ),
    );
    expect(logs.lines().filter((l) => l.includes(call))).toHaveLength(1);
    expect(logs.text()).not.toContain(apiKey.slice(3));
    expect(logs.text()).not.toContain(t.adminKey.slice(3));
    expect(logs.text()).not.toContain('{"level"');
  });
});
