import { ManualClock } from '../../../../test/manual-clock';
import { readFomo } from '../support/fomo-sandbox';
import { startTestApp, type TestApp } from '../support/test-app';
import { SANDBOX_NOW } from '../support/fixed-time';

/** service_fomo_theses_recent against the sandbox's /v2/thesis feed. */

const NOW = SANDBOX_NOW;
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
type Json = any;

describe('service_fomo_theses_recent (end to end against the sandbox)', () => {
  let t: TestApp;
  let key: string;
  let accountId: string;
  const call = (body: object) => t.http().post('/api/v1/tools/service_fomo_theses_recent').set(bearer(key)).send(body);

  beforeAll(async () => {
    t = await startTestApp({ sandbox: { now: () => NOW }, clock: new ManualClock(new Date(NOW)) });
    ({ apiKey: key, accountId } = await t.createAccount('theses recent'));
    await t.setBalance(accountId, 100_000);
  });
  afterAll(() => t.close());

  it("the newest theses across coins, in the provider's order, with author and the position's PnL; 1,250 credits", async () => {
    const before = await t.spendable(accountId);
    const res = await call({ limit: 20 });
    expect(res.status).toBe(200);
    const upstream = await readFomo(t, '/v2/thesis?sort=recent');
    const d = res.body.data;
    expect(d.theses.map((x: Json) => x.thesisId)).toEqual(upstream.theses.slice(0, 20).map((x: Json) => x.thesisId));
    expect(d.theses[0]).toMatchObject({
      handle: upstream.theses[0].handle,
      userId: upstream.theses[0].userId,
      text: upstream.theses[0].text,
      equity: upstream.theses[0].equity,
    });
    const times = d.theses.map((x: Json) => x.ts);
    expect([...times].sort().reverse()).toEqual(times);
    expect(d.summary.count).toBe(20);
    expect(await t.spendable(accountId)).toBe(before - 1250);
  });

  it('sort equity with minEquity keeps the theses backed by big positions, largest first; chain filters', async () => {
    const all = (await readFomo(t, '/v2/thesis?sort=equity')).theses as Json[];
    const floor = all[Math.min(10, all.length - 1)].equity;
    const d = (await call({ sort: 'equity', minEquity: floor, limit: 50 })).body.data;
    expect(d.theses.length).toBeGreaterThan(0);
    expect(d.theses.every((x: Json) => x.equity >= floor)).toBe(true);
    const eq = d.theses.map((x: Json) => x.equity);
    expect([...eq].sort((a: number, b: number) => b - a)).toEqual(eq);
    const base = (await call({ chain: 'base', limit: 10 })).body.data;
    expect(base.theses.every((x: Json) => x.chain === 'base')).toBe(true);
  });

  it.each([
    [{ limit: 0 }, 'limit'],
    [{ limit: 201 }, 'limit'],
    [{ sort: 'likes' }, 'sort'],
    [{ minEquity: -1 }, 'minEquity'],
    [{ chain: 'tron' }, 'chain'],
  ])('400 for %j, uncharged', async (body, field) => {
    const before = await t.spendable(accountId);
    const res = await call(body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.error)).toContain(field);
    expect(await t.spendable(accountId)).toBe(before);
  });

  it('the provider down: 502, uncharged', async () => {
    t.sandbox.control.add({ provider: 'fomo', route: '/v2/thesis', status: 503 });
    const before = await t.spendable(accountId);
    const res = await call({ sort: 'pnl' });
    t.sandbox.control.clear();
    expect(res.status).toBe(502);
    expect(await t.spendable(accountId)).toBe(before);
  });
});
