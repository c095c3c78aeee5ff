import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { eventually } from './alerts/alert-support';
import { INITIALIZE, jsonOf, mcpClient, rawMcpPost, structured } from './support/mcp-client';
import { startTestApp, type TestApp } from './support/test-app';
import { WAITING_TOOL_COSTS, WaitingTool, WaitingToolModule } from './support/waiting-tool';

const PUBLIC_URL = 'https://scout.example.com';
const ALLOWED_ORIGIN = 'https://app.example.com';
/** An origin CORS_ORIGINS allows on REST: it has no say on /mcp. */
const REST_ONLY_ORIGIN = 'https://rest.example.com';
const CHALLENGE = `resource_metadata="${PUBLIC_URL}/.well-known/oauth-protected-resource/mcp", scope="tools"`;
const TOOLS_LIST = { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} };

/**
 * /mcp at the HTTP level (credential challenge, methods, Origin, protocol version) and the life of a
 * long call: progress while it runs, and a cancellation that stops it and voids its hold.
 */
describe('MCP transport (/mcp)', () => {
  let t: TestApp;
  const clients: Client[] = [];

  beforeAll(async () => {
    t = await startTestApp({
      modules: [WaitingToolModule],
      toolCosts: WAITING_TOOL_COSTS,
      env: { PUBLIC_URL, CORS_ORIGINS: REST_ONLY_ORIGIN, MCP_ALLOWED_ORIGINS: ALLOWED_ORIGIN, RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '1000000' },
    });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(() => t?.close());

  async function signedIn(name: string) {
    const account = await t.createAccount(name);
    const client = await mcpClient(t, account.apiKey);
    clients.push(client);
    return { ...account, client };
  }

  const holdsOf = async (accountId: string) =>
    (await t.sql.query(`SELECT state, amount::int AS amount FROM credit_holds WHERE account_id = $1 ORDER BY id`, [accountId])).rows as Array<{
      state: string;
      amount: number;
    }>;

  describe('401: every request needs a credential, and the answer says where to get one', () => {
    it.each([
      ['initialize', INITIALIZE],
      ['tools/list', TOOLS_LIST],
      ['service_health, keyless on REST', { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'service_health', arguments: {} } }],
    ])('%s without a credential: 401 with the WWW-Authenticate challenge', async (_label, body) => {
      const res = await rawMcpPost(t, body);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe(`Bearer ${CHALLENGE}`);
      // A JSON-RPC error object, with the contract's code in its data.
      const answer = await jsonOf(res);
      expect(answer).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000, data: { code: 'unauthorized' } } });
    });

    it('a refused credential: 401 with error="invalid_token"', async () => {
      const res = await rawMcpPost(t, INITIALIZE, { Authorization: 'Bearer sc_not_a_real_key_at_all_000000000000' });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe(`Bearer error="invalid_token", ${CHALLENGE}`);
    });

    it('the challenge is for /mcp only: a REST tool answers 401 without it', async () => {
      const res = await t.http().get('/api/v1/tools/service_account');
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toBeUndefined();
    });
  });

  describe('the HTTP surface with a credential', () => {
    let auth: Record<string, string>;
    beforeAll(async () => {
      const { apiKey } = await t.createAccount('mcp http');
      auth = { Authorization: `Bearer ${apiKey}` };
    });

    it('a request other than tools/call answers plain JSON', async () => {
      const res = await rawMcpPost(t, TOOLS_LIST, auth);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const body = await jsonOf(res);
      expect(body.result.tools.length).toBeGreaterThan(3);
    });

    it.each(['GET', 'DELETE'])('%s: 405 as a JSON-RPC error, Allow: POST', async (method) => {
      const res = await fetch(`${t.url}/mcp`, { method, headers: { ...auth, Accept: 'text/event-stream' } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect((await jsonOf(res)).error.data.code).toBe('method_not_allowed');
    });

    it.each([['https://evil.example.net'], ['null'], [REST_ONLY_ORIGIN]])('Origin %s: 403 forbidden, naming the setting', async (origin) => {
      const refused = await rawMcpPost(t, TOOLS_LIST, { ...auth, Origin: origin });
      expect(refused.status).toBe(403);
      const body = await jsonOf(refused);
      expect(body).toMatchObject({ jsonrpc: '2.0', id: 2, error: { code: -32000, data: { code: 'forbidden' } } });
      expect(body.error.message).toContain('MCP_ALLOWED_ORIGINS');
    });

    it("PUBLIC_URL's origin and MCP_ALLOWED_ORIGINS are served, and so is a client that sends no Origin", async () => {
      for (const origin of [PUBLIC_URL, ALLOWED_ORIGIN, undefined]) {
        const served = await rawMcpPost(t, TOOLS_LIST, { ...auth, ...(origin ? { Origin: origin } : {}) });
        expect({ origin, status: served.status }).toEqual({ origin, status: 200 });
      }
    });

    it("a browser preflight from an allowed origin may send MCP's headers and read the challenge; another origin gets no CORS headers", async () => {
      const preflight = (origin: string) =>
        fetch(`${t.url}/mcp`, {
          method: 'OPTIONS',
          headers: {
            Origin: origin,
            'Access-Control-Request-Method': 'POST',
            'Access-Control-Request-Headers': 'authorization,content-type,mcp-protocol-version',
          },
        });
      const allowed = await preflight(ALLOWED_ORIGIN);
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get('access-control-allow-origin')).toBe(ALLOWED_ORIGIN);
      expect(allowed.headers.get('access-control-allow-headers')).toContain('Mcp-Protocol-Version');
      const refused = await preflight('https://evil.example.net');
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
      const anonymous = await rawMcpPost(t, INITIALIZE, { Origin: ALLOWED_ORIGIN });
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get('access-control-expose-headers')).toContain('WWW-Authenticate');
    });

    it('an unknown MCP-Protocol-Version: 400; a supported one is served', async () => {
      const refused = await rawMcpPost(t, TOOLS_LIST, { ...auth, 'MCP-Protocol-Version': '1999-01-01' });
      expect(refused.status).toBe(400);
      const body = await jsonOf(refused);
      expect(body.error).toMatchObject({ code: -32600, data: { code: 'invalid_request' } });
      expect(body.error.message).toContain('2025-11-25');
      const served = await rawMcpPost(t, TOOLS_LIST, { ...auth, 'MCP-Protocol-Version': '2025-11-25' });
      expect(served.status).toBe(200);
    });

    it('a JSON-RPC batch: 400, invalid request', async () => {
      const res = await rawMcpPost(t, [TOOLS_LIST, { ...TOOLS_LIST, id: 3 }], auth);
      expect(res.status).toBe(400);
      expect((await jsonOf(res)).error).toMatchObject({ code: -32600, data: { code: 'invalid_request' } });
    });
  });

  describe('a long call', () => {
    it('reports progress while it runs when the request carries a progressToken, then answers and charges', async () => {
      const { client, accountId } = await signedIn('mcp progress');
      const progress: Progress[] = [];
      const call = client.callTool({ name: 'fixture_wait', arguments: { tag: 'progress-1' } }, undefined, {
        onprogress: (p) => progress.push(p),
        resetTimeoutOnProgress: true,
      });
      await eventually(async () => progress.length >= 2, 20_000, 'two progress notifications');
      expect(WaitingTool.release('progress-1')).toBe(true);
      const result = await call;
      expect(result.isError).toBeFalsy();
      expect(structured(result).data).toEqual({ tag: 'progress-1', aborted: false });
      expect(progress[1].progress).toBeGreaterThan(progress[0].progress);
      expect(progress[0].message).toContain('fixture_wait');
      expect(await holdsOf(accountId)).toEqual([{ state: 'posted', amount: 250 }]);
      expect(await t.usageEntryCount(accountId)).toBe(1);
    });

    it('notifications/cancelled aborts the running call (its handler sees the signal) and voids its hold', async () => {
      const { client, accountId } = await signedIn('mcp cancel');
      const before = await t.spendable(accountId);
      const abort = new AbortController();
      const call = client.callTool({ name: 'fixture_wait', arguments: { tag: 'cancel-1' } }, undefined, { signal: abort.signal });
      await eventually(async () => WaitingTool.running('cancel-1'), 15_000, 'the call to start');
      expect(await holdsOf(accountId)).toEqual([{ state: 'pending', amount: 250 }]);
      abort.abort('the user gave up');
      await expect(call).rejects.toThrow();
      await eventually(async () => (await holdsOf(accountId))[0].state === 'voided', 15_000, 'the hold to be voided');
      expect(WaitingTool.sawAbort('cancel-1')).toBe(true);
      expect(await t.usageEntryCount(accountId)).toBe(0);
      expect(await t.spendable(accountId)).toBe(before);
    });

    it('a client that goes away mid-call: the call is aborted and its hold voided', async () => {
      const { accountId, apiKey } = await t.createAccount('mcp gone');
      const gone = new AbortController();
      const call = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'fixture_wait', arguments: { tag: 'gone-1' } } };
      const res = await fetch(`${t.url}/mcp`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body: JSON.stringify(call),
        signal: gone.signal,
      });
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      await eventually(async () => WaitingTool.running('gone-1'), 15_000, 'the call to start');
      gone.abort();
      await eventually(async () => (await holdsOf(accountId))[0]?.state === 'voided', 15_000, 'the hold to be voided');
      expect(WaitingTool.sawAbort('gone-1')).toBe(true);
      expect(await t.usageEntryCount(accountId)).toBe(0);
    });

    it('a cancellation under another credential finds nothing to stop', async () => {
      const owner = await signedIn('mcp cancel owner');
      const other = await signedIn('mcp cancel other');
      const call = owner.client.callTool({ name: 'fixture_wait', arguments: { tag: 'cancel-2' } });
      await eventually(async () => WaitingTool.running('cancel-2'), 15_000, 'the call to start');
      // Every id the owner's client can have used so far (the SDK numbers requests from 0).
      for (const requestId of [0, 1, 2, 3]) {
        await other.client.notification({ method: 'notifications/cancelled', params: { requestId, reason: 'not yours' } });
      }
      const listed = await other.client.listTools();
      expect(listed.tools.length).toBeGreaterThan(3);
      expect(WaitingTool.sawAbort('cancel-2')).toBe(false);
      expect(WaitingTool.release('cancel-2')).toBe(true);
      expect((await call).isError).toBeFalsy();
      expect(await holdsOf(owner.accountId)).toEqual([{ state: 'posted', amount: 250 }]);
    });
  });
});
