import type { Clock } from '@scout/core';
import { UpstreamError, type AnalyticsDeployerTokens } from '@scout/upstream';
import type { TokenAnalyticsPort } from '../tokens.ports';
import { DeployerToolsService, DEPLOYER_PAGE_SIZE } from './deployer-tools.service';

/*
 * The paging of a serial launcher's history (more launches than a page holds), which the sandbox's
 * deployers never reach: a fake analytics port serving `total` launches, newest first.
 */
const WALLET = 'DePLoyerXq7JmVnP4sWc9KdRhT2yLzAe5BfGu8NpQw3';
const NOW = Date.UTC(2026, 5, 1);
const clock: Clock = { now: () => new Date(NOW) };

function fakePort(total: number, failPage?: number) {
  const asked: number[] = [];
  const port = {
    async deployerTokens(wallet: string, options: { page?: number; limit?: number } = {}): Promise<AnalyticsDeployerTokens> {
      const page = options.page ?? 1;
      const limit = options.limit ?? 100;
      asked.push(page);
      if (page === failPage) throw new UpstreamError('solana-tracker', 'http', 'HTTP 503', 503);
      const from = (page - 1) * limit;
      const tokens = Array.from({ length: Math.max(0, Math.min(limit, total - from)) }, (_, i) => ({
        name: null,
        symbol: null,
        mint: `${wallet.slice(0, 8)}${String(from + i).padStart(6, '0')}`,
        decimals: 6,
        poolAddress: null,
        liquidityUsd: 100,
        marketCapUsd: 3_000,
        priceUsd: null,
        lpBurn: 100,
        market: 'pumpfun',
        freezeAuthority: null,
        mintAuthority: null,
        createdAt: NOW - (from + i + 2) * 86_400_000,
        lastUpdated: NOW,
        buys: null,
        sells: null,
        totalTransactions: null,
      }));
      return { total, tokens };
    },
  } as Partial<TokenAnalyticsPort> as TokenAnalyticsPort;
  return { port, asked };
}

describe('DeployerToolsService paging', () => {
  it('reads every page of a history longer than one page, each launch once', async () => {
    const { port, asked } = fakePort(DEPLOYER_PAGE_SIZE + 120);
    const result = await new DeployerToolsService(port, clock).deployer({ deployer: WALLET });
    expect(asked.sort()).toEqual([1, 2]);
    expect(result.data).toMatchObject({ deployer: WALLET, launchCount: 620, listed: 620, outcomes: { dead: 620 } });
    expect(new Set(result.data.launches!.map((l) => l.mint)).size).toBe(620);
    expect(result.notes).toBeUndefined();
  });

  it('stops at the bound and says the counts cover the newest launches only', async () => {
    const { port, asked } = fakePort(5_000);
    const result = await new DeployerToolsService(port, clock).deployer({ deployer: WALLET });
    expect(asked.sort()).toEqual([1, 2, 3, 4]);
    expect(result.data).toMatchObject({ launchCount: 5_000, listed: 2_000 });
    expect(result.notes).toEqual([expect.stringContaining('newest 2000')]);
  });

  it('a later page failing leaves its launches out with a note; the answer stands', async () => {
    const { port } = fakePort(1_200, 2);
    const result = await new DeployerToolsService(port, clock).deployer({ deployer: WALLET });
    expect(result.data).toMatchObject({ launchCount: 1_200, listed: 700 });
    expect(result.notes).toEqual([expect.stringMatching(/page 2 did not answer.*launches 501-1000/)]);
  });
});
