import type { ProviderVariants } from '../../variants';

/** fomo's documented variants (see ../../variants.ts). */
export const fomoVariants: ProviderVariants = (_ctx, body) => body;
