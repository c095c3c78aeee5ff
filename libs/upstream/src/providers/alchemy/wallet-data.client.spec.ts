import { HttpUpstreamSource } from '../../http-upstream-source';
import { ProgrammableUpstream, json, type RecordedHit } from '../../test/programmable-upstream';
import { UpstreamError } from '../../upstream.types';
import { TokenDataClient, rpcSourcePerNetwork, tokenDataRpcBaseUrl } from './token-data.client';
import { WalletDataClient, unitsToAmount } from './wallet-data.client';
import {
  AERO_BASE,
  PORTFOLIO_DOCS_EXAMPLE,
  PORTFOLIO_EXAMPLE,
  PORTFOLIO_LAST_PAGE,
  TRANSFERS_EXAMPLE,
  TX_COUNT_EXAMPLE,
  USDC_ETH,
  WALLET,
} from './wallet-data.fixture';

/** The wallet client over real sources (HTTP, key in the path) against a programmable Alchemy. */

const KEY = 'alchemy-key-0000000001';
const upstream = new ProgrammableUpstream();
let base: string;
const opened: HttpUpstreamSource[] = [];

function source(name: string, baseUrl: string): HttpUpstreamSource {
  const s = new HttpUpstreamSource({ name, baseUrl, keys: [KEY], keyPlacement: { kind: 'path' }, timeoutMs: 2_000, retries: 0 });
  opened.push(s);
  return s;
}

function clients(): { wallets: WalletDataClient; prices: TokenDataClient; networks: string[] } {
  const networks: string[] = [];
  const rpc = rpcSourcePerNetwork((network) => {
    networks.push(network);
    return source(`rpc:${network}:${opened.length}`, tokenDataRpcBaseUrl(network, `${base}/{network}/v2`));
  });
  const wallets = new WalletDataClient(source(`portfolio:${opened.length}`, `${base}/data/v1`), rpc);
  const prices = new TokenDataClient(source(`prices:${opened.length}`, `${base}/prices/v1`), rpc);
  return { wallets, prices, networks };
}

const bodyOf = (hit: RecordedHit) => JSON.parse(hit.body) as Record<string, any>;

beforeAll(async () => {
  base = await upstream.start();
});

beforeEach(() => upstream.reset((_req, res) => json(res, 404, { error: { message: 'not programmed' } })));

afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

afterAll(async () => {
  await upstream.stop();
});

describe('unitsToAmount', () => {
  it.each([
    [32126799033316001017n, 18, 32.126799033316],
    [1_000_000_000n, 6, 1000],
    [1n, 18, 1e-18],
    [0n, 9, 0],
    [12345n, 0, 12345],
  ])('%s over 10^%i is %f', (raw, decimals, amount) => {
    expect(unitsToAmount(raw, decimals)).toBeCloseTo(amount, 12);
  });
});

