import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { inputSchemaOf, parseToolInput, ToolRegistry } from '@scout/core';
import { UpstreamError } from '@scout/upstream';
import { PricesModule } from './prices.module';
import { MultichainPricesInput, PriceHistoryInput, TokenInfoInput, TokenPricesInput } from './prices.dto';
import { PricesToolsService } from './prices-tools.service';
import type { JupiterPricesPort, MintListing, MintPrice, MintPrices, TokenDataPort } from './prices.ports';

const SOL = 'So11111111111111111111111111111111111111112';
const BONK = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';
const JUP = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';
const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const usdcBase = USDC_BASE.toLowerCase();

const down = (source = 'jupiter') => new UpstreamError(source, 'http', `${source}: answered HTTP 503`, 503);

function jupiterPrice(usdPrice: number, extra: Partial<MintPrice> = {}): MintPrice {
  return { usdPrice, priceChange24h: 1.5, liquidity: 1_000_000, decimals: 9, ...extra };
}

/** Fakes of both clients; each test programs the answers it needs. */
function fakes() {
  const jupiter = {
    prices: jest.fn<ReturnType<JupiterPricesPort['prices']>, Parameters<JupiterPricesPort['prices']>>(),
    searchTokens: jest.fn<Promise<MintListing[]>, [string]>(),
  };
  const tokenData = {
    pricesByAddress: jest.fn<ReturnType<TokenDataPort['pricesByAddress']>, Parameters<TokenDataPort['pricesByAddress']>>(),
    pricesBySymbol: jest.fn<ReturnType<TokenDataPort['pricesBySymbol']>, Parameters<TokenDataPort['pricesBySymbol']>>(),
    historical: jest.fn<ReturnType<TokenDataPort['historical']>, Parameters<TokenDataPort['historical']>>(),
    tokenMetadata: jest.fn<ReturnType<TokenDataPort['tokenMetadata']>, Parameters<TokenDataPort['tokenMetadata']>>(),
  };
  const service = new PricesToolsService(jupiter, tokenData);
  return { jupiter, tokenData, service };
}

/** Input as the gateway hands it to a handler: validated through the tool's DTO. */
function input<T extends object>(dto: new () => T, raw: unknown, source: 'query' | 'body' = 'body'): Promise<T> {
  return parseToolInput(dto, raw, source, inputSchemaOf(dto));
}

function pricesOf(entries: [string, MintPrice][]): (mints: readonly string[]) => Promise<MintPrices> {
  const byMint = new Map(entries);
  return async (mints) => ({ byMint, missing: mints.filter((m) => !byMint.has(m)) });
}

describe('PricesModule', () => {
  it('registers the four price tools with the clients the application provides', async () => {
    const { jupiter, tokenData } = fakes();
    const moduleRef = await Test.createTestingModule({
      imports: [DiscoveryModule, PricesModule.register({ jupiter: { useValue: jupiter }, tokenData: { useFactory: () => tokenData } })],
      providers: [ToolRegistry],
    }).compile();
    await moduleRef.init();
    const names = moduleRef
      .get(ToolRegistry)
      .list()
      .map((t) => t.name);
    expect(names).toEqual(['service_price_history', 'service_token_info', 'service_token_prices', 'service_token_prices_multichain']);
    jupiter.prices.mockImplementation(pricesOf([[SOL, jupiterPrice(150)]]));
    const result = await moduleRef
      .get(ToolRegistry)
      .resolve('service_token_prices')
      .handler(await input(TokenPricesInput, { tokens: [SOL] }), {} as never);
    expect(result.data).toEqual({ prices: [{ mint: SOL, priceUsd: 150, change24h: 1.5, liquidityUsd: 1_000_000 }] });
    await moduleRef.close();
  });
});

