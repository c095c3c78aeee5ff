import { NotFoundError } from '@scout/core';
import { HttpUpstreamSource } from '../../http-upstream-source';
import { ProgrammableUpstream, json } from '../../test/programmable-upstream';
import { UpstreamError } from '../../upstream.types';
import {
  DOC_USDC,
  DOC_WALLET,
  DOCS_BY_ADDRESS,
  DOCS_BY_SYMBOL,
  DOCS_ERROR,
  DOCS_HISTORICAL_BY_ADDRESS,
  DOCS_HISTORICAL_BY_SYMBOL,
  DOCS_METADATA_NULLS,
  DOCS_PORTFOLIO,
  DOCS_TRANSFER_NULLS,
  DOCS_TRANSFERS,
  RPC_ERROR,
  SDK_BY_ADDRESS,
  SDK_BY_SYMBOL,
  SDK_HISTORICAL_BY_ADDRESS,
  SDK_PORTFOLIO,
  SDK_WBTC,
  TX_COUNT,
} from './alchemy.documented';
import { TokenDataClient, rpcSourcePerNetwork, tokenDataRpcBaseUrl } from './token-data.client';
import { WalletDataClient } from './wallet-data.client';

/** Alchemy's documented answers (docs and SDK) through Scout's clients, over real HTTP. */

const upstream = new ProgrammableUpstream();
let base: string;
const opened: HttpUpstreamSource[] = [];

function clients(): { prices: TokenDataClient; wallets: WalletDataClient } {
  const source = (name: string, baseUrl: string) => {
    const s = new HttpUpstreamSource({ name, baseUrl, keys: ['alchemy-contract-key'], keyPlacement: { kind: 'path' }, timeoutMs: 2_000, retries: 0 });
    opened.push(s);
    return s;
  };
  const rpc = rpcSourcePerNetwork((network) => source(`rpc:${network}:${opened.length}`, tokenDataRpcBaseUrl(network, `${base}/{network}/v2`)));
  return {
    prices: new TokenDataClient(source(`prices:${opened.length}`, `${base}/prices/v1`), rpc),
    wallets: new WalletDataClient(source(`portfolio:${opened.length}`, `${base}/data/v1`), rpc),
  };
}

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => upstream.reset((_req, res) => json(res, status, body, headers));
const START = new Date('2024-01-01T00:00:00Z');
const END = new Date('2024-01-03T00:00:00Z');

beforeAll(async () => {
  base = await upstream.start();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});
afterAll(async () => {
  await upstream.stop();
});

describe('alchemy:/tokens/by-address', () => {
  it("reads the docs' shape: a priced item with error '' and a failed one with a string error", async () => {
    answer(200, DOCS_BY_ADDRESS);
    const out = await clients().prices.pricesByAddress([
      { chain: 'ethereum', address: DOC_USDC },
      { chain: 'ethereum', address: SDK_WBTC },
    ]);
    expect(out[0]).toMatchObject({ priceUsd: 0.9998, lastUpdatedAt: '2025-01-01T00:00:00.000Z', error: null });
    expect(out[1]).toMatchObject({ priceUsd: null, lastUpdatedAt: null, error: 'Token not found' });
  });

  it("reads the SDK's shape: error absent when priced, an {message} object when not", async () => {
    answer(200, SDK_BY_ADDRESS);
    const [wbtc] = await clients().prices.pricesByAddress([{ chain: 'ethereum', address: SDK_WBTC }]);
    expect(wbtc).toMatchObject({ priceUsd: 97012.55, error: null });
  });

  it('keeps a missing lastUpdatedAt as null', async () => {
    answer(200, { data: [{ network: 'eth-mainnet', address: DOC_USDC, prices: [{ currency: 'usd', value: '1' }] }] });
    const [usdc] = await clients().prices.pricesByAddress([{ chain: 'ethereum', address: DOC_USDC }]);
    expect(usdc).toMatchObject({ priceUsd: 1, lastUpdatedAt: null, error: null });
  });
});

describe('alchemy:/tokens/by-symbol', () => {
  it.each<[string, unknown, string[], Array<number | null>]>([
    ['docs', DOCS_BY_SYMBOL, ['ETH', 'BTC'], [3301.12, 97000.5]],
    ['SDK', SDK_BY_SYMBOL, ['AAVE', 'INVALID_SYMBOL'], [310.2, null]],
  ])("reads the %s' shape", async (_label, body, symbols, expected) => {
    answer(200, body);
    const out = await clients().prices.pricesBySymbol(symbols);
    expect(out.map((p) => p.priceUsd)).toEqual(expected);
    if (expected.includes(null)) expect(out[1].error).toBe('Token not found');
  });
});

