import { NotFoundError } from '@scout/core';
import { LaunchpadNotFoundError, LaunchpadRefusedError, UpstreamError, type LaunchpadBacking, type LaunchpadTokenDetail } from '@scout/upstream';
import { fakeLaunchpad, MINT, siteDown, T } from '../test/fake-launchpad';
import { TokenSupplyToolsService } from './token-supply-tools.service';

const burn = (signature: string, amountTokens: number, valueUsdAtBurn: number | null) => ({
  signature,
  symbol: 'CAT',
  amountTokens,
  valueUsdAtBurn,
  source: 'flywheel',
  burnedAt: T,
});

function detail(launchpad: 'raydium' | 'launchlab' | 'pump', marketCapUsd: number | null): LaunchpadTokenDetail {
  return {
    token: {
      mint: MINT,
      pool: null,
      name: 'Cat',
      symbol: 'CAT',
      quote: { mint: 'USDC', symbol: 'USDC', name: null, logoUrl: null, category: 'stablecoin', categoryLabel: null },
      creator: null,
      launchpad,
      mode: 'standard',
      imageUrl: null,
      metadataUri: null,
      market: { priceUsd: null, marketCapUsd, fdvUsd: null, volume24hUsd: null, liquidityUsd: null, priceChange24h: null, peakMarketCapUsd: null },
      status: 'bonding',
      graduatedAt: null,
      createdAt: T,
      launch: null,
    },
    network: null,
    _generatedAt: null,
  };
}

const backing: LaunchpadBacking = {
  mint: MINT,
  launchpad: 'pump',
  quote: { mint: 'USDC', symbol: 'USDC', decimals: 6 },
  lockedRaw: '12500000000',
  lockedTokens: 12_500,
  lockedUsd: 12_500,
  _generatedAt: null,
};