describe('service_token_prices', () => {
  it('answers every mint in the order asked', async () => {
    const { jupiter, service } = fakes();
    jupiter.prices.mockImplementation(
      pricesOf([
        [SOL, jupiterPrice(147.48, { priceChange24h: -2.1 })],
        [BONK, jupiterPrice(0.0000225, { liquidity: 5_000 })],
      ]),
    );
    const result = await service.tokenPrices(await input(TokenPricesInput, { tokens: [BONK, SOL] }));
    expect(result.data.prices).toEqual([
      { mint: BONK, priceUsd: 0.0000225, change24h: 1.5, liquidityUsd: 5_000 },
      { mint: SOL, priceUsd: 147.48, change24h: -2.1, liquidityUsd: 1_000_000 },
    ]);
    expect(result.notes).toEqual([]);
  });

  it('keeps an unpriced mint with nulls, never zeros, and says so', async () => {
    const { jupiter, service } = fakes();
    jupiter.prices.mockImplementation(pricesOf([[SOL, jupiterPrice(147.48, { priceChange24h: null })]]));
    const result = await service.tokenPrices(await input(TokenPricesInput, { tokens: [SOL, JUP] }));
    expect(result.data.prices).toEqual([
      { mint: SOL, priceUsd: 147.48, change24h: null, liquidityUsd: 1_000_000 },
      { mint: JUP, priceUsd: null, change24h: null, liquidityUsd: null },
    ]);
    expect(result.notes).toEqual([`No reliable price for 1 of 2 mints (${JUP}): their priceUsd, change24h and liquidityUsd are null.`]);
  });

  it('asks for a repeated mint once and answers it once, with a note', async () => {
    const { jupiter, service } = fakes();
    jupiter.prices.mockImplementation(
      pricesOf([
        [SOL, jupiterPrice(1)],
        [BONK, jupiterPrice(2)],
      ]),
    );
    const result = await service.tokenPrices(await input(TokenPricesInput, { tokens: `${SOL},${BONK},${SOL}` }, 'query'));
    expect(jupiter.prices).toHaveBeenCalledWith([SOL, BONK]);
    expect(result.data.prices.map((p) => p.mint)).toEqual([SOL, BONK]);
    expect(result.notes).toEqual([`Mints given more than once are answered once: ${SOL}.`]);
  });

  it('rethrows the upstream failure: nothing to answer with', async () => {
    const { jupiter, service } = fakes();
    const failure = down();
    jupiter.prices.mockRejectedValue(failure);
    await expect(service.tokenPrices(await input(TokenPricesInput, { tokens: [SOL] }))).rejects.toBe(failure);
  });
});

