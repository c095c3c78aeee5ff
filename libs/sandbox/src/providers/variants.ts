import type { Provider } from '../faults';
import type { ProviderVariants } from '../variants';
import { alchemyVariants } from './alchemy/variants';
import { defillamaVariants } from './defillama/variants';
import { dexscreenerVariants } from './dexscreener/variants';
import { fomoVariants } from './fomo/variants';
import { jupiterVariants } from './jupiter/variants';
import { launchpadVariants } from './launchpad/variants';
import { solanaTrackerVariants } from './solana-tracker/variants';

/** Each provider's writer of its documented variants, one file per provider folder. */
export const PROVIDER_VARIANTS: Record<Provider, ProviderVariants> = {
  alchemy: alchemyVariants,
  defillama: defillamaVariants,
  dexscreener: dexscreenerVariants,
  fomo: fomoVariants,
  jupiter: jupiterVariants,
  launchpad: launchpadVariants,
  'solana-tracker': solanaTrackerVariants,
};