describe('TokenSupplyToolsService', () => {
  describe('launchpad_token_burns', () => {
    it('asks for the limit, passes the totals on and adds the listed burns', async () => {
      const { port, calls } = fakeLaunchpad({
        burns: async () => ({
          mint: MINT,
          totals: { symbol: 'CAT', amountRaw: '3000000000', amountTokens: 3000, valueUsdAtBurn: 150, burnCount: 3, lastBurnAt: T },
          burns: [burn('a', 1000, 40), burn('b', 1500, 90)],
          _generatedAt: null,
        }),
      });
      const result = await new TokenSupplyToolsService(port).burns({ mint: MINT, limit: 2 });
      expect(calls).toEqual([`burns("${MINT}", 2)`]);
      expect(result.data.totals).toMatchObject({ amountRaw: '3000000000', burnCount: 3, avgPriceUsdAtBurn: 0.05 });
      expect(result.data.listed).toEqual({ count: 2, amountTokens: 2500, valueUsdAtBurn: 130, complete: false });
      expect(result.data.burns.map((b) => b.signature)).toEqual(['a', 'b']);
      expect(result.notes).toBeUndefined();
    });

    it('an unknown mint is the 404 the client raised; the site down its UpstreamError', async () => {
      const unknown = fakeLaunchpad({ burns: () => Promise.reject(new LaunchpadNotFoundError('token', MINT)) });
      await expect(new TokenSupplyToolsService(unknown.port).burns({ mint: MINT, limit: 25 })).rejects.toBeInstanceOf(NotFoundError);
      const down = fakeLaunchpad({ burns: siteDown });
      await expect(new TokenSupplyToolsService(down.port).burns({ mint: MINT, limit: 25 })).rejects.toBeInstanceOf(UpstreamError);
    });
  });

  describe('launchpad_token_airdrop', () => {
    it("none is airdrop null with the site's message", async () => {
      const { port } = fakeLaunchpad({ airdrop: async () => ({ mint: MINT, airdrop: null, message: 'No airdrop for this one.', _generatedAt: null }) });
      const result = await new TokenSupplyToolsService(port).airdrop({ mint: MINT, limit: 25 });
      expect(result.data).toEqual({ mint: MINT, airdrop: null, message: 'No airdrop for this one.' });
    });

    it('none without a message of the site still says so', async () => {
      const { port } = fakeLaunchpad({ airdrop: async () => ({ mint: MINT, airdrop: null, message: null, _generatedAt: null }) });
      expect((await new TokenSupplyToolsService(port).airdrop({ mint: MINT, limit: 25 })).data.message).toMatch(/without an airdrop/);
    });

    it('an airdrop lists up to the limit', async () => {
      const recipients = [1, 2, 3].map((i) => ({ wallet: `w${i}`, amountTokens: i * 10 }));
      const { port, calls } = fakeLaunchpad({
        airdrop: async () => ({
          mint: MINT,
          airdrop: { supplySharePct: 4, walletCount: 3, snapshotSource: 'SPYX holders', recipients },
          message: null,
          _generatedAt: null,
        }),
      });
      const result = await new TokenSupplyToolsService(port).airdrop({ mint: MINT, limit: 2 });
      expect(calls).toEqual([`airdrop("${MINT}", 2)`]);
      expect(result.data.airdrop).toMatchObject({ supplySharePct: 4, walletCount: 3, recipientsComplete: false, listedTokens: 30 });
      expect(result.data.message).toBeNull();
    });
  });

  describe('launchpad_token_backing', () => {
    it('a pump launch: locked tokens from raw, USD, and the share of the market cap', async () => {
      const { port } = fakeLaunchpad({ backing: async () => backing, token: async () => detail('pump', 50_000) });
      const result = await new TokenSupplyToolsService(port).backing({ mint: MINT });
      expect(result.data).toEqual({
        mint: MINT,
        launchpad: 'pump',
        quote: backing.quote,
        locked: { raw: '12500000000', tokens: 12_500 },
        lockedUsd: 12_500,
        marketCapUsd: 50_000,
        backedPctOfMarketCap: 25,
      });
      expect(result.notes).toBeUndefined();
    });

    it.each(['raydium', 'launchlab'] as const)('a %s launch is a 400 naming its launchpad', async (launchpad) => {
      const { port } = fakeLaunchpad({
        backing: () => Promise.reject(new LaunchpadRefusedError('mint', 'Backing only exists for pump launches.')),
        token: async () => detail(launchpad, 1000),
      });
      const error = await new TokenSupplyToolsService(port).backing({ mint: MINT }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LaunchpadRefusedError);
      expect((error as Error).message).toContain(`the ${launchpad} launchpad`);
      expect((error as Error).message).toContain('CAT');
      expect((error as LaunchpadRefusedError).field).toBe('mint');
    });

    it("a refusal whose listing did not answer keeps the site's words", async () => {
      const refused = new LaunchpadRefusedError('mint', 'Backing only exists for pump launches (this is raydium).');
      const { port } = fakeLaunchpad({ backing: () => Promise.reject(refused), token: siteDown });
      await expect(new TokenSupplyToolsService(port).backing({ mint: MINT })).rejects.toBe(refused);
    });

    it('the listing failing leaves the market cap null with a note; the backing stands', async () => {
      const { port } = fakeLaunchpad({ backing: async () => backing, token: siteDown });
      const result = await new TokenSupplyToolsService(port).backing({ mint: MINT });
      expect(result.data).toMatchObject({ lockedUsd: 12_500, marketCapUsd: null, backedPctOfMarketCap: null });
      expect(result.notes).toEqual([expect.stringContaining('marketCapUsd and backedPctOfMarketCap left null')]);
    });

    it('an unknown mint is a 404, the site down a 502 (its UpstreamError)', async () => {
      const missing = new LaunchpadNotFoundError('token', MINT);
      const unknown = fakeLaunchpad({ backing: () => Promise.reject(missing), token: () => Promise.reject(missing) });
      await expect(new TokenSupplyToolsService(unknown.port).backing({ mint: MINT })).rejects.toBe(missing);
      const down = fakeLaunchpad({ backing: siteDown, token: siteDown });
      await expect(new TokenSupplyToolsService(down.port).backing({ mint: MINT })).rejects.toBeInstanceOf(UpstreamError);
    });
  });
});
