import { MAX_INPUT_DEPTH } from '@scout/core';
import { toolCallText } from './support/mcp-call';
import { rawRequest } from './support/raw-http';
import { jsonRpcAnswer, rawMcpText } from './support/mcp-client';
import { startTestApp, type TestApp } from './support/test-app';

const BODY_LIMIT_BYTES = 4096;

/**
 * /mcp refuses as JSON-RPC 2.0 says, and screens a tools/call's arguments as REST screens a body:
 * the bodies here are sent as raw text, as an outside client would, so a `__proto__` key reaches
 * the server as data and malformed JSON stays malformed.
 */
describe('MCP protocol errors and the input screen (/mcp)', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let accountId: string;

  beforeAll(async () => {
    t = await startTestApp({ env: { BODY_LIMIT_BYTES: String(BODY_LIMIT_BYTES) } });
    const account = await t.createAccount('mcp protocol');
    accountId = account.accountId;
    auth = { Authorization: `Bearer ${account.apiKey}` };
  });
  afterAll(() => t?.close());

  const post = async (text: string) => {
    const res = await rawMcpText(t, text, auth);
    return { status: res.status, answer: await jsonRpcAnswer(res) };
  };
  const ledgerRows = async () =>
    Number(
      (
        await t.sql.query(
          `SELECT (SELECT count(*) FROM credit_holds WHERE account_id = $1) + (SELECT count(*) FROM credit_entries WHERE account_id = $1 AND kind = 'usage') AS n`,
          [accountId],
        )
      ).rows[0].n,
    );

  describe('the input screen runs on the arguments as they arrived', () => {
    it.each([['__proto__'], ['constructor'], ['toString']])('a %s key: an isError 400 naming it, nothing charged', async (key) => {
      const before = await t.spendable(accountId);
      const { status, answer } = await post(toolCallText('service_stablecoins', `{"${key}":{"x":1}}`));
      expect(status).toBe(200);
      expect(answer.result.isError).toBe(true);
      expect(answer.result.structuredContent.error).toEqual({
        code: 'invalid_request',
        message: expect.any(String),
        issues: [{ path: key, message: `unknown field "${key}"` }],
      });
      expect(answer.result.structuredContent.credits).toEqual({ remaining: before });
      expect(await t.spendable(accountId)).toBe(before);
      expect(await ledgerRows()).toBe(0);
    });

    it('REST refuses the same body the same way', async () => {
      const res = await t.http().post('/api/v1/tools/service_stablecoins').set(auth).set('Content-Type', 'application/json').send('{"__proto__":{"x":1}}');
      expect(res.status).toBe(400);
      expect(res.body.error.issues).toEqual([{ path: '__proto__', message: 'unknown field "__proto__"' }]);
    });

    const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

    it(`arguments may nest ${MAX_INPUT_DEPTH} levels, as a REST body may; one more is refused for its depth`, async () => {
      const deepest = await post(toolCallText('service_stablecoins', nested(MAX_INPUT_DEPTH)));
      // Refused for the unknown field, not for its depth.
      expect(deepest.answer.result.structuredContent.error.issues).toEqual([{ path: 'a', message: expect.any(String) }]);
      const deeper = await post(toolCallText('service_stablecoins', nested(MAX_INPUT_DEPTH + 1)));
      expect(deeper.answer.result.isError).toBe(true);
      expect(deeper.answer.result.structuredContent.error.issues).toEqual([{ path: '', message: `nested deeper than ${MAX_INPUT_DEPTH} levels` }]);
      const rest = await t
        .http()
        .post('/api/v1/tools/service_stablecoins')
        .set(auth)
        .set('Content-Type', 'application/json')
        .send(nested(MAX_INPUT_DEPTH + 1));
      expect(rest.body.error.issues).toEqual(deeper.answer.result.structuredContent.error.issues);
    });

    it('arguments thousands of levels deep: refused for their depth, not an internal error', async () => {
      const levels = 6_000;
      const deep = `{"a":${'['.repeat(levels)}1${']'.repeat(levels)}}`;
      const res = await rawMcpText(t, toolCallText('service_stablecoins', deep), auth);
      const { result } = await jsonRpcAnswer(res);
      expect(result.structuredContent.error).toMatchObject({
        code: 'invalid_request',
        issues: [{ path: '', message: `nested deeper than ${MAX_INPUT_DEPTH} levels` }],
      });
      expect(await ledgerRows()).toBe(0);
    });

    it('arguments are held to BODY_LIMIT_BYTES, the envelope around them is not', async () => {
      const fits = `{"x":"${'a'.repeat(BODY_LIMIT_BYTES - 10)}"}`;
      const answered = await post(toolCallText('service_stablecoins', fits));
      expect(answered.answer.result.structuredContent.error.issues).toEqual([{ path: 'x', message: expect.any(String) }]);
      const tooLarge = await post(toolCallText('service_stablecoins', `{"x":"${'a'.repeat(BODY_LIMIT_BYTES)}"}`));
      expect(tooLarge.answer.result.structuredContent.error).toMatchObject({ code: 'invalid_request', issues: [{ path: '' }] });
      expect(await ledgerRows()).toBe(0);
    });
  });

  describe('JSON-RPC error codes', () => {
    const call = (params: string) => `{"jsonrpc":"2.0","id":7,"method":"tools/call"${params}}`;

    it.each([
      ['arguments 123', call(',"params":{"name":"service_token_prices","arguments":123}'), 'params.arguments'],
      ['arguments []', call(',"params":{"name":"service_token_prices","arguments":[]}'), 'params.arguments'],
      ['arguments null', call(',"params":{"name":"service_token_prices","arguments":null}'), 'params.arguments'],
      ['arguments "x"', call(',"params":{"name":"service_token_prices","arguments":"x"}'), 'params.arguments'],
      ['no params', call(''), 'params'],
      ['params 5', call(',"params":5'), 'params'],
      ['no name', call(',"params":{"arguments":{}}'), 'params.name'],
      ['a name that is not a string', call(',"params":{"name":5}'), 'params.name'],
    ])('%s: -32602 invalid params, naming the field, nothing charged', async (_label, text, path) => {
      const { status, answer } = await post(text);
      expect(status).toBe(400);
      expect(answer).toEqual({
        jsonrpc: '2.0',
        id: 7,
        error: {
          code: -32602,
          message: expect.any(String),
          data: { code: 'invalid_request', issues: [{ path, message: expect.any(String) }], credits: expect.any(Object) },
        },
      });
      expect(await ledgerRows()).toBe(0);
    });

    it('an unknown tool: -32602', async () => {
      const { answer } = await post(call(',"params":{"name":"service_nope","arguments":{}}'));
      expect(answer.error).toMatchObject({ code: -32602, data: { code: 'not_found', issues: [{ path: 'params.name' }] } });
    });

    it.each([
      ['"jsonrpc": "1.0"', '{"jsonrpc":"1.0","id":1,"method":"tools/list"}', 1],
      ['"id": null', '{"jsonrpc":"2.0","id":null,"method":"tools/list"}', null],
      ['an id that is an object', '{"jsonrpc":"2.0","id":{},"method":"tools/list"}', null],
      ['"_meta": "x"', '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":"x"}}', 1],
      ['a method that is not a string', '{"jsonrpc":"2.0","id":1,"method":5}', 1],
      ['no method, no result', '{"jsonrpc":"2.0","id":1}', 1],
      ['a JSON string', '"x"', null],
      ['a JSON number', '5', null],
      ['JSON null', 'null', null],
      ['a batch', '[{"jsonrpc":"2.0","id":1,"method":"tools/list"}]', null],
    ])('%s: -32600 invalid request', async (_label, text, id) => {
      const { status, answer } = await post(text);
      expect(status).toBe(400);
      expect(answer).toMatchObject({ jsonrpc: '2.0', id, error: { code: -32600, data: { code: 'invalid_request' } } });
    });

    it.each([
      ['malformed JSON', '{"jsonrpc":"2.0",'],
      ['a trailing comma', '{"jsonrpc":"2.0","id":1,"method":"tools/list",}'],
    ])('%s: -32700 parse error', async (_label, text) => {
      const { status, answer } = await post(text);
      expect(status).toBe(400);
      expect(answer).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700, data: { code: 'invalid_request' } } });
    });

    it('a body past the limit: -32600, as a JSON-RPC error', async () => {
      const { status, answer } = await post(toolCallText('service_stablecoins', `{"x":"${'a'.repeat(BODY_LIMIT_BYTES + 20 * 1024)}"}`));
      expect(status).toBe(400);
      expect(answer).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600, data: { code: 'invalid_request' } } });
    });

    it("headers over Node's 16 KB: a JSON-RPC error too, with the balance header", async () => {
      const res = await rawRequest(t.url, {
        method: 'POST',
        path: '/mcp',
        headers: { ...auth, 'Content-Type': 'application/json', 'X-Padding': 'a'.repeat(20_000) },
        body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32600, data: { code: 'invalid_request' } } });
      expect(res.headers['x-credits-remaining']).toBe(String(await t.spendable(accountId)));
    });

    it('the envelope nesting too deep: -32600', async () => {
      const meta = `${'{"a":'.repeat(MAX_INPUT_DEPTH)}1${'}'.repeat(MAX_INPUT_DEPTH)}`;
      const { answer } = await post(`{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{"_meta":${meta}}}`);
      expect(answer).toMatchObject({ id: 3, error: { code: -32600, data: { code: 'invalid_request' } } });
    });

    it('an unknown method: -32601', async () => {
      const { answer } = await post('{"jsonrpc":"2.0","id":4,"method":"resources/list"}');
      expect(answer).toMatchObject({ jsonrpc: '2.0', id: 4, error: { code: -32601 } });
    });

    it('wrong params for initialize: -32602, not an internal error', async () => {
      const { answer } = await post('{"jsonrpc":"2.0","id":5,"method":"initialize","params":{"protocolVersion":5}}');
      expect(answer).toMatchObject({ id: 5, error: { code: -32602, data: { code: 'invalid_request' } } });
      expect(answer.error.data.issues.length).toBeGreaterThan(0);
    });
  });
});
