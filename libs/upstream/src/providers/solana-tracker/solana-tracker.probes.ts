import { probesOf, type ProviderProbe } from '../../provider-probe';
import type { SolanaTrackerClient } from './solana-tracker.client';

/** BONK: a long-lived Solana token on the live API, and a market token of the sandbox (FIXTURES.bonkMint). */
const BONK_MINT = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';
/**
 * A well-formed wallet that exists on chain (Raydium's AMM v4 authority). /pnl and /deployer answer
 * any well-formed wallet (an empty page when it traded or launched nothing), live and in the sandbox.
 */
const PROBE_WALLET = '5Q544fKrFoe6tsEbD7S8EmxGTJYAKtTVhAW5Q5pge4j1';

/** One cheap call per endpoint of SolanaTrackerClient, labelled as the client labels them. */
export function solanaTrackerProbes(client: SolanaTrackerClient): ProviderProbe[] {
  const probe = probesOf('solana-tracker');
  return [
    probe('/tokens/{mint}', 'BONK', () => client.token(BONK_MINT)),
    probe('/tokens/{mint}/bundlers', 'BONK', () => client.bundlers(BONK_MINT)),
    probe('/deployer/{wallet}', 'a wallet, 1 row', () => client.deployerTokens(PROBE_WALLET, { limit: 1 })),
    probe('/first-buyers/{mint}', 'BONK', () => client.firstBuyers(BONK_MINT)),
    probe('/top-traders/{mint}', 'BONK', () => client.topTraders(BONK_MINT)),
    probe('/pnl/{wallet}', 'a wallet, summary only', () => client.walletPnl(PROBE_WALLET, { hideDetails: true })),
    probe('/search', '"BONK", 1 row', () => client.search({ query: 'BONK', limit: 1 })),
    probe('/chart/{mint}', 'BONK, 1d candles', () => client.chart(BONK_MINT, { type: '1d' })),
  ];
}