describe('service_token_prices_multichain', () => {
  const priced = (chain: 'base' | 'solana', address: string, priceUsd: number | null, error: string | null = null) => ({
    chain,
    address,
    priceUsd,
    lastUpdatedAt: priceUsd === null ? null : '2026-10-02T06:01:41.000Z',
    error,
  });

  it('prices tokens by address and by ticker, in the order asked, EVM addresses lowercased', async () => {
    const { tokenData, service } = fakes();
    tokenData.pricesByAddress.mockResolvedValue([priced('base', usdcBase, 0.9998), priced('solana', BONK, 0.0000225)]);
    tokenData.pricesBySymbol.mockResolvedValue([{ symbol: 'ETH', priceUsd: 2460.71, lastUpdatedAt: '2026-10-02T06:02:03.000Z', error: null }]);
    const result = await service.multichainPrices(await input(MultichainPricesInput, { tokens: `base:${USDC_BASE},solana:${BONK}`, symbols: 'ETH' }, 'query'));
    expect(tokenData.pricesByAddress).toHaveBeenCalledWith([
      { chain: 'base', address: usdcBase },
      { chain: 'solana', address: BONK },
    ]);
    expect(result.data).toEqual({
      tokens: [
        { chain: 'base', address: usdcBase, priceUsd: 0.9998, lastUpdatedAt: '2026-10-02T06:01:41.000Z' },
        { chain: 'solana', address: BONK, priceUsd: 0.0000225, lastUpdatedAt: '2026-10-02T06:01:41.000Z' },
      ],
      symbols: [{ symbol: 'ETH', priceUsd: 2460.71, lastUpdatedAt: '2026-10-02T06:02:03.000Z' }],
    });
    expect(result.notes).toEqual([]);
  });

  it('calls only the part that was asked for', async () => {
    const { tokenData, service } = fakes();
    tokenData.pricesBySymbol.mockResolvedValue([{ symbol: 'ETH', priceUsd: 2460.71, lastUpdatedAt: null, error: null }]);
    const result = await service.multichainPrices(await input(MultichainPricesInput, { symbols: ['ETH'] }));
    expect(tokenData.pricesByAddress).not.toHaveBeenCalled();
    expect(result.data.tokens).toEqual([]);
  });

  it('answers an item the provider could not price with null and its reason', async () => {
    const { tokenData, service } = fakes();
    tokenData.pricesByAddress.mockResolvedValue([priced('base', usdcBase, null, 'Token not found')]);
    tokenData.pricesBySymbol.mockResolvedValue([{ symbol: 'NOPE', priceUsd: null, lastUpdatedAt: null, error: 'Token not found' }]);
    const result = await service.multichainPrices(await input(MultichainPricesInput, { tokens: [`base:${USDC_BASE}`], symbols: ['NOPE'] }));
    expect(result.data.tokens[0].priceUsd).toBeNull();
    expect(result.data.symbols[0].priceUsd).toBeNull();
    expect(result.notes).toEqual([`No price for 2 of the tokens asked: base:${usdcBase} (Token not found), NOPE (Token not found). Their priceUsd is null.`]);
  });

  it('answers the part that worked when the other fails', async () => {
    const { tokenData, service } = fakes();
    tokenData.pricesByAddress.mockRejectedValue(down('alchemy'));
    tokenData.pricesBySymbol.mockResolvedValue([{ symbol: 'ETH', priceUsd: 2460.71, lastUpdatedAt: null, error: null }]);
    const result = await service.multichainPrices(await input(MultichainPricesInput, { tokens: [`base:${USDC_BASE}`], symbols: ['ETH'] }));
    expect(result.data).toEqual({
      tokens: [{ chain: 'base', address: usdcBase, priceUsd: null, lastUpdatedAt: null }],
      symbols: [{ symbol: 'ETH', priceUsd: 2460.71, lastUpdatedAt: null }],
    });
    expect(result.notes).toEqual(["Prices by address are unavailable (The alchemy data source failed.): every token's priceUsd is null."]);
  });

  it('rethrows when every part failed', async () => {
    const { tokenData, service } = fakes();
    const failure = down('alchemy');
    tokenData.pricesByAddress.mockRejectedValue(failure);
    tokenData.pricesBySymbol.mockRejectedValue(down('alchemy'));
    await expect(service.multichainPrices(await input(MultichainPricesInput, { tokens: [`base:${USDC_BASE}`], symbols: ['ETH'] }))).rejects.toBe(failure);
  });

  it('lets a bug propagate instead of turning it into a note', async () => {
    const { tokenData, service } = fakes();
    tokenData.pricesByAddress.mockRejectedValue(new TypeError('boom'));
    tokenData.pricesBySymbol.mockResolvedValue([]);
    await expect(service.multichainPrices(await input(MultichainPricesInput, { tokens: [`base:${USDC_BASE}`], symbols: ['ETH'] }))).rejects.toBeInstanceOf(
      TypeError,
    );
  });

  it('asks for a token given twice (any case, either form) once', async () => {
    const { tokenData, service } = fakes();
    tokenData.pricesByAddress.mockResolvedValue([priced('base', usdcBase, 1)]);
    tokenData.pricesBySymbol.mockResolvedValue([{ symbol: 'ETH', priceUsd: 2460.71, lastUpdatedAt: null, error: null }]);
    const result = await service.multichainPrices(
      await input(MultichainPricesInput, {
        tokens: [`base:${USDC_BASE}`, { chain: 'base', address: usdcBase }],
        symbols: ['ETH', 'eth'],
      }),
    );
    expect(tokenData.pricesByAddress).toHaveBeenCalledWith([{ chain: 'base', address: usdcBase }]);
    expect(tokenData.pricesBySymbol).toHaveBeenCalledWith(['ETH']);
    expect(result.notes).toEqual([`Tokens given more than once are answered once: base:${usdcBase}, eth.`]);
  });
});

