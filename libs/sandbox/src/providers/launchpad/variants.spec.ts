import { launchpadProbes, launchpadTokenDetailSchema, launchpadTokenListSchema } from '@scout/upstream';
import { fixedVariantContext, probeFailures, withVariantSandbox } from '../../test/variants';
import { launchpadVariants } from './variants';

const ctxFor = (route: string, pickIndex: number, method = 'GET') => fixedVariantContext('launchpad', route, pickIndex, method);

const MINT = '6GmAFSYs4gk3FDao5FzzySQpPZaWsa4rUJHacpMpUNgx';
const row = (mode: 'standard' | 'reward') => ({
  mint: MINT,
  pool: '7a8xxAJBELDo6P9dikSYctdw6ce8F4mWr3ahcAD8Ao49',
  name: 'STONK',
  symbol: 'STONK',
  quote: { mint: 'XsoCS1TfEyfFhfvj8EtZ528L3CaKBDBRqRapnBbDF2W', symbol: 'SPYX', name: 'SP500', logoUrl: null, category: 'xstock', categoryLabel: 'xStock' },
  creator: 'H6qoWz4hxRb9a65nMXv1ERZWHmbG3foFZoK6CEm7acRQ',
  launchpad: 'raydium',
  mode,
  quoteOnlyFees: false,
  transferFee: { bps: mode === 'reward' ? 300 : 0 },
  flywheel: { active: mode === 'reward' },
  imageUrl: null,
  metadataUri: 'https://meta',
  links: {},
  market: { priceUsd: 1, marketCapUsd: 1, fdvUsd: 1, volume24hUsd: 1, liquidityUsd: 1, priceChange24h: 0, peakMarketCapUsd: 1 },
  status: 'graduated',
  graduationProgress: 1,
  graduatedAt: '2026-10-02T06:00:00.000Z',
  createdAt: '2026-10-01T06:00:00.000Z',
});
const LIST = (mode: 'standard' | 'reward') => ({ tokens: [row(mode)], pagination: { page: 1, pageSize: 1, total: 1, totalPages: 1 }, network: 'mainnet-beta' });

describe('launchpadVariants (the writer)', () => {
  it('/api/tokens: each field the captured answer leaves out is left out, and the body parses to nulls', () => {
    const served = [0, 1, 2, 3].map((i) => {
      const ctx = ctxFor('/api/tokens', i);
      const [coin] = launchpadTokenListSchema.parse(launchpadVariants(ctx, LIST('standard'))).tokens;
      expect(coin.mint).toBe(MINT);
      if (i === 0) expect(coin.creator).toBeNull();
      if (i === 1) expect(coin.metadataUri).toBeNull();
      if (i === 2) expect(coin.market.liquidityUsd).toBeNull();
      if (i === 3) expect([coin.transferFee, coin.flywheel]).toEqual([undefined, undefined]);
      return ctx.names;
    });
    expect(served.flat()).toEqual([
      'tokens.creator absent',
      'tokens.metadataUri absent',
      'tokens.market.liquidityUsd absent',
      'tokens.transferFee/flywheel absent',
    ]);
  });

  it("never drops a reward coin's transfer fee (the capture only shows it absent on standard coins)", () => {
    const ctx = ctxFor('/api/tokens', 3);
    const [coin] = launchpadTokenListSchema.parse(launchpadVariants(ctx, LIST('reward'))).tokens;
    expect(coin.transferFee).toEqual({ bps: 300 });
    expect(ctx.names).toEqual(['tokens.market.liquidityUsd absent']);
  });

  it('/api/tokens/{mint}: the coin row gets the same variants', () => {
    const ctx = ctxFor(`/api/tokens/${MINT}`, 0);
    const detail = launchpadTokenDetailSchema.parse(launchpadVariants(ctx, { token: { ...row('standard'), launch: null } }));
    expect(detail.token.creator).toBeNull();
    expect(ctx.names).toEqual(['token.creator absent']);
  });

  it('leaves the other routes alone', () => {
    const body = { mint: MINT, airdrop: null };
    expect(launchpadVariants(ctxFor(`/api/tokens/${MINT}/airdrop`, 0), body)).toEqual(body);
    expect(launchpadVariants(ctxFor('/api/stats', 0), { x: 1 })).toEqual({ x: 1 });
  });
});

describe('launchpadVariants served by the sandbox at rate 1', () => {
  it("every launchpad endpoint Scout calls still answers through Scout's client, and variants were served", async () => {
    await withVariantSandbox(async (sandbox, { launchpad }) => {
      expect(await probeFailures(launchpadProbes(launchpad))).toEqual([]);
      const served = Object.keys(sandbox.variants.served()).filter((k) => k.startsWith('launchpad '));
      expect(served.some((k) => k.startsWith('launchpad tokens.'))).toBe(true);
      expect(served.some((k) => k.startsWith('launchpad token.'))).toBe(true);
    });
  }, 60_000);
});
