import { callCharges } from '../../../../test/ledger-rows';
import { ManualClock } from '../../../../test/manual-clock';
import { readFomo } from '../support/fomo-sandbox';
import { startTestApp, type TestApp } from '../support/test-app';
import { SANDBOX_NOW } from '../support/fixed-time';

/**
 * Every trader tool at the edge of each bound (accepted) and one past it (400, nothing charged),
 * and each one's provider failing (502, its hold voided): one table, so a new trader tool gets
 * the same checks by adding a row.
 */

const NOW = SANDBOX_NOW;
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
type Json = any;

describe('trader tools: bounds and provider failures (end to end against the sandbox)', () => {
  let t: TestApp;
  let key: string;
  let accountId: string;
  let trader: string;
  let tradeId: string;

  beforeAll(async () => {
    // No retries: a failing route answers 502 at once, and the breaker stays closed for the next row.
    t = await startTestApp({ sandbox: { now: () => NOW }, clock: new ManualClock(new Date(NOW)), env: { UPSTREAM_RETRIES: '0' } });
    ({ apiKey: key, accountId } = await t.createAccount('trader bounds'));
    await t.setBalance(accountId, 1_000_000);
    const board = await readFomo(t, '/v2/leaderboard/7d?limit=150');
    trader = board.traders[0].userId;
    const spotlight = await readFomo(t, `/v2/users/${trader}/spotlight`);
    tradeId = spotlight.bestTrades[0].tradeId;
  });
  afterAll(() => t.close());

  const post = (tool: string, body: object) => t.http().post(`/api/v1/tools/${tool}`).set(bearer(key)).send(body);

  /** tool, a valid input, the field, its top value, one past it. */
  const BOUNDS: Array<[string, () => object, string, unknown, unknown]> = [
    ['service_fomo_leaderboard', () => ({ window: '30d' }), 'limit', 150, 151],
    ['service_fomo_search', () => ({ q: 'a' }), 'limit', 100, 101],
    ['service_fomo_search', () => ({}), 'q', 'x'.repeat(100), 'x'.repeat(101)],
    ['service_fomo_trader_balances', () => ({ trader }), 'limit', 200, 201],
    ['service_fomo_trader_positions', () => ({ trader }), 'limit', 200, 201],
    ['service_fomo_trader_swaps', () => ({ trader }), 'limit', 100, 101],
    ['service_fomo_trader_following', () => ({ trader }), 'limit', 300, 301],
    ['service_fomo_trader_followers', () => ({ trader }), 'limit', 200, 201],
    ['service_fomo_trader_report', () => ({ trader }), 'closedSample', 200, 201],
    ['service_fomo_trader_report', () => ({ trader }), 'closedSample', 10, 9],
    ['service_fomo_trade_comments', () => ({ tradeId }), 'limit', 200, 201],
    ['service_fomo_theses_by_trader', () => ({ trader }), 'limit', 200, 201],
  ];

  it.each(BOUNDS)('%s: %s accepts its edge, refuses one past it uncharged', async (tool, base, field, edge, past) => {
    const edgeAnswer = await post(tool, { ...base(), [field]: edge });
    expect({ status: edgeAnswer.status, error: edgeAnswer.body.error }).toEqual({ status: 200, error: undefined });
    const before = await t.spendable(accountId);
    const pastAnswer = await post(tool, { ...base(), [field]: past });
    expect(pastAnswer.status).toBe(400);
    expect(pastAnswer.body.error.issues.map((i: Json) => i.path)).toContain(field);
    expect(await t.spendable(accountId)).toBe(before);
  });

  /** tool, its input, the provider route to fail. */
  const FAILURES: Array<[string, () => object, () => string]> = [
    ['service_fomo_trader_balances', () => ({ trader }), () => `/v2/users/${trader}/balances`],
    ['service_fomo_trader_positions', () => ({ trader }), () => `/v2/users/${trader}/positions`],
    ['service_fomo_trader_swaps', () => ({ trader }), () => `/v2/users/${trader}/swaps`],
    ['service_fomo_trader_following', () => ({ trader }), () => `/v2/users/${trader}/following`],
    ['service_fomo_trader_followers', () => ({ trader }), () => `/v2/users/${trader}/followers`],
    ['service_fomo_trader_spotlight', () => ({ trader }), () => `/v2/users/${trader}/spotlight`],
    ['service_fomo_resolve_trader', () => ({ trader }), () => `/v2/users/id/${trader}`],
    ['service_fomo_trade_comments', () => ({ tradeId }), () => `/v2/trades/${tradeId}/comments`],
    ['service_fomo_search', () => ({ q: 'zz-no-cache' }), () => '/v2/search'],
  ];

  it.each(FAILURES)('%s: the provider failing is a 502 with details, its hold voided, nothing charged', async (tool, input, route) => {
    await post('service_usage', { clearCache: true });
    t.sandbox.control.add({ provider: 'fomo', route: route(), status: 500 });
    try {
      const before = await t.spendable(accountId);
      const res = await post(tool, input());
      expect(res.status).toBe(502);
      expect(res.body.error).toMatchObject({ code: 'tool_error', details: expect.any(String) });
      expect(await t.spendable(accountId)).toBe(before);
      expect((await callCharges(t.sql, accountId, res.headers['x-request-id'])).map((c) => c.hold)).toEqual(['voided']);
    } finally {
      t.sandbox.control.clear();
    }
  });
});

describe('trader tools: a text input with nothing to look up is a 400 (found by the fuzz test)', () => {
  let t: TestApp;
  let key: string;
  let accountId: string;
  beforeAll(async () => {
    t = await startTestApp();
    ({ apiKey: key, accountId } = await t.createAccount('blank inputs'));
  });
  afterAll(() => t.close());

  it.each([
    ['service_fomo_trader_followers', { trader: ' ' }, 'trader'],
    ['service_fomo_trader_report', { trader: '@' }, 'trader'],
    ['service_fomo_resolve_trader', { trader: '  @ ' }, 'trader'],
    ['service_fomo_search', { q: '   ' }, 'q'],
    ['service_fomo_trade_comments', { tradeId: ' ' }, 'tradeId'],
    ['service_fomo_trade_detail', { tradeId: ' ' }, 'tradeId'],
    ['service_fomo_compare_traders', { traders: ['a', ' '] }, 'traders'],
    ['service_fomo_trader_swaps', { trader: 'a', tokenAddress: ' '.repeat(30) }, 'tokenAddress'],
  ])('%s %j', async (tool, body, field) => {
    const before = await t.spendable(accountId);
    const res = await t
      .http()
      .post(`/api/v1/tools/${tool}`)
      .set({ Authorization: `Bearer ${key}` })
      .send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.issues.map((i: { path: string }) => i.path.split('.')[0])).toContain(field);
    expect(await t.spendable(accountId)).toBe(before);
  });
});

describe('a lone UTF-16 surrogate in any input is a 400, never a 500 (found by the fuzz test)', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await startTestApp();
    ({ apiKey: key } = await t.createAccount('surrogates'));
  });
  afterAll(() => t.close());

  it.each([
    ['service_fomo_resolve_trader', { trader: '\ud800' }, 'trader'],
    ['service_fomo_search', { q: 'x\udc00' }, 'q'],
    ['service_protocol_report', { protocol: 'aa\ud83d' }, 'protocol'],
  ])('%s %j', async (tool, body, field) => {
    const res = await t
      .http()
      .post(`/api/v1/tools/${tool}`)
      .set({ Authorization: `Bearer ${key}` })
      .send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.issues).toEqual([expect.objectContaining({ path: field, message: expect.stringMatching(/valid Unicode/) })]);
  });
});
