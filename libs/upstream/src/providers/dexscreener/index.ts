export * from './dexscreener.client';
export { dexPairSchema, tokensV1ResponseSchema, type DexPair } from './dexscreener.schemas';
export * from './dexscreener.probes';
