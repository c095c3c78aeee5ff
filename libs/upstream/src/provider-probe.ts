/**
 * One cheap real call of one provider endpoint, through the client Scout uses and so through its
 * schema, for `npm run providers:check` (the live drift check). Each provider folder lists its
 * probes in `<provider>.probes.ts`: one per endpoint its client calls, on a known token, wallet
 * or chain that exists on the live provider and in the sandbox alike.
 */
export interface ProviderProbe {
  /** The provider, as the table groups it (e.g. 'jupiter'). */
  provider: string;
  /** The endpoint label the client's calls carry (e.g. 'jupiter:/price/v3'). */
  endpoint: string;
  /** What the probe asks, in a few words for the table (e.g. 'SOL and USDC'). */
  asks: string;
  /** Makes the call; resolves when Scout's schema accepted the answer, rejects with what the client throws. */
  run(): Promise<unknown>;
}

/**
 * The probe maker of one provider: `probe('/price/v3', 'SOL and USDC', run)` is the probe of the
 * endpoint labelled `jupiter:/price/v3`, as the client labels its calls.
 */
export function probesOf(provider: string): (endpoint: string, asks: string, run: () => Promise<unknown>) => ProviderProbe {
  return (endpoint, asks, run) => ({ provider, endpoint: `${provider}:${endpoint}`, asks, run });
}
