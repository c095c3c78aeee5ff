/**
 * Answers of the multichain token data API in the shapes of reference/upstreams.md 2.9 (Alchemy
 * Prices API quickstart; alchemy_getTokenMetadata): values are decimal strings.
 */

export const USDC_ETH = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
export const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
export const BONK = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';

/** POST /tokens/by-address: one priced, one with a per-item error, one Solana mint. */
export const BY_ADDRESS_EXAMPLE = {
  data: [
    {
      network: 'eth-mainnet',
      address: USDC_ETH,
      prices: [{ currency: 'usd', value: '0.9998332011', lastUpdatedAt: '2026-10-02T06:01:41Z' }],
      error: null,
    },
    {
      network: 'base-mainnet',
      address: USDC_BASE.toLowerCase(),
      prices: [],
      error: 'Token not found',
    },
    {
      network: 'solana-mainnet',
      address: BONK,
      prices: [{ currency: 'usd', value: '0.00002251', lastUpdatedAt: '2026-10-02T06:01:12.400Z' }],
      error: null,
    },
  ],
};

/** GET /tokens/by-symbol?symbols=ETH&symbols=BTC&symbols=NOPE */
export const BY_SYMBOL_EXAMPLE = {
  data: [
    { symbol: 'ETH', prices: [{ currency: 'usd', value: '2460.7133', lastUpdatedAt: '2026-10-02T06:02:03Z' }], error: null },
    { symbol: 'BTC', prices: [{ currency: 'usd', value: '61112.09', lastUpdatedAt: '2026-10-02T06:02:01Z' }], error: null },
    { symbol: 'NOPE', prices: [], error: { message: 'Token not found' } },
  ],
};

/** POST /tokens/historical by symbol. */
export const HISTORICAL_EXAMPLE = {
  symbol: 'ETH',
  currency: 'usd',
  data: [
    { value: '2412.50', timestamp: '2026-09-01T00:00:00Z' },
    { value: '2455.10', timestamp: '2026-09-01T01:00:00Z' },
    { value: '2398.00', timestamp: '2026-09-01T02:00:00Z' },
  ],
};

/** POST https://{network}.g.alchemy.com/v2/{key} alchemy_getTokenMetadata */
export const METADATA_EXAMPLE = {
  jsonrpc: '2.0',
  id: 1,
  result: { name: 'USD Coin', symbol: 'USDC', decimals: 6, logo: 'https://static.alchemyapi.io/images/assets/3408.png' },
};

/** The answer for an address that is not a token contract. */
export const METADATA_NOT_A_TOKEN = { jsonrpc: '2.0', id: 1, result: { name: null, symbol: null, decimals: null, logo: null } };
