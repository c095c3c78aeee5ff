import { probesOf, type ProviderProbe } from '../../provider-probe';
import type { LaunchpadClient } from './launchpad.client';
import { LaunchpadNotFoundError } from './launchpad.errors';

/**
 * A well-formed payment signature no launch was paid with. The site names its launches by mint,
 * never by payment signature, so Scout knows no signature that exists on the live site: the probe
 * asks this one and accepts the site's documented 404 (LaunchpadNotFoundError). A drifted route
 * (any other status) or a 200 Scout's schema refuses still fails the probe.
 */
const UNKNOWN_PAYMENT_SIGNATURE = '1'.repeat(88);

/**
 * One cheap call per endpoint of LaunchpadClient, labelled as the client labels them. The site's
 * coins are its own (the sandbox makes up others), so the per-coin probes first read the newest
 * listing and ask about a coin found there; the LaunchLab probe asks about a LaunchLab-ready pair.
 */
export function launchpadProbes(client: LaunchpadClient): ProviderProbe[] {
  const probe = probesOf('launchpad');
  const newestMint = async (): Promise<string> => {
    const { tokens } = await client.tokens({ sort: 'newest', pageSize: 1 });
    if (!tokens[0]) throw new Error('The launchpad lists no coin to probe');
    return tokens[0].mint;
  };
  const pumpMint = async (): Promise<string> => {
    const { tokens } = await client.tokens({ sort: 'newest', pageSize: 100 });
    const pump = tokens.find((t) => t.launchpad === 'pump');
    if (!pump) throw new Error('No pump coin among the 100 newest to probe backing with');
    return pump.mint;
  };
  const perCoin = (route: string, run: (mint: string) => Promise<unknown>) =>
    probe(`/api/tokens/{mint}${route}`, `the newest coin${route ? ` (${route.slice(1)})` : ''}`, async () => run(await newestMint()));
  return [
    probe('/api/tokens', 'newest coin, one row', () => client.tokens({ sort: 'newest', pageSize: 1 })),
    perCoin('', (m) => client.token(m)),
    perCoin('/burns', (m) => client.burns(m, 1)),
    perCoin('/rewards', (m) => client.tokenRewards(m, 1)),
    perCoin('/airdrop', (m) => client.airdrop(m, 1)),
    perCoin('/fees', (m) => client.fees(m)),
    probe('/api/tokens/{mint}/backing', 'the newest pump coin', async () => client.backing(await pumpMint())),
    probe('/api/launches', 'newest launch, one row', () => client.launches({ pageSize: 1 })),
    probe('/api/launches/status/{paymentSignature}', 'an unknown signature (404 expected)', () =>
      client.launchStatus(UNKNOWN_PAYMENT_SIGNATURE).catch((error: unknown) => {
        if (error instanceof LaunchpadNotFoundError) return null;
        throw error;
      }),
    ),
    probe('/api/pairs', 'every pair', () => client.pairs()),
    probe('/api/launchlab/pricing/{quoteMint}', 'the first LaunchLab-ready pair', async () => {
      const { pairs } = await client.pairs({ launchLabReady: true });
      if (!pairs[0]) throw new Error('The launchpad lists no LaunchLab-ready pair');
      return client.launchLabPricing(pairs[0].mint);
    }),
    probe('/api/stats', 'platform totals', () => client.stats()),
    probe('/api/revenue', 'one recent entry', () => client.revenue({ limit: 1 })),
    probe('/api/rewards', 'one recent entry', () => client.rewards({ limit: 1 })),
  ];
}
