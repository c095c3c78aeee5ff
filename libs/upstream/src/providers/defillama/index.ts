export * from './defillama.client';
export * from './defillama.token';
export * from './defillama.types';
