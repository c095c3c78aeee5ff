export * from './defillama.client';
export { llamaSlug } from './defillama.mapping';
export * from './defillama.token';
export * from './defillama.types';
export { defillamaProbes } from './defillama.probes';
