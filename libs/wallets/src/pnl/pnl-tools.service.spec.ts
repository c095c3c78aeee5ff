import { TokenAnalyticsNotFoundError, UpstreamError, type AnalyticsWalletPnl } from '@scout/upstream';
import type { WalletPnlPort } from '../wallets.ports';
import { PnlToolsService } from './pnl-tools.service';

const WALLET = 'webPabtXEy93cDvBpgzRKvhzm2Vn8bDkrFQFaBgv5vc';

const answer: AnalyticsWalletPnl = {
  tokens: {},
  summary: {
    realized: 10,
    unrealized: 5,
    total: 15,
    totalInvested: 100,
    averageBuyAmount: 50,
    totalWins: 1,
    totalLosses: 1,
    winPercentage: 50,
    lossPercentage: 50,
  },
};

/** The service on a fake port that records what it was asked. */
function service(walletPnl: WalletPnlPort['walletPnl']) {
  const port = { walletPnl: jest.fn(walletPnl) };
  return { port, tools: new PnlToolsService(port) };
}

describe('PnlToolsService', () => {
  it('asks for the summary only without holdings, and for the coins with them', async () => {
    const { port, tools } = service(async () => answer);
    const bare = await tools.walletPnl({ wallet: ` ${WALLET} `, includeHoldings: false });
    expect(port.walletPnl).toHaveBeenLastCalledWith(WALLET, { hideDetails: true });
    expect(bare.data).toMatchObject({ wallet: WALLET, hasHistory: true, winRatePct: 50, tokensTraded: null, holdings: null });
    await tools.walletPnl({ wallet: WALLET, includeHoldings: true });
    expect(port.walletPnl).toHaveBeenLastCalledWith(WALLET, { hideDetails: false });
  });

  it("answers the provider's not-found for the wallet with the empty answer and a note", async () => {
    const { tools } = service(async () => {
      throw new TokenAnalyticsNotFoundError('wallet', WALLET);
    });
    const result = await tools.walletPnl({ wallet: WALLET, includeHoldings: true });
    expect(result.data).toMatchObject({ hasHistory: false, realizedPnlUsd: null, tokensTraded: 0, holdings: [] });
    expect(result.notes).toEqual([expect.stringContaining('does not know this wallet')]);
  });

  it('lets any other failure through (a 502 for the caller)', async () => {
    const down = new UpstreamError('solana-tracker', 'http', 'HTTP 503', 503);
    const { tools } = service(async () => {
      throw down;
    });
    await expect(tools.walletPnl({ wallet: WALLET, includeHoldings: true })).rejects.toBe(down);
  });
});
