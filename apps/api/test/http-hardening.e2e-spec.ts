import net from 'node:net';
import zlib from 'node:zlib';
import type { Response } from 'supertest';
import { FIXTURE_TOOL_COSTS, FixtureToolsModule } from './support/fixture-tools';
import { rawRequest } from './support/raw-http';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Hostile input and HTTP misuse on every route family (issue 9): each is a 4xx in the contract's
 * error shape, before any money moves, never a 5xx.
 */
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
const NO_RATE_LIMIT = { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '1000000' };
const HISTORY_RANGE = 'startTime=2026-11-20T00:00:00Z&endTime=2026-11-21T00:00:00Z';
const PROTOTYPE_KEYS = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'];

function nested(levels: number): unknown {
  let value: unknown = {};
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

function expectInvalid(res: Pick<Response, 'status' | 'body'>, path?: string): void {
  expect({ status: res.status, code: (res.body as { error?: { code?: string } }).error?.code }).toEqual({ status: 400, code: 'invalid_request' });
  const issues = (res.body as { error: { issues: Array<{ path: string; message: string }> } }).error.issues;
  expect(issues.length).toBeGreaterThan(0);
  if (path !== undefined) expect(issues.map((i) => i.path)).toContain(path);
}

/** Writes `text` to a raw socket in pieces of `size` bytes, each once the last was sent, and reads the answer. */
function trickle(port: number, text: string, size: number): Promise<{ status: number; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setNoDelay(true);
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head] = answer.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers });
    });
    const send = async () => {
      for (let i = 0; i < text.length && socket.writable; i += size) {
        await new Promise((sent) => socket.write(text.slice(i, i + size), sent));
        await new Promise((pause) => setTimeout(pause, 2));
      }
    };
    socket.on('connect', () => void send());
  });
}