describe('WalletDataClient.tokensByWallet (POST /data/v1/{key}/assets/tokens/by-address)', () => {
  it('posts one address with its networks and the documented flags, the key in the path', async () => {
    upstream.reset((_req, res) => json(res, 200, PORTFOLIO_LAST_PAGE));
    const { wallets } = clients();
    await wallets.tokensByWallet(WALLET, ['ethereum', 'base', 'bsc', 'ethereum']);
    expect(upstream.hits[0].method).toBe('POST');
    expect(upstream.hits[0].url).toBe(`/data/v1/${KEY}/assets/tokens/by-address`);
    expect(bodyOf(upstream.hits[0])).toEqual({
      addresses: [{ address: WALLET.toLowerCase(), networks: ['eth-mainnet', 'base-mainnet', 'bnb-mainnet'] }],
      withMetadata: true,
      withPrices: true,
      includeNativeTokens: true,
    });
  });

  it('parses hex balances through their digits, fills the native coin, keeps an unpriced token and drops networks not asked', async () => {
    upstream.reset((_req, res) => json(res, 200, PORTFOLIO_EXAMPLE));
    const { wallets } = clients();
    const page = await wallets.tokensByWallet(WALLET, ['ethereum', 'base']);
    expect(page.pageKey).toBe('page-2-of-tokens');
    expect(page.tokens.map((t) => [t.chain, t.tokenAddress])).toEqual([
      ['ethereum', null],
      ['ethereum', USDC_ETH.toLowerCase()],
      ['base', AERO_BASE.toLowerCase()],
    ]);
    expect(page.tokens[0]).toEqual({
      chain: 'ethereum',
      tokenAddress: null,
      isNative: true,
      rawBalance: '32126799033316001017',
      decimals: 18,
      amount: Number('32.126799033316001017'),
      symbol: 'ETH',
      name: 'Ether',
      logo: null,
      priceUsd: 1970.69,
      priceUpdatedAt: '2026-10-02T06:00:00.000Z',
      error: null,
    });
    expect(page.tokens[1]).toMatchObject({ isNative: false, rawBalance: '1000000000', decimals: 6, amount: 1000, symbol: 'USDC', priceUsd: 0.9998 });
    expect(page.tokens[2]).toMatchObject({ amount: 100, symbol: 'AERO', priceUsd: null, priceUpdatedAt: null, error: 'Token not found' });
  });

  it("reads Alchemy's documented tokenPrices object ({network, address, prices, error}) as it reads a bare list", async () => {
    upstream.reset((_req, res) => json(res, 200, PORTFOLIO_DOCS_EXAMPLE));
    const { wallets } = clients();
    const page = await wallets.tokensByWallet(WALLET, ['ethereum', 'base']);
    expect(page.tokens[0]).toMatchObject({ symbol: 'USDC', amount: 1000, priceUsd: 0.9998, priceUpdatedAt: '2026-10-02T06:00:00.000Z', error: null });
    expect(page.tokens[1]).toMatchObject({ symbol: 'AERO', amount: 100, priceUsd: null, error: 'Token not found' });
  });

  it('passes the page key back, and follows pages until the last', async () => {
    upstream.reset((_req, res, hit) => json(res, 200, bodyOf(hit).pageKey ? PORTFOLIO_LAST_PAGE : PORTFOLIO_EXAMPLE));
    const { wallets } = clients();
    const all = await wallets.allTokensByWallet(WALLET, ['ethereum', 'base']);
    expect(all).toMatchObject({ complete: true });
    expect(all.tokens).toHaveLength(3);
    expect(upstream.hits.map((h) => bodyOf(h).pageKey)).toEqual([undefined, 'page-2-of-tokens']);
    upstream.reset((_req, res) => json(res, 200, PORTFOLIO_EXAMPLE));
    await expect(wallets.allTokensByWallet(WALLET, ['solana'], 2)).resolves.toMatchObject({ complete: false });
  });

  it('keeps a Solana wallet as given and reads it on solana-mainnet', async () => {
    upstream.reset((_req, res) => json(res, 200, PORTFOLIO_LAST_PAGE));
    const { wallets } = clients();
    const wallet = 'AGdtsMmphhymH5wYW3dWKSkAxpLYRrNDCTFAfuq8ii9v';
    await expect(wallets.tokensByWallet(wallet, ['solana'])).resolves.toEqual({ wallet, chains: ['solana'], tokens: [], pageKey: null });
    expect(bodyOf(upstream.hits[0]).addresses).toEqual([{ address: wallet, networks: ['solana-mainnet'] }]);
  });

  it('refuses no chain or more than five before calling', async () => {
    const { wallets } = clients();
    await expect(wallets.tokensByWallet(WALLET, [])).rejects.toBeInstanceOf(RangeError);
    await expect(wallets.tokensByWallet(WALLET, ['ethereum', 'base', 'bsc', 'monad', 'hyperliquid', 'brokerage'])).rejects.toBeInstanceOf(RangeError);
    expect(upstream.hits).toHaveLength(0);
  });

  it('reads the documented flat list (portfolio.yaml TokensResponse) as a last page', async () => {
    upstream.reset((_req, res) => json(res, 200, { data: PORTFOLIO_EXAMPLE.data.tokens }));
    const { wallets } = clients();
    const page = await wallets.tokensByWallet(WALLET, ['ethereum', 'base', 'solana']);
    expect(page.pageKey).toBeNull();
    expect(page.tokens.length).toBeGreaterThan(0);
  });

  it.each([
    ['a balance that is not an integer', { data: { tokens: [{ ...PORTFOLIO_EXAMPLE.data.tokens[1], tokenBalance: '1.5' }] } }],
    ['a balance as a JSON number', { data: { tokens: [{ ...PORTFOLIO_EXAMPLE.data.tokens[1], tokenBalance: 1000 }] } }],
    ['tokens not under data', { tokens: [] }],
  ])('refuses %s as malformed', async (_label, payload) => {
    upstream.reset((_req, res) => json(res, 200, payload));
    const { wallets } = clients();
    await expect(wallets.tokensByWallet(WALLET, ['ethereum'])).rejects.toMatchObject({ failure: 'malformed' });
  });
});

