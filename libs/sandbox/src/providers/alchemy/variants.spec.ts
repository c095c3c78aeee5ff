import {
  alchemyProbes,
  assetTransfersRpcResponseSchema,
  historicalPricesResponseSchema,
  portfolioTokensResponseSchema,
  tokenMetadataRpcResponseSchema,
  tokenPricesResponseSchema,
} from '@scout/upstream';
import { fixedVariantContext, probeFailures, withVariantSandbox } from '../../test/variants';
import { alchemyVariants } from './variants';

const ctxFor = (route: string, pickIndex: number, method = 'POST') => fixedVariantContext('alchemy', route, pickIndex, method);

const PRICE = { currency: 'usd', value: '2460.71', lastUpdatedAt: '2026-10-02T06:02:03Z' };
const BY_SYMBOL = () => ({
  data: [
    { symbol: 'ETH', prices: [{ ...PRICE }], error: null },
    { symbol: 'NOPE', prices: [], error: 'Token not found' },
  ],
});
const HISTORICAL = () => ({ symbol: 'ETH', currency: 'usd', data: [{ value: '2412.5', timestamp: '2026-09-01T00:00:00Z' }] });
const PORTFOLIO = (pageKey: string | null) => ({
  data: {
    tokens: [
      {
        network: 'eth-mainnet',
        address: '0xd8da6bf26964af9d7eed9e03e53415d37aa96045',
        tokenAddress: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
        tokenBalance: '0xf4240',
        tokenMetadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6, logo: 'https://logo' },
        tokenPrices: { network: 'eth-mainnet', address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', prices: [{ ...PRICE }], error: null },
      },
    ],
    pageKey,
  },
});
const TRANSFERS = () => ({
  jsonrpc: '2.0',
  id: 1,
  result: {
    transfers: [
      {
        blockNum: '0x10',
        uniqueId: '0xab:log:1',
        hash: '0xab',
        from: '0x01',
        to: '0x02',
        value: 1,
        erc721TokenId: null,
        erc1155Metadata: null,
        tokenId: null,
        asset: 'USDC',
        category: 'erc20',
        rawContract: { value: '0xf4240', address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', decimal: '0x6' },
        metadata: { blockTimestamp: '2026-09-01T00:00:00.000Z' },
      },
    ],
    pageKey: null,
  },
});
const METADATA = () => ({ jsonrpc: '2.0', id: 1, result: { name: 'USD Coin', symbol: 'USDC', decimals: 6, logo: 'https://logo' } });

describe('alchemyVariants (the writer)', () => {
  it('by-symbol / by-address: error absent or "", {message} errors, currency case, lastUpdatedAt absent; still parses', () => {
    for (const [pick, route] of [
      [0, '/prices/v1/tokens/by-symbol'],
      [1, '/prices/v1/tokens/by-address'],
    ] as const) {
      const ctx = ctxFor(route, pick);
      const out = alchemyVariants(ctx, BY_SYMBOL()) as any;
      const parsed = tokenPricesResponseSchema.parse(out);
      expect(parsed.data[0].prices?.[0]).toMatchObject({ currency: 'USD', value: 2460.71 });
      expect(parsed.data[1].error).toBe('Token not found');
      expect(out.data[1].error).toEqual({ message: 'Token not found' });
      if (pick === 0) expect('error' in out.data[0]).toBe(false);
      else expect(out.data[0].error).toBe('');
      expect(ctx.names).toEqual(expect.arrayContaining([expect.stringMatching(/lastUpdatedAt absent$/), expect.stringMatching(/currency upper case$/)]));
    }
  });

  it("historical: the docs' nested shape, read back to the same points", () => {
    const ctx = ctxFor('/prices/v1/tokens/historical', 0);
    const out = alchemyVariants(ctx, HISTORICAL()) as any;
    expect(out).toEqual({ data: { symbol: 'ETH', prices: HISTORICAL().data } });
    expect(historicalPricesResponseSchema.parse(out)).toMatchObject({ currency: 'usd', data: [{ value: 2412.5 }] });
    expect(ctx.names).toEqual(['historical docs shape {data:{prices}}']);
  });

  it("portfolio: logo null, tokenPrices' error forms, the docs' flat list only on a last page, pageKey absent", () => {
    const flat = ctxFor('/data/v1/assets/tokens/by-address', 0);
    const out = alchemyVariants(flat, PORTFOLIO(null)) as any;
    expect(Array.isArray(out.data)).toBe(true);
    expect(out.data[0].tokenMetadata.logo).toBeNull();
    expect(portfolioTokensResponseSchema.parse(out).data).toMatchObject({ pageKey: null, tokens: [{ tokenBalance: 1000000n }] });
    expect(flat.names).toEqual(expect.arrayContaining(['tokens.tokenMetadata.logo null', 'tokens.tokenPrices.error absent', 'tokens docs shape data:[...]']));

    const absent = ctxFor('/data/v1/assets/tokens/by-address', 1);
    const last = alchemyVariants(absent, PORTFOLIO(null)) as any;
    expect('pageKey' in last.data).toBe(false);
    expect(last.data.tokens[0].tokenPrices.error).toBe('');
    expect(portfolioTokensResponseSchema.parse(last).data.pageKey).toBeUndefined();

    const middle = alchemyVariants(ctxFor('/data/v1/assets/tokens/by-address', 0), PORTFOLIO('next')) as any;
    expect(middle.data.pageKey).toBe('next');
  });

  it('JSON-RPC: transfers value null (raw kept), erc721TokenId absent, pageKey "" or absent; metadata logo null; batches too', () => {
    const ctx = ctxFor('/eth-mainnet/v2', 0);
    const [transfers, metadata] = alchemyVariants(ctx, [TRANSFERS(), METADATA()]) as any[];
    expect(transfers.result.transfers[0].value).toBeNull();
    expect(transfers.result.transfers[0].rawContract.value).toBe('0xf4240');
    expect('erc721TokenId' in transfers.result.transfers[0]).toBe(false);
    expect(transfers.result.pageKey).toBe('');
    expect(assetTransfersRpcResponseSchema.parse(transfers)).toBeTruthy();
    expect(metadata.result.logo).toBeNull();
    expect(tokenMetadataRpcResponseSchema.parse(metadata)).toMatchObject({ result: { logo: null, decimals: 6 } });
    expect(ctx.names).toEqual(['transfers.value null', 'transfers.erc721TokenId absent', "transfers.pageKey ''", 'getTokenMetadata.logo null']);

    const absent = alchemyVariants(ctxFor('/base-mainnet/v2', 1), TRANSFERS()) as any;
    expect('pageKey' in absent.result).toBe(false);
    expect(assetTransfersRpcResponseSchema.parse(absent)).toBeTruthy();
  });

  it('leaves other routes, error answers and a count alone', () => {
    const ctx = ctxFor('/eth-mainnet/v2', 0);
    const count = { jsonrpc: '2.0', id: 1, result: '0x1a' };
    expect(alchemyVariants(ctx, count)).toEqual(count);
    const error = { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'bad' } };
    expect(alchemyVariants(ctx, error)).toEqual(error);
    expect(alchemyVariants(ctxFor('/somewhere', 0), { a: 1 })).toEqual({ a: 1 });
    expect(ctx.names).toEqual([]);
  });
});

describe('alchemyVariants served by the sandbox at rate 1', () => {
  it("every Alchemy endpoint Scout calls still answers through Scout's clients, and variants were served", async () => {
    await withVariantSandbox(async (sandbox, { tokenData }) => {
      expect(await probeFailures(alchemyProbes(tokenData))).toEqual([]);
      const served = Object.keys(sandbox.variants.served()).filter((k) => k.startsWith('alchemy '));
      expect(served.length).toBeGreaterThan(0);
    });
  }, 60_000);
});
