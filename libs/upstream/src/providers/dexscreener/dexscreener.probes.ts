import { probesOf, type ProviderProbe } from '../../provider-probe';
import type { DexScreenerClient } from './dexscreener.client';

/** BONK on Solana: traded in many pairs live, and a market token of the sandbox (FIXTURES.bonkMint). */
const BONK_MINT = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';

/** One cheap call per endpoint of DexScreenerClient, labelled as the client labels them. */
export function dexscreenerProbes(client: DexScreenerClient): ProviderProbe[] {
  const probe = probesOf('dexscreener');
  return [
    probe('/tokens/v1', 'BONK on solana', async () => {
      const markets = await client.markets('solana', [BONK_MINT]);
      // BONK always has pairs; an empty answer means the endpoint changed, not the market.
      if (!markets.has(BONK_MINT)) throw new Error('DexScreener answered no pair for BONK');
      return markets;
    }),
  ];
}
