/**
 * Answers of the wallet side of the multichain token data API, in the documented shapes (Alchemy
 * Portfolio API "Tokens By Wallet"; alchemy_getAssetTransfers; eth_getTransactionCount): raw
 * balances and values are 0x hex strings, a native coin has a null token address.
 */

export const WALLET = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
export const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
export const AERO_BASE = '0x940181a94A35A4569E4529A3CDfB74e38FD98631';

/** POST /data/v1/{key}/assets/tokens/by-address: native ETH, USDC, an unpriced Base token, a network nobody asked for. */
export const PORTFOLIO_EXAMPLE = {
  data: {
    tokens: [
      {
        network: 'eth-mainnet',
        address: WALLET.toLowerCase(),
        tokenAddress: null,
        tokenBalance: '0x000000000000000000000000000000000000000000000001bdd951817729c4f9',
        tokenMetadata: { symbol: null, decimals: null, name: null, logo: null },
        tokenPrices: [{ currency: 'usd', value: '1970.69', lastUpdatedAt: '2026-10-02T06:00:00Z' }],
      },
      {
        network: 'eth-mainnet',
        address: WALLET.toLowerCase(),
        tokenAddress: USDC_ETH,
        tokenBalance: '0x000000000000000000000000000000000000000000000000000000003b9aca00',
        tokenMetadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6, logo: 'https://static.alchemyapi.io/images/assets/3408.png' },
        tokenPrices: [{ currency: 'usd', value: '0.9998', lastUpdatedAt: '2026-10-02T06:00:00Z' }],
      },
      {
        network: 'base-mainnet',
        address: WALLET.toLowerCase(),
        tokenAddress: AERO_BASE.toLowerCase(),
        tokenBalance: '0x56bc75e2d63100000',
        tokenMetadata: { name: 'Aerodrome', symbol: 'AERO', decimals: 18, logo: null },
        tokenPrices: [],
        error: 'Token not found',
      },
      {
        network: 'polygon-mainnet',
        address: WALLET.toLowerCase(),
        tokenAddress: null,
        tokenBalance: '0x1',
        tokenMetadata: null,
        tokenPrices: null,
      },
    ],
    pageKey: 'page-2-of-tokens',
  },
};

/**
 * The same wallet as alchemyplatform/docs documents the answer (portfolio.yaml TokensResponseItem:
 * `tokenPrices` is prices.yaml's AddressPriceResponseItem, `{network, address, prices, error}`;
 * the SDK's portfolio types agree): a priced USDC, and an unpriced token whose error is inside
 * `tokenPrices`.
 */
export const PORTFOLIO_DOCS_EXAMPLE = {
  data: {
    tokens: [
      {
        network: 'eth-mainnet',
        address: WALLET.toLowerCase(),
        tokenAddress: USDC_ETH,
        tokenBalance: '0x000000000000000000000000000000000000000000000000000000003b9aca00',
        tokenMetadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6, logo: null },
        tokenPrices: {
          network: 'eth-mainnet',
          address: USDC_ETH,
          prices: [{ currency: 'usd', value: '0.9998', lastUpdatedAt: '2026-10-02T06:00:00Z' }],
          error: null,
        },
      },
      {
        network: 'base-mainnet',
        address: WALLET.toLowerCase(),
        tokenAddress: AERO_BASE.toLowerCase(),
        tokenBalance: '0x56bc75e2d63100000',
        tokenMetadata: { name: 'Aerodrome', symbol: 'AERO', decimals: 18, logo: null },
        tokenPrices: { network: 'base-mainnet', address: AERO_BASE.toLowerCase(), prices: [], error: 'Token not found' },
      },
    ],
    pageKey: null,
  },
};

/** A last page: no tokens left, pageKey null. */
export const PORTFOLIO_LAST_PAGE = { data: { tokens: [], pageKey: null } };

/** alchemy_getAssetTransfers with withMetadata: an ETH transfer in, a USDC transfer out, and a next page. */
export const TRANSFERS_EXAMPLE = {
  jsonrpc: '2.0',
  id: 1,
  result: {
    transfers: [
      {
        blockNum: '0xb0eadc',
        uniqueId: '0x3847245c01829b043431067fb2bfa95f7b5bdc7e4246c843e7a573ab6f26f5ff:external',
        hash: '0x3847245c01829b043431067fb2bfa95f7b5bdc7e4246c843e7a573ab6f26f5ff',
        from: '0xef4396d9ff8107086d215a1c9f8866c54795d7c7',
        to: WALLET.toLowerCase(),
        value: 0.5,
        erc721TokenId: null,
        erc1155Metadata: null,
        tokenId: null,
        asset: 'ETH',
        category: 'external',
        rawContract: { value: '0x6f05b59d3b20000', address: null, decimal: '0x12' },
        metadata: { blockTimestamp: '2026-09-30T10:11:12.000Z' },
      },
      {
        blockNum: '0xb96042',
        uniqueId: '0x5c88806ce2e4a42c5fbd5804f340ed887995914546cf92ec39eb5472cf22c88c:log:4',
        hash: '0x5c88806ce2e4a42c5fbd5804f340ed887995914546cf92ec39eb5472cf22c88c',
        from: WALLET.toLowerCase(),
        to: '0x3cd751e6b0078be393132286c442345e5dc49699',
        value: 1500,
        erc721TokenId: null,
        erc1155Metadata: null,
        tokenId: null,
        asset: 'USDC',
        category: 'erc20',
        rawContract: { value: '0x59682f00', address: USDC_ETH, decimal: '0x6' },
        metadata: { blockTimestamp: '2026-10-01T08:00:00.000Z' },
      },
    ],
    pageKey: '0f6c3e4a-5a6b-4f3b-9d1c-2b7e8f9a0b1c',
  },
};

/** eth_getTransactionCount: 26 transactions sent. */
export const TX_COUNT_EXAMPLE = { jsonrpc: '2.0', id: 1, result: '0x1a' };
