import type { ProviderVariants } from '../../variants';

/** launchpad's documented variants (see ../../variants.ts). */
export const launchpadVariants: ProviderVariants = (_ctx, body) => body;