describe('service_price_history', () => {
  const series = (...points: [string, number][]) => ({ points: points.map(([timestamp, value]) => ({ timestamp, value })) });

  it('returns the series oldest first with figures computed from it', async () => {
    const { tokenData, service } = fakes();
    tokenData.historical.mockResolvedValue(
      series(['2025-09-01T02:00:00.000Z', 2398], ['2025-09-01T00:00:00.000Z', 2412.5], ['2025-09-01T01:00:00.000Z', 2455.1]),
    );
    const result = await service.priceHistory(await input(PriceHistoryInput, { symbol: 'ETH', startTime: '2025-09-01', endTime: '2025-09-01T03:00:00' }));
    expect(tokenData.historical).toHaveBeenCalledWith({
      token: { symbol: 'ETH' },
      startTime: new Date('2025-09-01T00:00:00Z'),
      endTime: new Date('2025-09-01T03:00:00Z'),
      interval: '1h',
    });
    expect(result.data).toEqual({
      token: { symbol: 'ETH' },
      interval: '1h',
      startTime: '2025-09-01T00:00:00.000Z',
      endTime: '2025-09-01T03:00:00.000Z',
      pointCount: 3,
      first: { timestamp: '2025-09-01T00:00:00.000Z', priceUsd: 2412.5 },
      last: { timestamp: '2025-09-01T02:00:00.000Z', priceUsd: 2398 },
      changePct: -0.601,
      high: { timestamp: '2025-09-01T01:00:00.000Z', priceUsd: 2455.1 },
      low: { timestamp: '2025-09-01T02:00:00.000Z', priceUsd: 2398 },
      points: [
        { timestamp: '2025-09-01T00:00:00.000Z', priceUsd: 2412.5 },
        { timestamp: '2025-09-01T01:00:00.000Z', priceUsd: 2455.1 },
        { timestamp: '2025-09-01T02:00:00.000Z', priceUsd: 2398 },
      ],
    });
    expect(result.notes).toEqual([]);
  });

  it('asks by chain and lowercased address', async () => {
    const { tokenData, service } = fakes();
    tokenData.historical.mockResolvedValue(series(['2025-09-01T00:00:00.000Z', 1]));
    const result = await service.priceHistory(
      await input(PriceHistoryInput, { chain: 'base', address: USDC_BASE, startTime: '2025-09-01', endTime: '2025-09-05', interval: '1d' }),
    );
    expect(tokenData.historical).toHaveBeenCalledWith(expect.objectContaining({ token: { chain: 'base', address: usdcBase }, interval: '1d' }));
    expect(result.data.token).toEqual({ chain: 'base', address: usdcBase });
  });

  it('answers an empty series with null figures and a note', async () => {
    const { tokenData, service } = fakes();
    tokenData.historical.mockResolvedValue(series());
    const result = await service.priceHistory(await input(PriceHistoryInput, { symbol: 'NEW', startTime: '2025-09-01', endTime: '2025-09-02' }));
    expect(result.data).toMatchObject({ pointCount: 0, first: null, last: null, changePct: null, high: null, low: null, points: [] });
    expect(result.notes).toEqual([
      'No price points between 2025-09-01T00:00:00.000Z and 2025-09-02T00:00:00.000Z at interval 1h: the token may not have traded then, or the provider does not cover it. The figures are null.',
    ]);
  });

  it('rethrows the upstream failure', async () => {
    const { tokenData, service } = fakes();
    const failure = down('alchemy');
    tokenData.historical.mockRejectedValue(failure);
    await expect(service.priceHistory(await input(PriceHistoryInput, { symbol: 'ETH', startTime: '2025-09-01', endTime: '2025-09-02' }))).rejects.toBe(failure);
  });
});

