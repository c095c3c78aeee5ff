import { SANDBOX_KEYS } from '@scout/sandbox';
import { startTokensApp, trendingBoard, UNKNOWN_EVM, UNKNOWN_MINT, type Json, type TokensApp } from './support';

/**
 * service_token_quality end to end against the sandbox: Jupiter's directory entry for a mint, read
 * past Scout, is what the answer reports (organic score, verification, audit, organic against total
 * volume); an unknown mint is 404, an EVM contract 400, Jupiter down 502, all uncharged.
 */
describe('service_token_quality (end to end against the sandbox)', () => {
  let app: TokensApp;
  let mints: string[];

  beforeAll(async () => {
    app = await startTokensApp('token-quality');
    mints = (await trendingBoard(app))
      .filter((r: Json) => r.network === 'solana')
      .slice(0, 3)
      .map((r: Json) => r.token.address as string);
  });
  afterAll(() => app.t.close());

  const directory = async (mint: string): Promise<Json> => {
    const res = await fetch(`${app.t.sandbox.urls.jupiter}/tokens/v2/search?query=${mint}`, { headers: { 'x-api-key': SANDBOX_KEYS.jupiter } });
    return ((await res.json()) as Json[]).find((t) => t.id === mint);
  };

  it("reports the directory's organic score, audit and organic against total volume for board coins, charged 250", async () => {
    for (const mint of mints) {
      const entry = await directory(mint);
      expect(entry).toBeDefined();
      const before = await app.balance();
      const res = await app.call('service_token_quality', { token: mint });
      await app.expectCharged('service_token_quality', res, before);
      const d = res.body.data;
      expect(d.token).toMatchObject({ mint, symbol: entry.symbol });
      expect(d.organicScore).toBe(entry.organicScore ?? null);
      expect(d.verified).toBe(entry.isVerified ?? null);
      expect(d.audit).toMatchObject({
        mintAuthorityDisabled: entry.audit.mintAuthorityDisabled ?? null,
        topHoldersPercent: entry.audit.topHoldersPercentage ?? null,
        devBalancePercent: entry.audit.devBalancePercentage ?? null,
      });
      const day = entry.stats24h;
      expect(d.volume['24h'].totalUsd).toBeCloseTo(day.buyVolume + day.sellVolume, 2);
      expect(d.volume['24h'].organicUsd).toBeCloseTo(day.buyOrganicVolume + day.sellOrganicVolume, 2);
      expect(d.volume['24h'].organicSharePct).toBeLessThanOrEqual(100);
      for (const w of ['5m', '1h', '6h', '24h']) expect(d.volume).toHaveProperty(w);
      expect(res.body.credits.endpoints).toEqual(['jupiter:/tokens/v2/search']);
    }
  });

  it('is refused, uncharged: an EVM contract (400 naming the EVM tool), a malformed mint (400), an unknown mint (404)', async () => {
    const before = await app.balance();
    const evm = await app.call('service_token_quality', { token: UNKNOWN_EVM });
    await app.expectUncharged(evm, 400, before);
    expect(evm.body.error.issues[0]).toMatchObject({ path: 'token', message: expect.stringContaining('service_token_info') });
    await app.expectUncharged(await app.call('service_token_quality', { token: 'not a mint' }), 400, before);
    await app.expectUncharged(await app.call('service_token_quality', {}), 400, before);
    const unknown = await app.call('service_token_quality', { token: UNKNOWN_MINT });
    await app.expectUncharged(unknown, 404, before);
    expect(unknown.body.error.message).toContain(UNKNOWN_MINT);
  });

  it('Jupiter down is a 502, uncharged', async () => {
    await app.freshReads();
    app.t.sandbox.control.add({ provider: 'jupiter', status: 503 });
    try {
      const before = await app.balance();
      await app.expectUncharged(await app.call('service_token_quality', { token: mints[0] }), 502, before);
    } finally {
      app.t.sandbox.control.clear();
    }
  });
});
