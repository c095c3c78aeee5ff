import type { FomoWallets } from '@scout/upstream';
import type { SeenTrader } from './trader-directory.service';

/** A trader's wallets as every trader tool answers them: both addresses, whether they are proven, and how each was attributed. */
export interface WalletsView {
  /** The trader's Solana wallet address; null when FOMO does not say. */
  solana: string | null;
  /** The trader's EVM wallet address; null when FOMO does not say. */
  evm: string | null;
  /** True when both wallets are backed by on-chain evidence; null when the provider does not say. */
  verified: boolean | null;
  /** How each wallet was attributed, e.g. { solana: 'onchain-holdings', evm: 'provider-claimed' }. */
  evidence: { [chain: string]: string } | null;
}

/** A token as the trader tools' rows name it: its address, and its symbol and name when FOMO gives them. */
export interface TokenNames {
  /** The token's contract address (mint on Solana). */
  address: string;
  /** The token's ticker symbol; null when FOMO does not say. */
  symbol: string | null;
  /** The token's name; null when FOMO does not say. */
  name: string | null;
}

export function walletsView(wallets: FomoWallets | null): WalletsView {
  return {
    solana: wallets?.solana ?? null,
    evm: wallets?.evm ?? null,
    verified: wallets?.verified ?? null,
    evidence: wallets?.evidence ?? null,
  };
}

/** What any FOMO answer naming a trader (board row, search hit, profile) tells the directory. */
export function sightingOf(trader: {
  userId: string;
  handle: string;
  displayName: string | null;
  wallets: FomoWallets | null;
  verified: boolean | null;
}): SeenTrader {
  return {
    userId: trader.userId,
    handle: trader.handle,
    displayName: trader.displayName,
    wallets: { solana: trader.wallets?.solana ?? null, evm: trader.wallets?.evm ?? null },
    verified: trader.verified === true,
  };
}