describe('service_token_info', () => {
  const jupInfo: MintListing = { id: JUP, name: 'Jupiter', symbol: 'JUP', decimals: 6, icon: 'https://static.jup.ag/jup/icon.png', usdPrice: 0.14 };

  describe('on Solana (Jupiter token search + price)', () => {
    it('names and prices a mint', async () => {
      const { jupiter, tokenData, service } = fakes();
      jupiter.searchTokens.mockResolvedValue([{ id: 'other', name: 'Look-alike' }, jupInfo]);
      jupiter.prices.mockImplementation(pricesOf([[JUP, jupiterPrice(0.1415, { decimals: 6 })]]));
      const result = await service.tokenInfo(await input(TokenInfoInput, { chain: 'solana', address: JUP }));
      expect(result.data).toEqual({
        chain: 'solana',
        address: JUP,
        name: 'Jupiter',
        symbol: 'JUP',
        decimals: 6,
        logo: 'https://static.jup.ag/jup/icon.png',
        priceUsd: 0.1415,
      });
      expect(result.notes).toEqual([]);
      expect(tokenData.tokenMetadata).not.toHaveBeenCalled();
    });

    it('answers an unpriced mint with a null price and a note', async () => {
      const { jupiter, service } = fakes();
      jupiter.searchTokens.mockResolvedValue([jupInfo]);
      jupiter.prices.mockImplementation(pricesOf([]));
      const result = await service.tokenInfo(await input(TokenInfoInput, { chain: 'solana', address: JUP }));
      expect(result.data).toMatchObject({ name: 'Jupiter', priceUsd: null });
      expect(result.notes).toEqual(['Jupiter has no reliable price for this mint: priceUsd is null.']);
    });

    it("falls back to the token list's price when the price API fails", async () => {
      const { jupiter, service } = fakes();
      jupiter.searchTokens.mockResolvedValue([jupInfo]);
      jupiter.prices.mockRejectedValue(down());
      const result = await service.tokenInfo(await input(TokenInfoInput, { chain: 'solana', address: JUP }));
      expect(result.data).toMatchObject({ name: 'Jupiter', priceUsd: 0.14 });
      expect(result.notes).toEqual(["The price API is unavailable (The jupiter data source failed.): priceUsd is the token list's last known price."]);
    });

    it('answers the price when the token search fails, with decimals from the price', async () => {
      const { jupiter, service } = fakes();
      jupiter.searchTokens.mockRejectedValue(down());
      jupiter.prices.mockImplementation(pricesOf([[JUP, jupiterPrice(0.1415, { decimals: 6 })]]));
      const result = await service.tokenInfo(await input(TokenInfoInput, { chain: 'solana', address: JUP }));
      expect(result.data).toEqual({ chain: 'solana', address: JUP, name: null, symbol: null, decimals: 6, logo: null, priceUsd: 0.1415 });
      expect(result.notes).toEqual(['Token metadata is unavailable (The jupiter data source failed.): name, symbol and logo are null.']);
    });

    it('says when the token list does not know the mint', async () => {
      const { jupiter, service } = fakes();
      jupiter.searchTokens.mockResolvedValue([]);
      jupiter.prices.mockImplementation(pricesOf([]));
      const result = await service.tokenInfo(await input(TokenInfoInput, { chain: 'solana', address: BONK }));
      expect(result.data).toEqual({ chain: 'solana', address: BONK, name: null, symbol: null, decimals: null, logo: null, priceUsd: null });
      expect(result.notes).toEqual([
        "Jupiter's token list does not know this mint: name, symbol, decimals and logo are null.",
        'Jupiter has no reliable price for this mint: priceUsd is null.',
      ]);
    });

    it('rethrows when both parts fail', async () => {
      const { jupiter, service } = fakes();
      const failure = down();
      jupiter.searchTokens.mockRejectedValue(failure);
      jupiter.prices.mockRejectedValue(down());
      await expect(service.tokenInfo(await input(TokenInfoInput, { chain: 'solana', address: JUP }))).rejects.toBe(failure);
    });
  });

  describe('on EVM chains (token metadata + prices by address)', () => {
    const usdcMeta = { name: 'USD Coin', symbol: 'USDC', decimals: 6, logo: 'https://static.alchemyapi.io/images/assets/3408.png' };
    const usdcPrice = { chain: 'base' as const, address: usdcBase, priceUsd: 0.9998, lastUpdatedAt: null, error: null };

    it('names and prices a contract, asking with the lowercased address', async () => {
      const { jupiter, tokenData, service } = fakes();
      tokenData.tokenMetadata.mockResolvedValue(usdcMeta);
      tokenData.pricesByAddress.mockResolvedValue([usdcPrice]);
      const result = await service.tokenInfo(await input(TokenInfoInput, { chain: 'base', address: USDC_BASE }));
      expect(tokenData.tokenMetadata).toHaveBeenCalledWith('base', usdcBase);
      expect(tokenData.pricesByAddress).toHaveBeenCalledWith([{ chain: 'base', address: usdcBase }]);
      expect(result.data).toEqual({ chain: 'base', address: usdcBase, ...usdcMeta, priceUsd: 0.9998 });
      expect(result.notes).toEqual([]);
      expect(jupiter.searchTokens).not.toHaveBeenCalled();
    });

    it('still answers the metadata when the price part fails', async () => {
      const { tokenData, service } = fakes();
      tokenData.tokenMetadata.mockResolvedValue(usdcMeta);
      tokenData.pricesByAddress.mockRejectedValue(down('alchemy'));
      const result = await service.tokenInfo(await input(TokenInfoInput, { chain: 'base', address: USDC_BASE }));
      expect(result.data).toMatchObject({ name: 'USD Coin', priceUsd: null });
      expect(result.notes).toEqual(['The price is unavailable (The alchemy data source failed.): priceUsd is null.']);
    });

    it('still answers the price when the metadata part fails', async () => {
      const { tokenData, service } = fakes();
      tokenData.tokenMetadata.mockRejectedValue(down('alchemy-rpc:base-mainnet'));
      tokenData.pricesByAddress.mockResolvedValue([usdcPrice]);
      const result = await service.tokenInfo(await input(TokenInfoInput, { chain: 'base', address: USDC_BASE }));
      expect(result.data).toEqual({ chain: 'base', address: usdcBase, name: null, symbol: null, decimals: null, logo: null, priceUsd: 0.9998 });
      expect(result.notes).toEqual([
        'Token metadata is unavailable (The alchemy-rpc:base-mainnet data source failed.): name, symbol, decimals and logo are null.',
      ]);
    });

    it('says when the contract reports no metadata and has no price', async () => {
      const { tokenData, service } = fakes();
      tokenData.tokenMetadata.mockResolvedValue({ name: null, symbol: null, decimals: null, logo: null });
      tokenData.pricesByAddress.mockResolvedValue([{ ...usdcPrice, chain: 'brokerage', priceUsd: null, error: 'Token not found' }]);
      const result = await service.tokenInfo(await input(TokenInfoInput, { chain: 'brokerage', address: USDC_BASE }));
      expect(result.data.priceUsd).toBeNull();
      expect(result.notes).toEqual([
        'The contract reports no token metadata on Robinhood Chain: it may not be a token, or not on this chain.',
        'No price for this token (Token not found): priceUsd is null.',
      ]);
    });

    it('rethrows when both parts fail', async () => {
      const { tokenData, service } = fakes();
      const failure = down('alchemy-rpc:base-mainnet');
      tokenData.tokenMetadata.mockRejectedValue(failure);
      tokenData.pricesByAddress.mockRejectedValue(down('alchemy'));
      await expect(service.tokenInfo(await input(TokenInfoInput, { chain: 'base', address: USDC_BASE }))).rejects.toBe(failure);
    });
  });
});
