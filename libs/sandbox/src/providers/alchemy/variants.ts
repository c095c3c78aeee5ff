import type { ProviderVariants } from '../../variants';

/** alchemy's documented variants (see ../../variants.ts). */
export const alchemyVariants: ProviderVariants = (_ctx, body) => body;
