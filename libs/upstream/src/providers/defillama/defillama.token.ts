/**
 * Injection token of the DefiLlamaClient. The application provides it, built from the configured
 * DefiLlama sources; the DeFi tools and the price-confidence tool inject it.
 */
export const DEFILLAMA_CLIENT = Symbol('DEFILLAMA_CLIENT');
