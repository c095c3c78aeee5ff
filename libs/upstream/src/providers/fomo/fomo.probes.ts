import { probesOf, type ProviderProbe } from '../../provider-probe';
import type { FomoClient } from './fomo.client';
import type { FomoTokenClient } from './fomo-token.client';

/**
 * A tracked trader on live FOMO and in the sandbox alike: 'pricedin' and its user id appear in the
 * peer's captured 7d leaderboard (../shared/reference/peer/responses/stalkchain_fomo_leaderboard.md)
 * and the sandbox serves the same identity (libs/sandbox/src/providers/fomo/peer-traders.ts).
 */
const TRADER_HANDLE = 'pricedin';
const TRADER_ID = '27000f4b-0bc3-572b-a018-2d6e50c512e0';
/** BONK: traded on live FOMO, and a sandbox market token (libs/sandbox/src/market/fixtures.ts, FIXTURES.bonkMint). */
const TOKEN = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';

/**
 * One cheap call per endpoint of FomoClient and FomoTokenClient, labelled as the clients label them.
 * The trade endpoints need a trade id, which no fixed identity gives on both sides: those probes
 * first read the trader's newest swap (one extra swaps call) and use its trade id.
 * The alert stream (WebSocket) has its own probe (fomo-alert-stream.probe.ts): it needs the stream's
 * URL, key and connection lifecycle rather than a client.
 */
export function fomoProbes(clients: { traders: FomoClient; tokens: FomoTokenClient }): ProviderProbe[] {
  const { traders, tokens } = clients;
  const probe = probesOf('fomo');
  const newestTradeId = async (): Promise<string> => {
    const page = await traders.swapsPage(TRADER_ID, { limit: 5 });
    const id = page.swaps.map((s) => s.tradeIdIn ?? s.tradeIdOut).find((t): t is string => typeof t === 'string' && t.length > 0);
    if (!id) throw new Error(`no trade id among ${TRADER_HANDLE}'s newest swaps`);
    return id;
  };
  return [
    probe('/v2/me', 'the key owner', () => traders.me()),
    probe('/v2/leaderboard/{window}', '7d board', () => traders.leaderboard('7d')),
    probe('/v2/users/{handle}', `@${TRADER_HANDLE}`, () => traders.userByHandle(TRADER_HANDLE)),
    probe('/v2/users/id/{userId}', `${TRADER_HANDLE} by id`, () => traders.userById(TRADER_ID)),
    probe('/v2/users/{userId}/positions', `${TRADER_HANDLE}, first page`, () => traders.positionsPage(TRADER_ID)),
    probe('/v2/users/{userId}/swaps', `${TRADER_HANDLE}, 5 newest`, () => traders.swapsPage(TRADER_ID, { limit: 5 })),
    probe('/v2/users/{userId}/balances', TRADER_HANDLE, () => traders.balances(TRADER_ID)),
    probe('/v2/users/{userId}/following', `${TRADER_HANDLE}, 5`, () => traders.following(TRADER_ID, 5)),
    probe('/v2/users/{userId}/followers', `${TRADER_HANDLE}, 5`, () => traders.followers(TRADER_ID, 5)),
    probe('/v2/users/{userId}/spotlight', TRADER_HANDLE, () => traders.spotlight(TRADER_ID)),
    probe('/v2/search', `traders matching "${TRADER_HANDLE}"`, () => traders.search(TRADER_HANDLE, { type: 'traders', limit: 5 })),
    probe('/v2/thesis/user/{id}', TRADER_HANDLE, () => traders.thesesByUser(TRADER_ID)),
    probe('/v2/thesis/user/{id}/token/{address}', `${TRADER_HANDLE} on BONK`, () => traders.thesesByUser(TRADER_ID, { tokenAddress: TOKEN })),
    probe('/v2/trades/{tradeId}', `${TRADER_HANDLE}'s newest trade`, async () => traders.trade(await newestTradeId())),
    probe('/v2/trades/{tradeId}/comments', `${TRADER_HANDLE}'s newest trade, 5`, async () => traders.tradeComments(await newestTradeId(), 5)),
    probe('/v2/token/{address}/stats', 'BONK', () => tokens.tokenStats(TOKEN)),
    probe('/v2/token/{address}/devs', 'BONK', () => tokens.tokenDevs(TOKEN)),
    probe('/v2/token/{address}/candles', 'BONK, 24 hourly', () => tokens.candles(TOKEN, { resolution: '60', countBack: 24 })),
    probe('/v2/tokens/search', '"BONK"', () => tokens.searchTokens('BONK')),
    probe('/token/{address}/holders', 'BONK', () => tokens.tokenHolders(TOKEN)),
    probe('/v2/leaderboard/tokens/{board}', 'trending', () => tokens.tokenBoard('trending')),
    probe('/v2/thesis/token/{address}', 'BONK', () => tokens.thesesForToken(TOKEN)),
    probe('/v2/thesis', 'newest', () => tokens.recentTheses()),
    probe('/v2/alerts', 'newest', () => tokens.alerts()),
  ];
}