describe('WalletDataClient.assetTransfers (alchemy_getAssetTransfers)', () => {
  it('posts the documented params on the network source and reads both native and token transfers', async () => {
    upstream.reset((_req, res) => json(res, 200, TRANSFERS_EXAMPLE));
    const { wallets } = clients();
    const page = await wallets.assetTransfers({ chain: 'ethereum', toAddress: WALLET, categories: ['external', 'erc20'], order: 'desc', maxCount: 25 });
    expect(upstream.hits[0].url).toBe(`/eth-mainnet/v2/${KEY}`);
    expect(bodyOf(upstream.hits[0])).toEqual({
      jsonrpc: '2.0',
      id: 1,
      method: 'alchemy_getAssetTransfers',
      params: [
        {
          fromBlock: '0x0',
          toBlock: 'latest',
          toAddress: WALLET.toLowerCase(),
          category: ['external', 'erc20'],
          order: 'desc',
          withMetadata: true,
          excludeZeroValue: true,
          maxCount: '0x19',
        },
      ],
    });
    expect(page.pageKey).toBe(TRANSFERS_EXAMPLE.result.pageKey);
    expect(page.transfers[0]).toEqual({
      chain: 'ethereum',
      blockNumber: 0xb0eadc,
      hash: TRANSFERS_EXAMPLE.result.transfers[0].hash,
      uniqueId: TRANSFERS_EXAMPLE.result.transfers[0].uniqueId,
      category: 'external',
      from: '0xef4396d9ff8107086d215a1c9f8866c54795d7c7',
      to: WALLET.toLowerCase(),
      asset: 'ETH',
      tokenAddress: null,
      amount: 0.5,
      rawValue: '500000000000000000',
      decimals: 18,
      tokenId: null,
      timestamp: '2026-09-30T10:11:12.000Z',
    });
    expect(page.transfers[1]).toMatchObject({ category: 'erc20', tokenAddress: USDC_ETH.toLowerCase(), amount: 1500, decimals: 6, asset: 'USDC' });
  });

  it('sends the page key and fromAddress; leaves internal out where it is not indexed', async () => {
    upstream.reset((_req, res) => json(res, 200, { jsonrpc: '2.0', id: 1, result: { transfers: [] } }));
    const { wallets } = clients();
    const page = await wallets.assetTransfers({ chain: 'base', fromAddress: WALLET, categories: ['internal', 'erc20'], pageKey: 'next' });
    expect(page).toEqual({ transfers: [], pageKey: null, unsupportedCategories: ['internal'] });
    expect(bodyOf(upstream.hits[0]).params[0]).toMatchObject({
      fromAddress: WALLET.toLowerCase(),
      category: ['erc20'],
      pageKey: 'next',
      order: 'asc',
      maxCount: '0x3e8',
    });
    await expect(wallets.assetTransfers({ chain: 'base', fromAddress: WALLET, categories: ['internal'] })).resolves.toEqual({
      transfers: [],
      pageKey: null,
      unsupportedCategories: ['internal'],
    });
    expect(upstream.hits).toHaveLength(1);
  });

  it.each([
    ['a Solana chain', { chain: 'solana' as const, toAddress: WALLET, categories: ['erc20' as const] }],
    ['no address', { chain: 'ethereum' as const, categories: ['erc20' as const] }],
    ['no category', { chain: 'ethereum' as const, toAddress: WALLET, categories: [] }],
    ['maxCount over 1000', { chain: 'ethereum' as const, toAddress: WALLET, categories: ['erc20' as const], maxCount: 1001 }],
  ])('refuses %s before calling', async (_label, request) => {
    const { wallets } = clients();
    await expect(wallets.assetTransfers(request)).rejects.toBeInstanceOf(RangeError);
    expect(upstream.hits).toHaveLength(0);
  });

  it('turns a JSON-RPC error into an UpstreamError of that network, and refuses a malformed transfer', async () => {
    upstream.reset((_req, res) => json(res, 200, { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'invalid category' } }));
    const { wallets } = clients();
    const failure = wallets.assetTransfers({ chain: 'monad', toAddress: WALLET, categories: ['erc20'] });
    await expect(failure).rejects.toBeInstanceOf(UpstreamError);
    await expect(failure).rejects.toMatchObject({ failure: 'rejected', detail: expect.stringContaining('alchemy_getAssetTransfers on monad-mainnet') });
    const bad = { ...TRANSFERS_EXAMPLE, result: { transfers: [{ ...TRANSFERS_EXAMPLE.result.transfers[0], blockNum: 11600604 }] } };
    upstream.reset((_req, res) => json(res, 200, bad));
    await expect(wallets.assetTransfers({ chain: 'bsc', toAddress: WALLET, categories: ['erc20'] })).rejects.toMatchObject({ failure: 'malformed' });
  });
});

