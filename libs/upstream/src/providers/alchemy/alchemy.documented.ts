/*
 * Alchemy's documented answers, as the two official sources give them. Where they disagree, both
 * shapes are here and Scout reads both; the SDK's live integration tests are the stronger evidence.
 * DOCS = alchemyplatform/docs @ 822411878a78e58ca5697f0dde0e2e9719c56851
 * SDK  = alchemyplatform/alchemy-sdk-js @ 6f1ee72c980986440a537127b252dd8921f857a3
 * (copies in reference/upstream-specs/alchemy/, see its SOURCE.txt)
 */

export const DOC_USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
export const DOC_WALLET = '0xd8da6bf26964af9d7eed9e03e53415d37aa96045';
export const SDK_WBTC = '0x2260fac5e5542a773aa44fbcfedf7c193bc2c599';

/** DOCS src/openapi/prices/prices.yaml AddressPricesResponse: every item field present, `error` a string. */
export const DOCS_BY_ADDRESS = {
  data: [
    { network: 'eth-mainnet', address: DOC_USDC, prices: [{ currency: 'USD', value: '0.9998', lastUpdatedAt: '2025-01-01T00:00:00Z' }], error: '' },
    { network: 'eth-mainnet', address: SDK_WBTC, prices: [], error: 'Token not found' },
  ],
};

/**
 * SDK test/integration/prices.test.ts getTokenPriceByAddress: `error` absent on a priced item, an
 * `{message}` object (prices-types.ts TokenPriceError) or absent on a failed one, currency 'usd'.
 */
export const SDK_BY_ADDRESS = {
  data: [
    { network: 'eth-mainnet', address: SDK_WBTC, prices: [{ currency: 'usd', value: '97012.55', lastUpdatedAt: '2025-01-01T00:00:12.345Z' }] },
    { network: 'eth-mainnet', address: '0x00000000000000000000000000000000000000xyz', prices: [], error: { message: 'Invalid address' } },
  ],
};

/** DOCS prices.yaml TokenPricesResponse (by-symbol): symbol, prices, error (a string). */
export const DOCS_BY_SYMBOL = {
  data: [
    { symbol: 'ETH', prices: [{ currency: 'USD', value: '3301.12', lastUpdatedAt: '2025-01-01T00:00:00Z' }], error: '' },
    { symbol: 'BTC', prices: [{ currency: 'USD', value: '97000.5', lastUpdatedAt: '2025-01-01T00:00:00Z' }], error: '' },
  ],
};

/** SDK prices.test.ts getTokenPriceBySymbol: error absent when priced; an unknown symbol has no prices and an error object. */
export const SDK_BY_SYMBOL = {
  data: [
    { symbol: 'AAVE', prices: [{ currency: 'usd', value: '310.2', lastUpdatedAt: '2025-01-01T00:00:00Z' }] },
    { symbol: 'INVALID_SYMBOL', prices: [], error: { message: 'Token not found' } },
  ],
};

/**
 * DOCS prices.yaml HistoricalPricesResponse: `{data: HistoricalPricesBySymbol | HistoricalPricesByAddress}`,
 * points `{value, timestamp, marketCap?, totalVolume?}`, no currency.
 */
export const DOCS_HISTORICAL_BY_SYMBOL = {
  data: {
    symbol: 'ETH',
    prices: [
      { value: '1900.00', timestamp: '2024-01-01T00:00:00Z', marketCap: '274292310008.21802', totalVolume: '6715146404.608721' },
      { value: '1910.50', timestamp: '2024-01-02T00:00:00Z' },
    ],
  },
};

export const DOCS_HISTORICAL_BY_ADDRESS = {
  data: { network: 'eth-mainnet', address: DOC_USDC, prices: [{ value: '1.0001', timestamp: '2024-01-01T00:00:00Z' }] },
};

/** SDK prices-types.ts HistoricalPriceBy*Response and prices.test.ts: `{symbol | network+address, currency: 'usd', data: [{value, timestamp}]}`. */
export const SDK_HISTORICAL_BY_ADDRESS = {
  network: 'eth-mainnet',
  address: '0x1f9840a85d5af5bf1d1762f925bdaddc4201f984',
  currency: 'usd',
  data: [{ value: '6.12', timestamp: '2024-01-01T00:00:00Z' }],
};

