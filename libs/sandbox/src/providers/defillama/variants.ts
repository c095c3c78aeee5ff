import type { ProviderVariants } from '../../variants';

/** defillama's documented variants (see ../../variants.ts). */
export const defillamaVariants: ProviderVariants = (_ctx, body) => body;
