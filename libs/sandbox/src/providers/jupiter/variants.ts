import type { ProviderVariants } from '../../variants';

/** jupiter's documented variants (see ../../variants.ts). */
export const jupiterVariants: ProviderVariants = (_ctx, body) => body;