describe('alchemy:/tokens/historical', () => {
  it("reads the docs' nested shape by symbol (marketCap and totalVolume pass) and by address", async () => {
    answer(200, DOCS_HISTORICAL_BY_SYMBOL);
    const bySymbol = await clients().prices.historical({ token: { symbol: 'ETH' }, startTime: START, endTime: END, interval: '1d' });
    expect(bySymbol.points).toEqual([
      { timestamp: '2024-01-01T00:00:00.000Z', value: 1900 },
      { timestamp: '2024-01-02T00:00:00.000Z', value: 1910.5 },
    ]);
    answer(200, DOCS_HISTORICAL_BY_ADDRESS);
    const byAddress = await clients().prices.historical({ token: { chain: 'ethereum', address: DOC_USDC }, startTime: START, endTime: END, interval: '1d' });
    expect(byAddress.points).toEqual([{ timestamp: '2024-01-01T00:00:00.000Z', value: 1.0001 }]);
  });

  it("reads the SDK's flat shape", async () => {
    answer(200, SDK_HISTORICAL_BY_ADDRESS);
    const series = await clients().prices.historical({
      token: { chain: 'ethereum', address: SDK_HISTORICAL_BY_ADDRESS.address },
      startTime: START,
      endTime: END,
      interval: '1d',
    });
    expect(series.points).toEqual([{ timestamp: '2024-01-01T00:00:00.000Z', value: 6.12 }]);
  });

  it("turns the documented 404 ErrorResponse into the caller's NotFoundError", async () => {
    answer(404, { error: { message: 'Token not found' } });
    await expect(clients().prices.historical({ token: { symbol: 'NOPE' }, startTime: START, endTime: END, interval: '1d' })).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });
});

describe('documented error bodies of the REST endpoints (400, 429)', () => {
  it.each([400, 429])('%i ErrorResponse is an UpstreamError carrying the status, never a price', async (status) => {
    answer(status, DOCS_ERROR);
    const { prices, wallets } = clients();
    const calls: Array<Promise<unknown>> = [
      prices.pricesBySymbol(['ETH']),
      prices.pricesByAddress([{ chain: 'ethereum', address: DOC_USDC }]),
      prices.historical({ token: { symbol: 'ETH' }, startTime: START, endTime: END, interval: '1d' }),
      wallets.tokensByWallet(DOC_WALLET, ['ethereum']),
    ];
    for (const call of calls) {
      const error = await call.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(UpstreamError);
      expect(error).toMatchObject({ upstreamStatus: status });
    }
  });
});

describe('alchemy:/assets/tokens/by-address', () => {
  it("reads the docs' flat list as a last page, with metadata and prices", async () => {
    answer(200, DOCS_PORTFOLIO);
    const page = await clients().wallets.tokensByWallet(DOC_WALLET, ['ethereum']);
    expect(page.pageKey).toBeNull();
    expect(page.tokens).toEqual([
      expect.objectContaining({
        tokenAddress: DOC_USDC,
        isNative: false,
        rawBalance: '1000000',
        amount: 1,
        symbol: 'USDC',
        logo: null,
        priceUsd: 1.0001,
        error: null,
      }),
    ]);
  });

  it("reads the SDK's shape: no tokenAddress (native when nothing names a token), no prices", async () => {
    answer(200, SDK_PORTFOLIO);
    const page = await clients().wallets.tokensByWallet(DOC_WALLET, ['ethereum']);
    expect(page.pageKey).toBe('next-page');
    expect(page.tokens[0]).toMatchObject({ tokenAddress: null, isNative: true, symbol: 'ETH', amount: 1, priceUsd: null });
    expect(page.tokens[1]).toMatchObject({ tokenAddress: null, isNative: false, symbol: 'USDC', amount: 2.5, priceUsd: null });
  });
});

describe('alchemy:alchemy_getAssetTransfers', () => {
  it('reads the documented example (no metadata, null tokenId, pageKey "")', async () => {
    answer(200, DOCS_TRANSFERS);
    const page = await clients().wallets.assetTransfers({ chain: 'ethereum', toAddress: DOC_WALLET, categories: ['external'] });
    expect(page.pageKey).toBeNull();
    expect(page.transfers[0]).toMatchObject({
      blockNumber: 0xb0eadc,
      amount: 0.5,
      rawValue: '500000000000000000',
      decimals: 18,
      tokenId: null,
      timestamp: null,
      asset: 'ETH',
    });
  });

  it('keeps the documented nulls as null and passes an unknown category on', async () => {
    answer(200, { jsonrpc: '2.0', id: 1, result: { transfers: [DOCS_TRANSFER_NULLS] } });
    const page = await clients().wallets.assetTransfers({ chain: 'ethereum', toAddress: DOC_WALLET, categories: ['erc721'] });
    expect(page.transfers[0]).toMatchObject({ to: null, amount: null, asset: null, rawValue: null, decimals: null, category: 'specialnft', tokenId: '0x01' });
  });
});

describe('alchemy:alchemy_getTokenMetadata and alchemy:eth_getTransactionCount', () => {
  it('reads every metadata field null as null, and a hex count', async () => {
    answer(200, DOCS_METADATA_NULLS);
    await expect(clients().prices.tokenMetadata('ethereum', DOC_USDC)).resolves.toEqual({ name: null, symbol: null, decimals: null, logo: null });
    answer(200, TX_COUNT);
    await expect(clients().wallets.transactionCount('ethereum', DOC_WALLET)).resolves.toBe(0);
  });
});

describe('the documented JSON-RPC error body', () => {
  it.each([200, 400, 401])('{jsonrpc, id, error:{code, message}} with HTTP %i is an UpstreamError on every RPC method', async (status) => {
    answer(status, RPC_ERROR);
    const { prices, wallets } = clients();
    const calls: Array<Promise<unknown>> = [
      prices.tokenMetadata('ethereum', DOC_USDC),
      wallets.assetTransfers({ chain: 'ethereum', fromAddress: DOC_WALLET, categories: ['erc20'] }),
      wallets.transactionCount('base', DOC_WALLET),
    ];
    for (const call of calls) {
      const error = await call.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(UpstreamError);
      if (status === 200) expect((error as UpstreamError).failure).toBe('rejected');
    }
  });
});