describe('HTTP hardening', () => {
  let t: TestApp;
  let key: string;
  let accountId: string;

  beforeAll(async () => {
    t = await startTestApp({ modules: [FixtureToolsModule], toolCosts: FIXTURE_TOOL_COSTS, env: NO_RATE_LIMIT });
    ({ apiKey: key, accountId } = await t.createAccount('hardening'));
  });
  afterAll(() => t?.close());

  /** Runs the calls and asserts the account's spendable credits and usage entries did not move. */
  async function nothingCharged(calls: () => Promise<void>): Promise<void> {
    const [spendable, entries] = [await t.spendable(accountId), await t.usageEntryCount(accountId)];
    await calls();
    expect({ spendable: await t.spendable(accountId), entries: await t.usageEntryCount(accountId) }).toEqual({ spendable, entries });
  }

  /**
   * For calls refused only once the tool ran (the charge had started): the spendable balance is
   * where it was. Whether a voided charge leaves ledger rows is the ledger's business.
   */
  async function nothingNetCharged(calls: () => Promise<void>): Promise<void> {
    const spendable = await t.spendable(accountId);
    await calls();
    expect(await t.spendable(accountId)).toBe(spendable);
  }

  const tool = (name: string) => `/api/v1/tools/${name}`;

  describe('400 invalid_request: JSON bodies nested deeper than 32 levels', () => {
    it('on a tool, an admin route and a /me route, without a stack overflow', async () => {
      await nothingCharged(async () => {
        const deep = nested(2500);
        expectInvalid(await t.http().post(tool('service_chain_health')).set(bearer(key)).send({ chains: deep }), '');
        expectInvalid(
          await t
            .http()
            .post(tool('fixture_paid'))
            .set(bearer(key))
            .send({ chains: [deep] }),
          '',
        );
        expectInvalid(await t.http().post('/api/v1/admin/accounts').set(bearer(t.adminKey)).send({ name: deep }), '');
        expectInvalid(await t.http().post('/api/v1/me/keys').set(bearer(key)).send({ label: deep }), '');
      });
    });

    it("32 levels are read (and refused only by the tool's own rules); 33 are not", async () => {
      // The body object is level 1; nested(n) adds n + 1 levels.
      const res = await t
        .http()
        .post(tool('fixture_paid'))
        .set(bearer(key))
        .send({ chains: nested(30) });
      expectInvalid(res, 'chains');
      expect(res.body.error.message).not.toMatch(/deeper/);
      const deeper = await t
        .http()
        .post(tool('fixture_paid'))
        .set(bearer(key))
        .send({ chains: nested(31) });
      expectInvalid(deeper, '');
      expect(deeper.body.error.message).toBe('The request body nests deeper than 32 levels.');
    });
  });

  describe('400 invalid_request: prototype-named keys are unknown fields', () => {
    it.each(PROTOTYPE_KEYS)('%s in a query string and a JSON body of a paid tool', async (name) => {
      await nothingCharged(async () => {
        expectInvalid(
          await t
            .http()
            .get(`${tool('fixture_paid')}?${name}=1`)
            .set(bearer(key)),
          name,
        );
        const body = `{"limit":3,"${name}":{"x":1}}`;
        expectInvalid(await t.http().post(tool('fixture_paid')).set(bearer(key)).set('Content-Type', 'application/json').send(body), name);
      });
    });

    it('at any depth, and on admin and /me bodies', async () => {
      await nothingCharged(async () => {
        const inToken = '{"tokens":[{"chain":"base","address":"0x833589fcd6edb6e08f4c7c32d4f71b54bda02913","__proto__":{"polluted":1}}]}';
        const res = await t.http().post(tool('service_token_prices_multichain')).set(bearer(key)).set('Content-Type', 'application/json').send(inToken);
        expectInvalid(res, 'tokens.0.__proto__');
        expect(res.body.error.issues).toContainEqual({ path: 'tokens.0.__proto__', message: 'unknown field "__proto__"' });
        expectInvalid(await t.http().post('/api/v1/admin/accounts').set(bearer(t.adminKey)).send({ name: 'x', constructor: 'y' }), 'constructor');
        expectInvalid(await t.http().get('/api/v1/admin/accounts?valueOf=1').set(bearer(t.adminKey)), 'valueOf');
        expectInvalid(await t.http().post('/api/v1/me/keys').set(bearer(key)).send({ toString: 'x' }), 'toString');
      });
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });

  describe('400 invalid_request: control characters in string input', () => {
    it('NUL in service_protocol_report and service_price_confidence (charged and never refunded before)', async () => {
      await nothingCharged(async () => {
        expectInvalid(
          await t
            .http()
            .get(`${tool('service_protocol_report')}?protocol=a%00b`)
            .set(bearer(key)),
          'protocol',
        );
        expectInvalid(
          await t
            .http()
            .get(`${tool('service_price_confidence')}?tokens=coingecko:bitcoin&at=%00%00%00%00`)
            .set(bearer(key)),
          'at',
        );
      });
    });

    it.each(['%01', '%1F', '%7F', '%0A', '%09'])('%s in a query value, in a body string and in a list item', async (encoded) => {
      const char = decodeURIComponent(encoded);
      await nothingCharged(async () => {
        expectInvalid(
          await t
            .http()
            .get(`${tool('service_token_yields')}?symbol=US${encoded}DC`)
            .set(bearer(key)),
          'symbol',
        );
        expectInvalid(
          await t
            .http()
            .post(tool('service_token_yields'))
            .set(bearer(key))
            .send({ symbol: `US${char}DC` }),
          'symbol',
        );
        expectInvalid(
          await t
            .http()
            .post(tool('fixture_paid'))
            .set(bearer(key))
            .send({ chains: ['base', `x${char}`] }),
          'chains.1',
        );
      });
    });

    it('an admin reason may span lines (tabs and line breaks only)', async () => {
      const credits = (reason: string) =>
        t.http().post(`/api/v1/admin/accounts/${accountId}/credits`).set(bearer(t.adminKey)).send({ credits: 1, kind: 'grant', reason });
      expect((await credits('invoice 42\r\n\tsecond line')).status).toBe(201);
      expectInvalid(await credits('invoice 42\u0000'), 'reason');
      expectInvalid(await credits('invoice 42\u001b[31m'), 'reason');
    });

    it('on admin and /me routes: bodies, queries and field names', async () => {
      await nothingCharged(async () => {
        expectInvalid(await t.http().post('/api/v1/admin/accounts').set(bearer(t.adminKey)).send({ name: 'a\u0007b' }), 'name');
        expectInvalid(await t.http().get('/api/v1/admin/accounts?q=a%00').set(bearer(t.adminKey)), 'q');
        expectInvalid(await t.http().post('/api/v1/me/keys').set(bearer(key)).send({ label: 'line\nbreak' }), 'label');
        expectInvalid(await t.http().post(tool('fixture_paid')).set(bearer(key)).send({ 'li\u0000mit': 3 }));
      });
    });
  });

  describe('400 invalid_request: explicit null and wrong shapes that crashed handlers (500 before)', () => {
    it.each([
      ['service_chain_health', { chains: null }, 'chains'],
      ['service_price_confidence', { tokens: ['coingecko:bitcoin'], at: null }, 'at'],
      ['service_token_prices_multichain', { symbols: ['ETH'], tokens: [[]] }, 'tokens.0'],
      ['service_token_prices_multichain', { symbols: ['ETH'], tokens: null }, 'tokens'],
      ['service_token_yields', { symbol: null }, 'symbol'],
      ['fixture_paid', { chains: [null] }, 'chains.0'],
    ])('%s %j', async (name, body, path) => {
      await nothingCharged(async () => {
        const res = await t.http().post(tool(name)).set(bearer(key)).send(body);
        expectInvalid(res, path);
      });
    });

    it('null on admin and /me bodies', async () => {
      expectInvalid(await t.http().post('/api/v1/admin/accounts').set(bearer(t.adminKey)).send({ name: 'n', plan: null }), 'plan');
      expectInvalid(await t.http().post('/api/v1/me/keys').set(bearer(key)).send({ label: null }), 'label');
    });

    it('a bad moment or coin key in service_price_confidence is refused before the charge', async () => {
      await nothingCharged(async () => {
        expectInvalid(
          await t
            .http()
            .post(tool('service_price_confidence'))
            .set(bearer(key))
            .send({ tokens: ['coingecko:bitcoin'], at: 'soon' }),
          'at',
        );
        expectInvalid(
          await t
            .http()
            .post(tool('service_price_confidence'))
            .set(bearer(key))
            .send({ tokens: ['nocolon'] }),
          'tokens',
        );
      });
    });
  });

  describe('400 invalid_request: Content-Encoding', () => {
    const post = (encoding: string, body: Buffer | string, authorization = `Bearer ${key}`) =>
      rawRequest(t.url, {
        method: 'POST',
        path: tool('fixture_paid'),
        headers: { Authorization: authorization, 'Content-Type': 'application/json', 'Content-Encoding': encoding },
        body,
      });

    it('gzip on a body that is not gzip, and an unknown encoding (500 before)', async () => {
      await nothingCharged(async () => {
        const notGzip = await post('gzip', '{"limit":3}');
        expectInvalid(notGzip, '');
        expect(notGzip.headers['x-credits-remaining']).toBeDefined();
        expectInvalid(await post('deflate', 'plain text'), '');
        const unknown = await post('x-rot13', '{"limit":3}');
        expectInvalid(unknown, '');
        expect((unknown.body as { error: { message: string } }).error.message).toMatch(/Content-Encoding "x-rot13" is not supported/);
      });
    });

    it('a real gzip body is read (200, charged once)', async () => {
      const before = await t.spendable(accountId);
      const res = await post('gzip', zlib.gzipSync('{"limit":3}'));
      expect(res.status).toBe(200);
      expect((res.body as { data: { input: { limit: number } } }).data.input.limit).toBe(3);
      expect(await t.spendable(accountId)).toBe(before - FIXTURE_TOOL_COSTS.fixture_paid);
    });
  });

  describe('401 unauthorized: authentication comes before the body is read', () => {
    it.each([
      ['malformed JSON', 'application/json', '{"limit":'],
      ['an oversized body', 'application/json', JSON.stringify({ chains: ['x'.repeat(70_000)] })],
      ['an unsupported charset', 'application/json; charset=latin9', '{}'],
      ['a body nested too deep', 'application/json', JSON.stringify(nested(100))],
    ])('a bad key with %s gets 401, not 400', async (_what, type, body) => {
      const res = await t.http().post(tool('fixture_paid')).set(bearer('sc_not_a_real_key_000000000000')).set('Content-Type', type).send(body);
      expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: { error: { code: 'unauthorized', message: expect.any(String) } } });
    });

    it('a keyless call to an admin route with a malformed body gets 401', async () => {
      const res = await t.http().post('/api/v1/admin/accounts').set('Content-Type', 'application/json').send('{"name":');
      expect(res.status).toBe(401);
    });

    it('two Authorization headers (even two valid keys) get 401', async () => {
      const other = await t.createAccount('second key');
      await nothingCharged(async () => {
        for (const path of [tool('fixture_paid'), '/api/v1/me', tool('service_health')]) {
          const res = await rawRequest(t.url, { method: 'GET', path, headers: { Authorization: [`Bearer ${key}`, `Bearer ${other.apiKey}`] } });
          expect({ path, status: res.status, body: res.body }).toEqual({
            path,
            status: 401,
            body: { error: { code: 'unauthorized', message: 'Send exactly one Authorization header.' } },
          });
        }
      });
      expect(await t.usageEntryCount(other.accountId)).toBe(0);
    });

    it('access_token in the body is still refused, now after the key in the header was checked', async () => {
      await nothingCharged(async () => {
        const res = await t.http().post(tool('fixture_paid')).set(bearer(key)).send({ access_token: key });
        expect(res.status).toBe(401);
        expect(res.body.error.code).toBe('unauthorized');
      });
    });
  });

  describe("400 invalid_request: what Node's HTTP parser refuses (431 or an empty 400 before)", () => {
    it('a request line and headers over 16 KB, such as a long GET query', async () => {
      await nothingCharged(async () => {
        const res = await rawRequest(t.url, { method: 'GET', path: `${tool('fixture_paid')}?chains=${'x'.repeat(20_000)}`, headers: bearer(key) });
        expect({ status: res.status, body: res.body }).toEqual({
          status: 400,
          body: {
            error: {
              code: 'invalid_request',
              message: 'The request line and headers are larger than 16 KB: send long inputs as a POST JSON body.',
              issues: [{ path: '', message: 'request line and headers too large' }],
            },
          },
        });
      });
    });

    it.each([17_000, 20_000, 100_000, 300_000])('a %d-character request line with a valid key still carries the credit headers', async (length) => {
      await nothingCharged(async () => {
        const balance = await t.spendable(accountId);
        const res = await rawRequest(t.url, { method: 'GET', path: `${tool('fixture_paid')}?chains=${'x'.repeat(length)}`, headers: bearer(key) });
        expect(res.status).toBe(400);
        expect([res.headers['x-credits-remaining'], res.headers['x-credits-cost'], res.headers['x-credits-used']]).toEqual([
          String(balance),
          String(FIXTURE_TOOL_COSTS.fixture_paid),
          '0',
        ]);
      });
    });

    it('a request line sent in 1 KB pieces (as a network delivers it): the key read past the failing piece still gives the balance', async () => {
      const balance = await t.spendable(accountId);
      const request = `GET ${tool('fixture_paid')}?chains=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: scout\r\nAuthorization: Bearer ${key}\r\n\r\n`;
      const answer = await trickle(Number(new URL(t.url).port), request, 1000);
      expect(answer.status).toBe(400);
      // The piece that crossed 16 KB holds no start of the request line, so the tool (its cost) is unknown.
      expect([answer.headers['x-credits-remaining'], answer.headers['x-credits-cost']]).toEqual([String(balance), undefined]);
      expect(await t.spendable(accountId)).toBe(balance);
    });

    it('bytes that are not HTTP', async () => {
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(new URL(t.url).port), '127.0.0.1', () => socket.end('NOT HTTP AT ALL\r\n\r\n'));
        let text = '';
        socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
        error: { code: 'invalid_request', message: 'The request is not valid HTTP/1.1.', issues: [{ path: '', message: 'malformed HTTP request' }] },
      });
    });
  });

  describe("400 with the credits header: a keyed caller's body error goes through the exception filter", () => {
    it('malformed JSON and an oversized body carry x-credits-remaining and credits.remaining', async () => {
      const balance = await t.spendable(accountId);
      for (const body of ['{"limit":', JSON.stringify({ chains: ['x'.repeat(70_000)] })]) {
        const res = await t.http().post(tool('fixture_paid')).set(bearer(key)).set('Content-Type', 'application/json').send(body);
        expectInvalid(res, '');
        expect(res.headers['x-credits-remaining']).toBe(String(balance));
        expect(res.body.credits).toEqual({ remaining: balance });
      }
    });
  });

  describe('404 not_found: an entity the provider does not know, never charged', () => {
    it('service_price_history with an unknown ticker (502 tool_error before)', async () => {
      await nothingNetCharged(async () => {
        const res = await t
          .http()
          .get(`${tool('service_price_history')}?symbol=ZZZQQ&${HISTORY_RANGE}`)
          .set(bearer(key));
        expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 404, code: 'not_found' });
        expect(res.body.error.message).toMatch(/ZZZQQ/);
        expect(res.headers['x-credits-remaining']).toBe(String(await t.spendable(accountId)));
      });
    });

    it('service_protocol_report with a protocol DefiLlama does not list (400 before)', async () => {
      await nothingNetCharged(async () => {
        const res = await t
          .http()
          .get(`${tool('service_protocol_report')}?protocol=zzzqqq-nothing`)
          .set(bearer(key));
        expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 404, code: 'not_found' });
      });
    });
  });

  describe('405 method_not_allowed: only GET and POST run a tool', () => {
    it('HEAD on a paid tool runs nothing and charges nothing (it ran and charged before)', async () => {
      await nothingCharged(async () => {
        const res = await t
          .http()
          .head(`${tool('fixture_paid')}?limit=3`)
          .set(bearer(key));
        expect(res.status).toBe(405);
        expect(res.headers.allow).toBe('GET, POST');
      });
    });

    it.each(['PUT', 'PATCH', 'DELETE'])('%s answers 405 with Allow and the error shape', async (method) => {
      await nothingCharged(async () => {
        const res = await rawRequest(t.url, { method, path: tool('fixture_paid'), headers: bearer(key) });
        expect({ status: res.status, allow: res.headers.allow, body: res.body }).toEqual({
          status: 405,
          allow: 'GET, POST',
          body: {
            error: { code: 'method_not_allowed', message: `${method} is not answered here: use GET or POST.` },
            credits: { remaining: await t.spendable(accountId) },
          },
        });
      });
    });

    it('an unknown tool is still 404, and a bad key still 401', async () => {
      expect((await t.http().head(tool('no_such_tool')).set(bearer(key))).status).toBe(404);
      expect((await t.http().delete(tool('fixture_paid')).set(bearer('sc_not_a_real_key_000000000000'))).status).toBe(401);
    });
  });
});

describe('429 rate_limited: the IP limit comes before the body is read', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '2' } });
  });
  afterAll(() => t?.close());

  it('a keyless caller past its budget gets 429 for a malformed body, not 400', async () => {
    for (let i = 0; i < 2; i++) expect((await t.http().get('/api/v1/tools/service_health')).status).toBe(200);
    const res = await t.http().post('/api/v1/tools/service_health').set('Content-Type', 'application/json').send('{"oops":');
    expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 429, code: 'rate_limited' });
    expect(res.headers['retry-after']).toMatch(/^[1-9][0-9]*$/);
  });
});
