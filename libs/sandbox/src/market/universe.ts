/**
 * The static cast of the sandbox market: chains, protocols, assets, tokens and stablecoins.
 * Identities (names, slugs, addresses, ids) are fixed and do not depend on the market seed, so
 * tests can rely on them as fixtures; the seed only changes the numbers (TVL, prices, volumes...).
 */
import { EVM_TOKEN_SPECS } from './cast/evm-tokens';
import { SOLANA_TOKEN_SPECS } from './cast/solana-tokens';
import type { TokenSpec } from './cast/token-spec';

export * from './cast/assets';
export * from './cast/chains';
export * from './cast/launchpad-quotes';
export * from './cast/protocols';
export { MEME_NAMES } from './cast/solana-tokens';
export * from './cast/stablecoins';
export * from './cast/token-spec';

/** Every listed token: Solana's, then the EVM chains' (the order the market's seed draws follow). */
export const TOKEN_SPECS: readonly TokenSpec[] = [...SOLANA_TOKEN_SPECS, ...EVM_TOKEN_SPECS];