/** DOCS prices.yaml / portfolio.yaml ErrorResponse (400, 404 historical, 429). */
export const DOCS_ERROR = { error: { message: 'Too many requests' } };

/**
 * DOCS src/openapi/portfolio/portfolio.yaml TokensResponse: `data` is the list of TokensResponseItem
 * (network, address, tokenAddress, tokenBalance required; tokenMetadata; tokenPrices an AddressPriceResponseItem).
 */
export const DOCS_PORTFOLIO = {
  data: [
    {
      network: 'eth-mainnet',
      address: DOC_WALLET,
      tokenAddress: DOC_USDC,
      tokenBalance: '0x00000000000000000000000000000000000000000000000000000000000f4240',
      tokenMetadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6, logo: null },
      tokenPrices: {
        network: 'eth-mainnet',
        address: DOC_USDC,
        prices: [{ currency: 'USD', value: '1.0001', lastUpdatedAt: '2025-01-01T00:00:00Z' }],
        error: '',
      },
    },
  ],
};

/**
 * SDK src/types/portfolio-types.ts GetTokensByWalletResponse: `data: {tokens, pageKey}`, no
 * `tokenAddress` field, tokenMetadata and tokenPrices optional.
 */
export const SDK_PORTFOLIO = {
  data: {
    tokens: [
      { network: 'eth-mainnet', address: DOC_WALLET, tokenBalance: '1000000000000000000' },
      { network: 'eth-mainnet', address: DOC_WALLET, tokenBalance: '2500000', tokenMetadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6, logo: null } },
    ],
    pageKey: 'next-page',
  },
};

/** DOCS src/openrpc/alchemy/transfers/transfers.yaml example result (no withMetadata, tokenId null, pageKey ""). */
export const DOCS_TRANSFERS = {
  jsonrpc: '2.0',
  id: 1,
  result: {
    transfers: [
      {
        blockNum: '0xb0eadc',
        uniqueId: '0x3847245c01829b043431067fb2bfa95f7b5bdc7e4246c843e7a573ab6f26f5ff:external',
        hash: '0x3847245c01829b043431067fb2bfa95f7b5bdc7e4246c843e7a573ab6f26f5ff',
        from: '0xef4396d9ff8107086d215a1c9f8866c54795d7c7',
        to: '0x5c43b1ed97e52d009611d89b74fa829fe4ac56b1',
        value: 0.5,
        erc721TokenId: null,
        erc1155Metadata: null,
        tokenId: null,
        asset: 'ETH',
        category: 'external',
        rawContract: { value: '0x6f05b59d3b20000', address: null, decimal: '0x12' },
      },
    ],
    pageKey: '',
  },
};

/**
 * transfers.yaml result item variants: `to` null (contract creation), `value`/`asset` null, raw
 * value null (NFT), decimal null (unknown), a category Scout only passes on ('specialnft').
 */
export const DOCS_TRANSFER_NULLS = {
  blockNum: '0xb96042',
  uniqueId: '0x5c88:log:1',
  hash: '0x5c88806ce2e4a42c5fbd5804f340ed887995914546cf92ec39eb5472cf22c88c',
  from: '0xef4396d9ff8107086d215a1c9f8866c54795d7c7',
  to: null,
  value: null,
  asset: null,
  category: 'specialnft',
  tokenId: '0x01',
  rawContract: { value: null, address: '0x57f1887a8bf19b14fc0df6fd9b2acc9af147ea85', decimal: null },
  metadata: { blockTimestamp: '2024-01-01T00:00:00.000Z' },
};

/** The documented JSON-RPC 2.0 error body ({jsonrpc, id, error: {code, message}}). */
export const RPC_ERROR = { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'invalid 1st argument: address value was not valid hex' } };

/** DOCS components alchemy_getTokenMetadata: result fields each null when the contract does not say. */
export const DOCS_METADATA_NULLS = { jsonrpc: '2.0', id: 1, result: { name: null, symbol: null, decimals: null, logo: null } };

/** eth_getTransactionCount: a hex quantity (Ethereum JSON-RPC spec). */
export const TX_COUNT = { jsonrpc: '2.0', id: 1, result: '0x0' };
