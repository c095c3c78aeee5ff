import express from 'express';
import request from 'supertest';
import { ALCHEMY_KEY, fixedSandbox, NOW } from '../../test/helpers';
import { RESOLVING_TRADER_INDICES } from '../fomo/credits';
import { alchemyRouter } from './router';
import { blockAt, toRawUnits } from './wallets';

type Json = Record<string, any>;

const portfolio = `/alchemy/data/v1/${ALCHEMY_KEY}/assets/tokens/by-address`;
const rpc = (network: string) => `/alchemy/${network}/v2/${ALCHEMY_KEY}`;
const NOBODY = '0x00000000000000000000000000000000000000aa';

describe('Alchemy stand-in: wallets', () => {
  const sb = fixedSandbox();
  const world = sb.fomo.world;
  /** A tracked trader holding tokens on at least two EVM chains at NOW. */
  const trader = world.population.traders.find(
    (u) =>
      !RESOLVING_TRADER_INDICES.includes(u.index) &&
      new Set(
        world
          .stats(u, NOW)
          .open.filter((f) => f.position.chain.evm)
          .map((f) => f.position.chain.slug),
      ).size >= 2,
  )!;
  const evmWallet = trader.wallets.evm;
  const call = (network: string, method: string, params: unknown[]) => request(sb.app).post(rpc(network)).send({ jsonrpc: '2.0', id: 7, method, params });

  afterEach(() => {
    sb.clockRef.t = NOW;
    sb.control.reset();
  });

  it('toRawUnits keeps every decimal digit of the amount', () => {
    expect(toRawUnits(1.5, 6)).toBe(1_500_000n);
    expect(toRawUnits(0.1, 18)).toBe(100000000000000006n);
    expect(toRawUnits(0, 18)).toBe(0n);
    expect(toRawUnits(2e21, 2)).toBe(200000000000000000000000n);
  });

  describe('POST /data/v1/{key}/assets/tokens/by-address', () => {
    it('answers the documented shape: data.tokens with hex base-unit balances, metadata and USD prices, data.pageKey', async () => {
      const res = await request(sb.app)
        .post(portfolio)
        .send({
          addresses: [
            {
              address: evmWallet.toUpperCase().replace('0X', '0x'),
              networks: ['eth-mainnet', 'base-mainnet', 'bnb-mainnet', 'monad-mainnet', 'hyperliquid-mainnet'],
            },
          ],
        });
      expect(res.status).toBe(200);
      expect(res.body.data.pageKey).toBeNull();
      const tokens = res.body.data.tokens as Json[];
      for (const tk of tokens) {
        expect(tk).toEqual({
          network: expect.stringMatching(/-mainnet$/),
          address: evmWallet.toLowerCase(),
          tokenAddress: expect.stringMatching(/^0x[0-9a-f]{40}$/),
          tokenBalance: expect.stringMatching(/^0x[0-9a-f]+$/),
          tokenMetadata: expect.objectContaining({ name: expect.any(String), symbol: expect.any(String), decimals: expect.any(Number) }),
          tokenPrices: { network: tk.network, address: tk.tokenAddress, prices: expect.any(Array), error: null },
        });
        expect(BigInt(tk.tokenBalance)).toBeGreaterThan(0n);
      }
      expect(tokens.length).toBeGreaterThan(0);
    });

    it('leaves metadata and prices out when asked, and answers an unknown wallet or a network with nothing empty', async () => {
      const bare = await request(sb.app)
        .post(portfolio)
        .send({ addresses: [{ address: evmWallet, networks: ['eth-mainnet', 'base-mainnet', 'bnb-mainnet'] }], withMetadata: false, withPrices: false });
      expect(bare.status).toBe(200);
      for (const tk of bare.body.data.tokens as Json[]) expect(Object.keys(tk).sort()).toEqual(['address', 'network', 'tokenAddress', 'tokenBalance']);
      const nobody = await request(sb.app)
        .post(portfolio)
        .send({
          addresses: [
            { address: NOBODY, networks: ['eth-mainnet', 'solana-mainnet'] },
            { address: trader.wallets.solana, networks: ['eth-mainnet'] },
          ],
        });
      expect(nobody.status).toBe(200);
      expect(nobody.body).toEqual({ data: { tokens: [], pageKey: null } });
    });

    it.each([
      ['no addresses', { addresses: [] }],
      ['three addresses', { addresses: [1, 2, 3].map(() => ({ address: NOBODY, networks: ['eth-mainnet'] })) }],
      [
        'six networks',
        {
          addresses: [
            { address: NOBODY, networks: ['eth-mainnet', 'base-mainnet', 'bnb-mainnet', 'monad-mainnet', 'hyperliquid-mainnet', 'robinhood-mainnet'] },
          ],
        },
      ],
      ['an unknown network', { addresses: [{ address: NOBODY, networks: ['nope-mainnet'] }] }],
      ['networks not a list', { addresses: [{ address: NOBODY, networks: 'eth-mainnet' }] }],
      ['a flag that is not a boolean', { addresses: [{ address: NOBODY, networks: ['eth-mainnet'] }], withPrices: 'yes' }],
      ['a page key it never gave', { addresses: [{ address: NOBODY, networks: ['eth-mainnet'] }], pageKey: 'nope' }],
    ])('refuses %s with 400 {error:{message}}', async (_label, body) => {
      const res = await request(sb.app).post(portfolio).send(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: { message: expect.any(String) } });
    });

    it('refuses an unknown key with 401, and counts the route without the key', async () => {
      const res = await request(sb.app)
        .post('/alchemy/data/v1/bad-key/assets/tokens/by-address')
        .send({ addresses: [{ address: NOBODY, networks: ['eth-mainnet'] }] });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: { message: expect.any(String) } });
      expect(sb.control.count('alchemy', '/data/v1/assets/tokens/by-address')).toBe(1);
    });

    it('pages by pageKey, and the pages add up to the whole answer', async () => {
      const app = express();
      app.use(express.json());
      app.use('/alchemy', alchemyRouter(sb.market, { keys: [ALCHEMY_KEY], traders: () => world, portfolioPageSize: 2 }));
      const networks = ['eth-mainnet', 'base-mainnet', 'bnb-mainnet', 'monad-mainnet', 'hyperliquid-mainnet'];
      const whole = await request(sb.app)
        .post(portfolio)
        .send({ addresses: [{ address: evmWallet, networks }] });
      const seen: Json[] = [];
      let pageKey: string | null | undefined;
      do {
        const res = await request(app)
          .post('/alchemy/data/v1/' + ALCHEMY_KEY + '/assets/tokens/by-address')
          .send({ addresses: [{ address: evmWallet, networks }], ...(pageKey ? { pageKey } : {}) });
        expect(res.status).toBe(200);
        expect(res.body.data.tokens.length).toBeLessThanOrEqual(2);
        seen.push(...res.body.data.tokens);
        pageKey = res.body.data.pageKey;
      } while (pageKey);
      expect(seen).toEqual(whole.body.data.tokens);
    });
  });

  describe('JSON-RPC wallet methods', () => {
    /** The network of the trader's largest EVM holding. */
    const heldNetwork = () => sb.market.chainByName(world.stats(trader, NOW).open.find((f) => f.position.chain.evm)!.position.chain.name)!.alchemyNetwork;

    it('alchemy_getAssetTransfers: both directions, the documented transfer shape, orders and pages', async () => {
      const network = heldNetwork();
      const inbound = await call(network, 'alchemy_getAssetTransfers', [{ toAddress: evmWallet, category: ['external', 'erc20'], withMetadata: true }]);
      expect(inbound.status).toBe(200);
      const transfers = inbound.body.result.transfers as Json[];
      expect(transfers.length).toBeGreaterThan(0);
      expect(inbound.body.result.pageKey).toBeUndefined();
      for (const x of transfers) {
        expect(x).toMatchObject({
          blockNum: expect.stringMatching(/^0x[0-9a-f]+$/),
          hash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
          to: evmWallet.toLowerCase(),
          from: expect.stringMatching(/^0x[0-9a-f]{40}$/),
          value: expect.any(Number),
          category: expect.stringMatching(/^(external|erc20)$/),
          rawContract: { value: expect.stringMatching(/^0x/), decimal: expect.stringMatching(/^0x/) },
          metadata: { blockTimestamp: expect.any(String) },
        });
        expect(Date.parse(x.metadata.blockTimestamp)).toBeLessThanOrEqual(NOW);
      }
      const blocks = transfers.map((x) => parseInt(x.blockNum, 16));
      expect(blocks).toEqual([...blocks].sort((a, b) => a - b));
      const desc = await call(network, 'alchemy_getAssetTransfers', [
        { toAddress: evmWallet, category: ['external', 'erc20'], order: 'desc', maxCount: '0x2' },
      ]);
      expect(desc.body.result.transfers.map((x: Json) => x.uniqueId)).toEqual(
        transfers
          .slice(-2)
          .reverse()
          .map((x) => x.uniqueId),
      );
      expect(desc.body.result.transfers[0].metadata).toBeUndefined();
      if (transfers.length > 2) {
        const next = await call(network, 'alchemy_getAssetTransfers', [
          { toAddress: evmWallet, category: ['external', 'erc20'], order: 'desc', maxCount: '0x2', pageKey: desc.body.result.pageKey },
        ]);
        expect(next.body.result.transfers.map((x: Json) => x.uniqueId)).toEqual(
          transfers
            .slice(-4, -2)
            .reverse()
            .map((x) => x.uniqueId),
        );
      }
      const outbound = await call(network, 'alchemy_getAssetTransfers', [{ fromAddress: evmWallet, category: ['erc20', 'external'] }]);
      expect((outbound.body.result.transfers as Json[]).every((x) => x.from === evmWallet.toLowerCase())).toBe(true);
      const earlier = await call(network, 'alchemy_getAssetTransfers', [
        { toAddress: evmWallet, category: ['external', 'erc20'], toBlock: `0x${blocks[0].toString(16)}` },
      ]);
      expect((earlier.body.result.transfers as Json[]).every((x) => parseInt(x.blockNum, 16) === blocks[0])).toBe(true);
    });

    it('eth_getTransactionCount: a hex nonce that counts sends up to the block asked, 0x0 for nobody', async () => {
      const network = heldNetwork();
      const latest = await call(network, 'eth_getTransactionCount', [evmWallet, 'latest']);
      expect(latest.body.result).toMatch(/^0x[0-9a-f]+$/);
      expect(parseInt(latest.body.result, 16)).toBeGreaterThan(0);
      const before = await call(network, 'eth_getTransactionCount', [evmWallet, `0x${blockAt(NOW - 30 * 86_400_000).toString(16)}`]);
      expect(parseInt(before.body.result, 16)).toBeLessThanOrEqual(parseInt(latest.body.result, 16));
      expect((await call(network, 'eth_getTransactionCount', [evmWallet, 'earliest'])).body.result).toBe('0x0');
      expect((await call('base-mainnet', 'eth_getTransactionCount', [NOBODY, 'latest'])).body).toEqual({ jsonrpc: '2.0', id: 7, result: '0x0' });
      const block = await call(network, 'eth_blockNumber', []);
      expect(parseInt(block.body.result, 16)).toBe(blockAt(NOW));
    });

    it('an unknown wallet has no transfers; bad params are JSON-RPC errors; Solana has neither method', async () => {
      const none = await call('eth-mainnet', 'alchemy_getAssetTransfers', [{ fromAddress: NOBODY, category: ['external', 'internal', 'erc20'] }]);
      expect(none.body).toEqual({ jsonrpc: '2.0', id: 7, result: { transfers: [] } });
      const bad = [
        [{ toAddress: NOBODY }],
        [{ toAddress: NOBODY, category: ['erc20', 'gifts'] }],
        [{ toAddress: 'nope', category: ['erc20'] }],
        [{ category: ['erc20'] }],
        [{ toAddress: NOBODY, category: ['erc20'], order: 'sideways' }],
        [{ toAddress: NOBODY, category: ['erc20'], maxCount: '0x3e9' }],
        [{ toAddress: NOBODY, category: ['erc20'], pageKey: 'nope' }],
        [{ toAddress: NOBODY, category: ['internal'] }],
      ];
      for (const params of bad) {
        const res = await call('base-mainnet', 'alchemy_getAssetTransfers', params);
        expect(res.body).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32602, message: expect.any(String) } });
      }
      expect((await call('base-mainnet', 'eth_getTransactionCount', ['0x12', 'latest'])).body.error.code).toBe(-32602);
      for (const method of ['alchemy_getAssetTransfers', 'eth_getTransactionCount']) {
        expect((await call('solana-mainnet', method, [trader.wallets.solana])).body.error.code).toBe(-32601);
      }
    });
  });
});
