import { FIXTURES } from './market';
import { FaultControl } from './faults';
import { startSandbox, type RunningSandbox } from './server';
import { ALCHEMY_KEY, JUP_KEY, NOW } from './test/helpers';

type Json = Record<string, any>;

describe('fault injection, control API and counters (live server)', () => {
  let sb: RunningSandbox;
  const jup = (path: string, key = JUP_KEY, signal?: AbortSignal) => fetch(`${sb.url}/jupiter${path}`, { headers: { 'x-api-key': key }, signal });
  const llama = (path: string, signal?: AbortSignal) => fetch(`${sb.url}/defillama${path}`, { signal });
  const control = (method: string, path: string, body?: unknown) =>
    fetch(`${sb.url}/__control${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  beforeAll(async () => {
    sb = await startSandbox({ port: 0, seed: 42, now: () => NOW });
  });
  afterAll(async () => {
    await sb.close();
  });
  beforeEach(() => {
    sb.control.reset();
  });

  it('listens on a free port and exposes per-provider base URLs', async () => {
    expect(sb.port).toBeGreaterThan(0);
    expect(sb.url).toBe(`http://127.0.0.1:${sb.port}`);
    const res = await fetch(`${sb.urls.defillamaApi}/tvl/aave-v3`);
    expect(res.status).toBe(200);
    expect(typeof (await res.json())).toBe('number');
  });

  it('applies faults given at start (`faults` option), then lets a one-shot rule expire', async () => {
    const other = await startSandbox({ faults: [{ provider: 'jupiter', route: '/tokens/v2', status: 503, times: 1 }] });
    try {
      const a = await fetch(`${other.url}/jupiter/tokens/v2/search?query=SOL`, { headers: { 'x-api-key': JUP_KEY } });
      expect(a.status).toBe(503);
      expect(await a.json()).toEqual({ error: expect.any(String) });
      const b = await fetch(`${other.url}/jupiter/tokens/v2/search?query=SOL`, { headers: { 'x-api-key': JUP_KEY } });
      expect(b.status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('latencyMs delays the answer by at least that long', async () => {
    sb.control.add({ provider: 'defillama', route: '/api/v2/chains', latencyMs: 250, times: 1 });
    const t0 = performance.now();
    const slow = await llama('/api/v2/chains');
    const slowMs = performance.now() - t0;
    expect(slow.status).toBe(200);
    expect(Array.isArray(await slow.json())).toBe(true);
    expect(slowMs).toBeGreaterThanOrEqual(245);
    await (await llama('/api/v2/chains')).json();
    // Spent by the first answer: the second is not delayed.
    const [first, second] = sb.control.requests().recent.slice(-2);
    expect(first.faulted).toHaveLength(1);
    expect(second.faulted).toBeUndefined();
  });

  it('status answers that status with each provider’s error body', async () => {
    sb.control.add([
      { provider: 'defillama', route: '/coins', status: 502 },
      { provider: 'jupiter', status: 500, message: 'boom' },
      { provider: 'alchemy', status: 503 },
    ]);
    const d = await llama(`/coins/prices/current/coingecko:solana`);
    expect(d.status).toBe(502);
    expect(await d.json()).toEqual({ message: expect.any(String) });
    expect((await llama('/api/v2/chains')).status).toBe(200);
    const j = await jup(`/price/v3?ids=${FIXTURES.solMint}`);
    expect(j.status).toBe(500);
    expect(await j.json()).toEqual({ error: 'boom' });
    const a = await fetch(`${sb.url}/alchemy/prices/v1/${ALCHEMY_KEY}/tokens/by-symbol?symbols=ETH`);
    expect(a.status).toBe(503);
    expect(await a.json()).toEqual({ error: { message: expect.any(String) } });
    const rpc = await fetch(`${sb.url}/alchemy/eth-mainnet/v2/${ALCHEMY_KEY}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'eth_chainId', params: [] }),
    });
    expect(rpc.status).toBe(503);
    expect(await rpc.json()).toEqual({ jsonrpc: '2.0', id: 5, error: { code: expect.any(Number), message: expect.any(String) } });
  });

  it('malformed: truncated JSON, wrong shape, or HTML, all with status 200', async () => {
    sb.control.add({ provider: 'defillama', route: '/api/protocols', malformed: true, times: 1 });
    const t = await llama('/api/protocols');
    expect(t.status).toBe(200);
    expect(t.headers.get('content-type')).toMatch(/application\/json/);
    const text = await t.text();
    expect(() => JSON.parse(text)).toThrow();
    expect(text.length).toBeGreaterThan(10);

    sb.control.add({ provider: 'defillama', route: '/api/protocols', malformed: 'shape', times: 1 });
    const s = await llama('/api/protocols');
    expect(s.status).toBe(200);
    expect(Array.isArray(await s.json())).toBe(false);

    sb.control.add({ provider: 'defillama', route: '/api/tvl', malformed: 'truncated', times: 1 });
    const n = await llama('/api/tvl/aave-v3');
    const numText = await n.text();
    expect(() => JSON.parse(numText)).toThrow();

    sb.control.add({ provider: 'jupiter', malformed: 'html', times: 1 });
    const h = await jup(`/price/v3?ids=${FIXTURES.solMint}`);
    expect(h.status).toBe(200);
    expect(h.headers.get('content-type')).toMatch(/text\/html/);
    expect((await h.text()).startsWith('<!DOCTYPE html>')).toBe(true);
  });

  it('keyRefused: 401 for every key, in the provider’s auth error shape', async () => {
    sb.control.add([
      { provider: 'jupiter', keyRefused: true },
      { provider: 'alchemy', keyRefused: true },
    ]);
    const j = await jup(`/price/v3?ids=${FIXTURES.solMint}`);
    expect(j.status).toBe(401);
    expect(await j.json()).toEqual({ error: expect.any(String) });
    const a = await fetch(`${sb.url}/alchemy/prices/v1/${ALCHEMY_KEY}/tokens/by-symbol?symbols=ETH`);
    expect(a.status).toBe(401);
    expect(await a.json()).toEqual({ error: { message: expect.any(String) } });
  });

  it('rateLimited: 429 with Retry-After (and Jupiter rate-limit headers)', async () => {
    sb.control.add([
      { provider: 'jupiter', rateLimited: true, retryAfterSec: 7 },
      { provider: 'defillama', route: '/stablecoins', rateLimited: true },
    ]);
    const j = await jup(`/price/v3?ids=${FIXTURES.solMint}`);
    expect(j.status).toBe(429);
    expect(j.headers.get('retry-after')).toBe('7');
    expect(j.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(await j.json()).toEqual({ error: expect.any(String) });
    const d = await llama('/stablecoins/stablecoinchains');
    expect(d.status).toBe(429);
    expect(d.headers.get('retry-after')).toBe('1');
    expect(await d.json()).toEqual({ message: expect.any(String) });
  });

  it('timeout: the request is never answered (client gives up after 300 ms); other routes still work', async () => {
    sb.control.add({ provider: 'defillama', route: '/yields/pools', timeout: true });
    const t0 = performance.now();
    await expect(llama('/yields/pools', AbortSignal.timeout(300))).rejects.toThrow();
    expect(performance.now() - t0).toBeGreaterThanOrEqual(290);
    expect((await llama('/api/tvl/aave-v3')).status).toBe(200);
    sb.control.clear();
    expect((await llama('/yields/pools')).status).toBe(200);
  });

  it('latency before a timeout-free error, and times expiry', async () => {
    sb.control.add({ provider: 'jupiter', route: '/price', latencyMs: 120, status: 504, times: 2 });
    expect(sb.control.list()[0]).toMatchObject({ remaining: 2, hits: 0 });
    for (let i = 0; i < 2; i++) {
      const t0 = performance.now();
      const r = await jup(`/price/v3?ids=${FIXTURES.solMint}`);
      expect(r.status).toBe(504);
      expect(performance.now() - t0).toBeGreaterThanOrEqual(115);
    }
    expect(sb.control.list()).toEqual([]);
    expect((await jup(`/price/v3?ids=${FIXTURES.solMint}`)).status).toBe(200);
  });

  it("provider '*' and route '*' match everything; route matches by prefix", async () => {
    sb.control.add({ provider: '*', route: '*', status: 500, times: 3 });
    expect((await llama('/api/v2/chains')).status).toBe(500);
    expect((await jup(`/price/v3?ids=${FIXTURES.solMint}`)).status).toBe(500);
    expect((await fetch(`${sb.url}/alchemy/prices/v1/${ALCHEMY_KEY}/tokens/by-symbol?symbols=ETH`)).status).toBe(500);
    expect((await llama('/api/v2/chains')).status).toBe(200);
    // Alchemy routes are matched without the key segment.
    sb.control.add({ provider: 'alchemy', route: '/prices/v1/tokens/by-address', status: 502, times: 1 });
    const r = await fetch(`${sb.url}/alchemy/prices/v1/${ALCHEMY_KEY}/tokens/by-address`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ addresses: [{ network: 'eth-mainnet', address: FIXTURES.ethereumUsdc }] }),
    });
    expect(r.status).toBe(502);
  });

  it('control endpoint round-trip: add (object or array), list, delete one, clear; invalid rules → 400', async () => {
    const add1 = await control('POST', '/faults', { provider: 'defillama', route: '/api/protocols', status: 503 });
    expect(add1.status).toBe(201);
    const created = ((await add1.json()) as Json).faults as Json[];
    expect(created[0]).toMatchObject({ id: expect.any(String), provider: 'defillama', route: '/api/protocols', status: 503, remaining: null, hits: 0 });
    const add2 = await control('POST', '/faults', [
      { provider: 'jupiter', latencyMs: 10, times: 4 },
      { provider: 'alchemy', malformed: 'shape' },
    ]);
    expect(add2.status).toBe(201);
    expect((await llama('/api/protocols')).status).toBe(503);
    const listed = ((await (await control('GET', '/faults')).json()) as Json).faults as Json[];
    expect(listed).toHaveLength(3);
    expect(listed[0].hits).toBe(1);
    expect(listed[1]).toMatchObject({ provider: 'jupiter', remaining: 4 });
    expect((await control('DELETE', `/faults/${created[0].id}`)).status).toBe(200);
    expect((await llama('/api/protocols')).status).toBe(200);
    expect((await control('DELETE', '/faults')).status).toBe(200);
    expect(((await (await control('GET', '/faults')).json()) as Json).faults).toEqual([]);
    for (const bad of [
      { provider: 'nope', status: 500 },
      { provider: 'jupiter' },
      { provider: 'jupiter', status: 200 },
      { provider: 'jupiter', times: 0, status: 500 },
      { provider: 'jupiter', bogus: 1 },
    ]) {
      const r = await control('POST', '/faults', bad);
      expect(r.status).toBe(400);
      expect(((await r.json()) as Json).error).toEqual(expect.any(String));
    }
  });

  it('counts requests per provider and route; control calls are not counted; reset clears', async () => {
    await llama('/api/protocols');
    await llama('/api/protocols');
    await llama('/api/protocol/aave-v3');
    await jup(`/price/v3?ids=${FIXTURES.solMint}`);
    await jup('/price/v3', 'bad-key');
    await fetch(`${sb.url}/alchemy/prices/v1/${ALCHEMY_KEY}/tokens/by-symbol?symbols=ETH`);
    const body = (await (await control('GET', '/requests')).json()) as Json;
    expect(body.total).toBe(6);
    expect(body.byProvider).toEqual({ defillama: 3, jupiter: 2, alchemy: 1 });
    expect(body.byRoute['defillama /api/protocols']).toBe(2);
    expect(body.byRoute['alchemy /prices/v1/tokens/by-symbol']).toBe(1);
    expect(body.recent[body.recent.length - 1]).toMatchObject({ provider: 'alchemy', method: 'GET', route: '/prices/v1/tokens/by-symbol', status: 200 });
    expect(body.recent.find((r: Json) => r.query === 'ids=' + FIXTURES.solMint && r.provider === 'jupiter').status).toBe(200);
    expect(sb.control.count('defillama', '/api/protocol')).toBe(3);
    expect(sb.control.count('defillama', '/api/protocols')).toBe(2);
    expect(sb.control.count('jupiter')).toBe(2);
    expect(sb.control.count()).toBe(6);
    const filtered = (await (await fetch(`${sb.url}/__control/requests?provider=defillama&route=/api/protocols`)).json()) as Json;
    expect(filtered.count).toBe(2);
    expect((await control('POST', '/reset')).status).toBe(200);
    expect(sb.control.requests().total).toBe(0);
  });

  it('the clock can be pinned through the control API', async () => {
    const price = async () => ((await (await llama('/coins/prices/current/coingecko:solana')).json()) as Json).coins['coingecko:solana'].price as number;
    const base = await price();
    const pinned = await control('POST', '/clock', { now: NOW + 86_400_000 });
    expect(((await pinned.json()) as Json).now).toBe(NOW + 86_400_000);
    expect(await price()).not.toBe(base);
    await control('POST', '/clock', { now: null });
    expect(await price()).toBe(base);
    expect((await control('POST', '/clock', { now: 'soon' })).status).toBe(400);
  });

  it('FaultControl works in-process', () => {
    const fc = new FaultControl();
    const [rule] = fc.add({ provider: 'jupiter', route: 'price/v3', status: 500, times: 1 });
    expect(rule.route).toBe('/price/v3');
    expect(fc.decide('defillama', '/price/v3').effect.kind).toBe('none');
    expect(fc.decide('jupiter', '/swap/v1/quote').effect.kind).toBe('none');
    expect(fc.decide('jupiter', '/price/v3').effect).toEqual({ kind: 'status', status: 500, message: undefined });
    expect(fc.list()).toEqual([]);
    expect(() => fc.add({ provider: 'jupiter' })).toThrow();
  });

  it('close() returns even while a timed-out request holds its socket', async () => {
    const other = await startSandbox({ faults: [{ provider: '*', timeout: true }] });
    const pending = fetch(`${other.url}/defillama/api/v2/chains`).catch((e: unknown) => e);
    while (other.control.count('defillama') === 0) await new Promise((r) => setTimeout(r, 10));
    // A close() that waited for the held socket would never return (the test would time out).
    await other.close();
    expect(await pending).toHaveProperty('message', expect.stringMatching(/fetch failed|terminated|socket/i));
  });
});
