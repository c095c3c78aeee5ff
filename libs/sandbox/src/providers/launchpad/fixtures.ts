/** What `/__control/fixtures` names under `launchpad`: inputs the stand-in answers at the clock. */
import { LAUNCH_PATH_NAMES } from '../../market';
import { paymentSignature } from './ids';
import type { LaunchpadWorld } from './world';

export function launchpadFixtures(world: LaunchpadWorld, t: number) {
  const launched = world.launched(t);
  const newestFirst = [...launched].reverse();
  const mints: Record<string, string[]> = {};
  for (const path of LAUNCH_PATH_NAMES)
    for (const mode of ['standard', 'reward'] as const)
      mints[`${path}_${mode}`] = newestFirst
        .filter((c) => c.path === path && c.mode === mode)
        .slice(0, 3)
        .map((c) => c.mint);
  const processing = world.coins.find((c) => c.paidAt <= t && c.at > t);
  const completed = newestFirst[0];
  const counts = new Map<string, number>();
  for (const c of launched) counts.set(c.creator, (counts.get(c.creator) ?? 0) + 1);
  const serial = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
  return {
    mints,
    pumpMint: mints.pump_standard[0] ?? null,
    nonPumpMint: mints.raydium_standard[0] ?? null,
    rewardMint: mints.pump_reward[0] ?? mints.raydium_reward[0] ?? null,
    airdropMint: newestFirst.find((c) => c.airdrop)?.mint ?? null,
    noAirdropMint: newestFirst.find((c) => !c.airdrop)?.mint ?? null,
    processingSignature: processing ? paymentSignature(processing.index) : null,
    completedSignature: completed ? paymentSignature(completed.index) : null,
    completedMint: completed?.mint ?? null,
    launchLabReadyQuote: world.quotes.find((q) => q.launchLabReady)!.mint,
    notLaunchLabReadyQuote: world.quotes.find((q) => !q.launchLabReady)!.mint,
    xstockQuote: world.quotes.find((q) => q.category === 'xstock')!.mint,
    serialCreator: serial ? { wallet: serial[0], launches: serial[1] } : null,
  };
}