describe('WalletDataClient.transactionCount (eth_getTransactionCount)', () => {
  it('reads the nonce at the latest block as a number', async () => {
    upstream.reset((_req, res) => json(res, 200, TX_COUNT_EXAMPLE));
    const { wallets } = clients();
    await expect(wallets.transactionCount('hyperliquid', WALLET)).resolves.toBe(26);
    expect(upstream.hits[0].url).toBe(`/hyperliquid-mainnet/v2/${KEY}`);
    expect(bodyOf(upstream.hits[0])).toEqual({ jsonrpc: '2.0', id: 1, method: 'eth_getTransactionCount', params: [WALLET.toLowerCase(), 'latest'] });
  });

  it('refuses a Solana chain, and a count that is not hex', async () => {
    const { wallets } = clients();
    await expect(wallets.transactionCount('solana', WALLET)).rejects.toBeInstanceOf(RangeError);
    upstream.reset((_req, res) => json(res, 200, { jsonrpc: '2.0', id: 1, result: 26 }));
    await expect(wallets.transactionCount('base', WALLET)).rejects.toMatchObject({ failure: 'malformed' });
  });
});

describe('one JSON-RPC source per network, shared with TokenDataClient', () => {
  it('builds the network source once for both clients', async () => {
    upstream.reset((_req, res, hit) =>
      json(
        res,
        200,
        bodyOf(hit).method === 'alchemy_getTokenMetadata'
          ? { jsonrpc: '2.0', id: 1, result: { name: 'USD Coin', symbol: 'USDC', decimals: 6 } }
          : TX_COUNT_EXAMPLE,
      ),
    );
    const { wallets, prices, networks } = clients();
    await wallets.transactionCount('ethereum', WALLET);
    await prices.tokenMetadata('ethereum', USDC_ETH);
    await wallets.transactionCount('base', WALLET);
    expect(networks).toEqual(['eth-mainnet', 'base-mainnet']);
  });
});
