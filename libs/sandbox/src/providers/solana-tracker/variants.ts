import type { ProviderVariants } from '../../variants';

/** solana-tracker's documented variants (see ../../variants.ts). */
export const solanaTrackerVariants: ProviderVariants = (_ctx, body) => body;
