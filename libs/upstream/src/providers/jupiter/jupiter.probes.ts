import { probesOf, type ProviderProbe } from '../../provider-probe';
import type { JupiterClient } from './jupiter.client';

/** Wrapped SOL and USDC: priced, routable and searchable on the live API and in the sandbox (FIXTURES.solMint, FIXTURES.usdcMint). */
const SOL_MINT = 'So11111111111111111111111111111111111111112';
const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

/** One cheap call per endpoint of JupiterClient, labelled as the client labels them. */
export function jupiterProbes(client: JupiterClient): ProviderProbe[] {
  const probe = probesOf('jupiter');
  return [
    probe('/price/v3', 'SOL and USDC', () => client.prices([SOL_MINT, USDC_MINT])),
    probe('/swap/v1/quote', '0.01 SOL to USDC, ExactIn, 50 bps', async () => {
      const result = await client.quote({ inputMint: SOL_MINT, outputMint: USDC_MINT, amount: '10000000', slippageBps: 50 });
      // SOL to USDC is always routable; "no route" here means the endpoint changed, not the market.
      if (!result.routable) throw new Error(`SOL to USDC came back unroutable: ${result.errorCode ?? result.detail}`);
      return result;
    }),
    probe('/tokens/v2/search', 'USDC by mint', () => client.searchTokens(USDC_MINT)),
  ];
}
