/**
 * The response examples Jupiter publishes in its OpenAPI documents (jup-ag/docs openapi-spec:
 * price/v3/price.yaml, swap/v1/swap.yaml, tokens/v2/tokens.yaml), as JSON. The contract tests parse
 * them: a schema that refuses the provider's own example is wrong.
 */

export const SOL = 'So11111111111111111111111111111111111111112';
export const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
export const JUP = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';

/** GET /price/v3 200 example. */
export const PRICE_V3_EXAMPLE = {
  [SOL]: {
    createdAt: '2024-06-05T08:55:25.527Z',
    liquidity: 621679197.67,
    usdPrice: 147.48,
    blockId: 348004023,
    decimals: 9,
    priceChange24h: 1.29,
  },
  [USDC]: {
    createdAt: '2024-06-05T08:55:25.527Z',
    liquidity: 522175174.66,
    usdPrice: 0.9999,
    blockId: 348004025,
    decimals: 6,
    priceChange24h: -0.003,
  },
};

/** GET /swap/v1/quote 200 example. */
export const QUOTE_EXAMPLE = {
  inputMint: SOL,
  inAmount: '100000000',
  outputMint: USDC,
  outAmount: '17057460',
  otherAmountThreshold: '16886885',
  swapMode: 'ExactIn',
  slippageBps: 100,
  priceImpactPct: '0.0001',
  platformFee: { amount: '0', feeBps: 0 },
  routePlan: [
    {
      swapInfo: {
        ammKey: 'HXpGFJGCEEFdV31tDmjDBaJMEB1fKLiAoKoWr3Fnonid',
        label: 'Meteora DLMM',
        inputMint: SOL,
        outputMint: USDC,
        inAmount: '100000000',
        outAmount: '17057460',
        feeAmount: '1285',
        feeMint: USDC,
      },
      percent: 100,
    },
  ],
  contextSlot: 324307186,
  timeTaken: 0.012,
};

/**
 * GET /swap/v1/quote 200 as jup-ag/docs swap/v1/get-quote.mdx shows it (1 SOL to USDC, no
 * platformFeeBps asked): `platformFee` is null, the swap info has no fee fields, the step no
 * `bps`, and `mostReliableAmmsQuoteReport` is present.
 */
export const QUOTE_DOCS_EXAMPLE = {
  inputMint: SOL,
  inAmount: '100000000',
  outputMint: USDC,
  outAmount: '16198753',
  otherAmountThreshold: '16117760',
  swapMode: 'ExactIn',
  slippageBps: 50,
  platformFee: null,
  priceImpactPct: '0',
  routePlan: [
    {
      swapInfo: {
        ammKey: '5BKxfWMbmYBAEWvyPZS9esPducUba9GqyMjtLCfbaqyF',
        label: 'Meteora DLMM',
        inputMint: SOL,
        outputMint: USDC,
        inAmount: '100000000',
        outAmount: '16198753',
      },
      percent: 100,
    },
  ],
  contextSlot: 299283763,
  timeTaken: 0.015257836,
  mostReliableAmmsQuoteReport: {
    info: {
      BZtgQEyS6eXUXicYPHecYQ7PybqodXQMvkjUbP4R8mUU: '16195832',
      Czfq3xZZDmsdGdUyrNLtRhGc47cXcZtLG4crryfu44zE: '16190214',
    },
  },
};

/** GET /tokens/v2/search 200 example. */
export const SEARCH_EXAMPLE = [
  {
    id: JUP,
    name: 'Jupiter',
    symbol: 'JUP',
    icon: 'https://static.jup.ag/jup/icon.png',
    decimals: 6,
    tokenProgram: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
    createdAt: '2024-06-07T10:56:42.584Z',
    twitter: 'https://twitter.com/JupiterExchange',
    website: 'https://jup.ag',
    dev: 'JUPhop9E8ZfdJ5FNHhxQt4uAih822Vs4QpqsWcewFbq',
    circSupply: 3243891294.88,
    totalSupply: 6863982654.38,
    firstPool: { id: '2pspvjWWaf3dNgt3jsgSzFCNvMGPb7t8FrEYvLGjvcCe', createdAt: '2024-01-29T17:33:29Z' },
    holderCount: 857254,
    audit: { mintAuthorityDisabled: true, freezeAuthorityDisabled: true, topHoldersPercentage: 15.45, devMints: 1 },
    organicScore: 97.98,
    organicScoreLabel: 'high',
    isVerified: true,
    tags: ['community', 'strict', 'verified'],
    fdv: 971593450.82,
    mcap: 459171256.1,
    usdPrice: 0.1415,
    priceBlockId: 402118601,
    liquidity: 2992387.89,
    stats24h: {
      priceChange: -8.27,
      holderChange: -0.03,
      liquidityChange: -6.96,
      volumeChange: 30.39,
      buyVolume: 1821969.64,
      sellVolume: 2016195.15,
      numBuys: 33979,
      numSells: 31608,
      numTraders: 5174,
    },
    updatedAt: '2026-02-23T04:55:12.461Z',
  },
];

/** The other MintInformation examples of tokens.yaml (/tag, /{category}/{interval}, /recent): sparse entries. */
export const SPARSE_MINT_EXAMPLES = [
  [{ id: SOL, name: 'Wrapped SOL', symbol: 'SOL', decimals: 9, isVerified: true, tags: ['verified'] }],
  [
    {
      id: SOL,
      name: 'Wrapped SOL',
      symbol: 'SOL',
      decimals: 9,
      usdPrice: 171.34,
      stats24h: { priceChange: 2.5, volumeChange: 15000000, numBuys: 50000, numSells: 48000 },
    },
  ],
  [
    {
      id: 'TokenMintAddressExample111111111111111111111',
      name: 'New Token',
      symbol: 'NEW',
      decimals: 9,
      holderCount: 150,
      usdPrice: 0.001,
      liquidity: 5000,
      organicScore: 20,
      organicScoreLabel: 'low',
      isVerified: false,
      firstPool: { id: 'PoolAddressExample1111111111111111111111111', createdAt: '2025-03-15T10:30:00.000Z' },
    },
  ],
];
