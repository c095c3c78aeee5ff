import request from 'supertest';
import { FIXTURES } from '../../market';
import { ALCHEMY_KEY, fixedSandbox, NOW } from '../../test/helpers';

type Json = Record<string, any>;

describe('Alchemy stand-in', () => {
  const sb = fixedSandbox();
  const prices = `/alchemy/prices/v1/${ALCHEMY_KEY}/tokens`;

  it('unknown key → 401 with Alchemy error bodies (Prices API and JSON-RPC)', async () => {
    const p = await request(sb.app).get('/alchemy/prices/v1/bad-key/tokens/by-symbol?symbols=ETH');
    expect(p.status).toBe(401);
    expect(p.body).toEqual({ error: { message: expect.any(String) } });
    const rpc = await request(sb.app)
      .post('/alchemy/eth-mainnet/v2/bad-key')
      .send({ jsonrpc: '2.0', id: 3, method: 'alchemy_getTokenMetadata', params: [FIXTURES.ethereumUsdc] });
    expect(rpc.status).toBe(401);
    expect(rpc.body).toEqual({ jsonrpc: '2.0', id: 3, error: { code: expect.any(Number), message: expect.any(String) } });
  });

  it('by-symbol: {data:[{symbol, prices:[{currency, value, lastUpdatedAt}], error}]}, repeated or comma symbols', async () => {
    const res = await request(sb.app).get(`${prices}/by-symbol?symbols=ETH&symbols=BTC,SOL&symbols=NOPE`);
    expect(res.status).toBe(200);
    const data = res.body.data as Json[];
    expect(data.map((d) => d.symbol)).toEqual(['ETH', 'BTC', 'SOL', 'NOPE']);
    expect(data[0]).toEqual({
      symbol: 'ETH',
      prices: [{ currency: 'usd', value: expect.stringMatching(/^\d+(\.\d+)?$/), lastUpdatedAt: new Date(NOW).toISOString() }],
      error: null,
    });
    expect(data[3]).toEqual({ symbol: 'NOPE', prices: [], error: expect.any(String) });
    const many = Array.from({ length: 26 }, () => 'symbols=ETH').join('&');
    expect((await request(sb.app).get(`${prices}/by-symbol?${many}`)).status).toBe(400);
  });

  it('by-address: up to 25 addresses, unknown ones carry an error, case-insensitive EVM addresses', async () => {
    const res = await request(sb.app)
      .post(`${prices}/by-address`)
      .send({
        addresses: [
          { network: 'base-mainnet', address: FIXTURES.baseUsdc.toLowerCase() },
          { network: 'solana-mainnet', address: FIXTURES.bonkMint },
          { network: 'eth-mainnet', address: '0x0000000000000000000000000000000000000001' },
        ],
      });
    expect(res.status).toBe(200);
    const data = res.body.data as Json[];
    expect(data[0]).toEqual({
      network: 'base-mainnet',
      address: FIXTURES.baseUsdc.toLowerCase(),
      prices: [{ currency: 'usd', value: expect.any(String), lastUpdatedAt: expect.any(String) }],
      error: null,
    });
    expect(Number(data[1].prices[0].value)).toBeGreaterThan(0);
    expect(data[1].prices[0].value).not.toMatch(/e/);
    expect(data[2]).toEqual({ network: 'eth-mainnet', address: '0x0000000000000000000000000000000000000001', prices: [], error: expect.any(String) });
    const addresses = Array.from({ length: 26 }, () => ({ network: 'eth-mainnet', address: FIXTURES.ethereumUsdc }));
    const tooMany = await request(sb.app).post(`${prices}/by-address`).send({ addresses });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({ error: { message: expect.any(String) } });
    expect(
      (
        await request(sb.app)
          .post(`${prices}/by-address`)
          .send({ addresses: addresses.slice(0, 25) })
      ).status,
    ).toBe(200);
    const bad = await request(sb.app).post(`${prices}/by-address`).set('content-type', 'application/json').send('{not json');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: { message: expect.any(String) } });
  });

  it('historical: by symbol or by network+address, intervals and range limits', async () => {
    const bySymbol = await request(sb.app)
      .post(`${prices}/historical`)
      .send({ symbol: 'ETH', startTime: '2026-06-01T00:00:00Z', endTime: '2026-06-10T00:00:00Z', interval: '1d' });
    expect(bySymbol.status).toBe(200);
    expect(bySymbol.body.symbol).toBe('ETH');
    expect(bySymbol.body.currency).toBe('usd');
    expect(bySymbol.body.data).toHaveLength(10);
    expect(bySymbol.body.data[0]).toEqual({ value: expect.any(String), timestamp: '2026-06-01T00:00:00.000Z' });
    const startSec = Math.floor(NOW / 1000) - 3600;
    const byAddr = await request(sb.app)
      .post(`${prices}/historical`)
      .send({ network: 'base-mainnet', address: FIXTURES.baseUsdc, startTime: startSec, endTime: Math.floor(NOW / 1000) + 7200, interval: '5m' });
    expect(byAddr.status).toBe(200);
    expect(byAddr.body).toMatchObject({ network: 'base-mainnet', address: FIXTURES.baseUsdc, currency: 'usd' });
    // Clamped at now: points every 5 min up to now.
    expect(byAddr.body.data.length).toBeGreaterThanOrEqual(12);
    expect(Date.parse(byAddr.body.data[byAddr.body.data.length - 1].timestamp)).toBeLessThanOrEqual(NOW);
    expect(
      (
        await request(sb.app)
          .post(`${prices}/historical`)
          .send({ symbol: 'ETH', startTime: '2026-01-01T00:00:00Z', endTime: '2026-06-01T00:00:00Z', interval: '1h' })
      ).status,
    ).toBe(400);
    expect(
      (await request(sb.app).post(`${prices}/historical`).send({ symbol: 'NOPE', startTime: '2026-06-01T00:00:00Z', endTime: '2026-06-02T00:00:00Z' })).status,
    ).toBe(404);
  });

  it('JSON-RPC alchemy_getTokenMetadata, batches, bad params', async () => {
    const url = `/alchemy/base-mainnet/v2/${ALCHEMY_KEY}`;
    const one = await request(sb.app)
      .post(url)
      .send({ jsonrpc: '2.0', id: 1, method: 'alchemy_getTokenMetadata', params: [FIXTURES.baseUsdc] });
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ jsonrpc: '2.0', id: 1, result: { name: 'USD Coin', symbol: 'USDC', decimals: 6, logo: expect.any(String) } });
    const batch = await request(sb.app)
      .post(url)
      .send([
        { jsonrpc: '2.0', id: 'a', method: 'alchemy_getTokenMetadata', params: [FIXTURES.baseAero.toLowerCase()] },
        { jsonrpc: '2.0', id: 'b', method: 'alchemy_getTokenMetadata', params: ['0xnothex'] },
        { jsonrpc: '2.0', id: 'c', method: 'eth_chainId', params: [] },
      ]);
    expect(batch.body[0].result.symbol).toBe('AERO');
    expect(batch.body[1].error.code).toBe(-32602);
    expect(batch.body[2].result).toBe('0x2105');
    const unknown = await request(sb.app)
      .post(url)
      .send({ jsonrpc: '2.0', id: 9, method: 'alchemy_getTokenMetadata', params: ['0x0000000000000000000000000000000000000002'] });
    expect(unknown.body.result).toEqual({ name: null, symbol: null, decimals: null, logo: null });
    const scoutNetworks = ['solana-mainnet', 'eth-mainnet', 'base-mainnet', 'bnb-mainnet', 'monad-mainnet', 'hyperliquid-mainnet', 'robinhood-mainnet'];
    for (const n of scoutNetworks.slice(1)) {
      const tk = sb.market.tokens.find((t) => t.chain.alchemyNetwork === n)!;
      const r = await request(sb.app)
        .post(`/alchemy/${n}/v2/${ALCHEMY_KEY}`)
        .send({ jsonrpc: '2.0', id: 1, method: 'alchemy_getTokenMetadata', params: [tk.address] });
      expect(r.body.result.symbol).toBe(tk.symbol);
    }
  });
});
