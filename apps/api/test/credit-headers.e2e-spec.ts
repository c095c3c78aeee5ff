import { connect } from 'node:net';
import { randomUUID } from 'node:crypto';
import { FIXTURE_TOOL_COSTS, FixtureToolsModule } from './support/fixture-tools';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * x-credits-cost (the tool's price) and x-credits-used (what this answer charged) beside
 * x-credits-remaining on every answer to a tool call with a valid key, so an agent reads the charge
 * without a second call: the cost on a charged 200, 0 on every error, on a free tool and on a replay.
 */

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
type Headers = Record<string, string | undefined>;

/** One HTTP/1.1 request written byte for byte, so it can hold what a client library would refuse to send. */
function rawRequest(url: string, text: string): Promise<{ status: number; headers: Headers; body: string }> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(text));
    let out = '';
    socket.on('data', (chunk) => (out += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head, body = ''] = out.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

describe('credit headers on tool answers (end to end)', () => {
  let t: TestApp;
  let apiKey: string;
  let accountId: string;

  beforeAll(async () => {
    t = await startTestApp({ modules: [FixtureToolsModule], toolCosts: FIXTURE_TOOL_COSTS });
    ({ apiKey, accountId } = await t.createAccount('headers'));
  });
  afterAll(() => t.close());

  /** The three headers, and the balance before and after the call. */
  const observe = async (send: () => Promise<{ status: number; headers: Headers }>) => {
    const before = await t.spendable(accountId);
    const res = await send();
    const after = await t.spendable(accountId);
    return {
      status: res.status,
      cost: res.headers['x-credits-cost'],
      used: res.headers['x-credits-used'],
      remaining: res.headers['x-credits-remaining'],
      moved: before - after,
      after,
    };
  };

  it('a charged answer: used is the cost, and the balance moved by it', async () => {
    const seen = await observe(() => t.http().post('/api/v1/tools/fixture_paid').set(bearer(apiKey)).send({}));
    expect(seen).toMatchObject({ status: 200, cost: '250', used: '250', moved: 250 });
    expect(Number(seen.remaining)).toBe(seen.after);
  });

  it.each([
    ['a 400 (bad input)', { limit: 0 }, 400],
    ['a 502 (the upstream failed)', { mode: 'upstream_error' }, 502],
    ['a 500 (the tool crashed)', { mode: 'crash' }, 500],
  ])('%s: used 0, the cost still stated, nothing moved', async (_name, body, status) => {
    const seen = await observe(() => t.http().post('/api/v1/tools/fixture_paid').set(bearer(apiKey)).send(body));
    expect(seen).toMatchObject({ status, cost: '250', used: '0', moved: 0 });
    expect(Number(seen.remaining)).toBe(seen.after);
  });

  it('a free tool: cost 0, used 0', async () => {
    const seen = await observe(() => t.http().get('/api/v1/tools/fixture_free').set(bearer(apiKey)));
    expect(seen).toMatchObject({ status: 200, cost: '0', used: '0', moved: 0 });
  });

  it('an Idempotency-Key replay: used 0, though the stored answer says what the first call spent', async () => {
    const key = randomUUID();
    const call = () => t.http().post('/api/v1/tools/fixture_paid').set(bearer(apiKey)).set('Idempotency-Key', key).send({ limit: 3 });
    expect(await observe(call)).toMatchObject({ status: 200, used: '250', moved: 250 });
    const replay = await observe(call);
    expect(replay).toMatchObject({ status: 200, cost: '250', used: '0', moved: 0 });
    expect(Number(replay.remaining)).toBe(replay.after);
  });

  it('out of credits (402): used 0', async () => {
    const poor = await t.createAccount('poor');
    await t.setBalance(poor.accountId, 100);
    const res = await t.http().post('/api/v1/tools/fixture_paid').set(bearer(poor.apiKey)).send({});
    expect(res.status).toBe(402);
    expect(res.headers).toMatchObject({ 'x-credits-cost': '250', 'x-credits-used': '0', 'x-credits-remaining': '100' });
  });

  it('a request Node refuses before Scout reads it (a control character in Idempotency-Key) still carries the credit headers', async () => {
    const before = await t.spendable(accountId);
    for (const bad of ['\x01', '\x1b', '\x7f']) {
      const res = await rawRequest(
        t.url,
        `GET /api/v1/tools/fixture_paid HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${apiKey}\r\nIdempotency-Key: "a${bad}b"\r\nConnection: close\r\n\r\n`,
      );
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body).error.code).toBe('invalid_request');
      expect(res.headers).toMatchObject({ 'x-credits-remaining': String(before), 'x-credits-cost': '250', 'x-credits-used': '0' });
    }
    // Off a tool route the balance is still told; a bad key, or none, learns nothing.
    const me = await rawRequest(t.url, `GET /api/v1/me HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${apiKey}\r\nX-Bad: a\x01b\r\n\r\n`);
    expect(me.headers['x-credits-remaining']).toBe(String(before));
    expect(me.headers['x-credits-cost']).toBeUndefined();
    for (const auth of ['Authorization: Bearer sc_notakey\r\n', '']) {
      const res = await rawRequest(t.url, `GET /api/v1/tools/fixture_paid HTTP/1.1\r\nHost: x\r\n${auth}Idempotency-Key: "a\x01b"\r\n\r\n`);
      expect(res.status).toBe(400);
      expect(Object.keys(res.headers).filter((h) => h.startsWith('x-credits'))).toEqual([]);
    }
    expect(await t.spendable(accountId)).toBe(before);
  });

  it('a keyless call carries none of them; a browser may read all three', async () => {
    const res = await t.http().get('/api/v1/tools/service_health').set('Origin', 'https://app.example.com');
    expect(res.status).toBe(200);
    expect(Object.keys(res.headers).filter((h) => h.startsWith('x-credits'))).toEqual([]);
    const exposed = String(res.headers['access-control-expose-headers']).split(',');
    expect(exposed).toEqual(expect.arrayContaining(['x-credits-remaining', 'x-credits-cost', 'x-credits-used']));
  });
});
