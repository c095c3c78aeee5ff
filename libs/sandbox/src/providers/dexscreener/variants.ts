import type { ProviderVariants } from '../../variants';

/** dexscreener's documented variants (see ../../variants.ts). */
export const dexscreenerVariants: ProviderVariants = (_ctx, body) => body;
