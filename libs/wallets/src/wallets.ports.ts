import type {
  AddressPrice,
  AnalyticsWalletPnl,
  AssetTransfersPage,
  AssetTransfersRequest,
  Chain,
  SymbolPrice,
  TokenRef,
  WalletTokensPage,
} from '@scout/upstream';

/*
 * What the wallet tools need of their upstream clients, stated here so the tools depend on the
 * little they use. WalletDataClient and SolanaTrackerClient (@scout/upstream) satisfy these ports as
 * they are; tests pass fakes.
 */

/** Injection token of the multichain wallet data API (a WalletDataPort). */
export const WALLET_DATA_CLIENT = Symbol('WALLET_DATA_CLIENT');
/** Injection token of the Solana token-analytics API's wallet PnL (a WalletPnlPort). */
export const WALLET_PNL_CLIENT = Symbol('WALLET_PNL_CLIENT');

/** What a wallet holds (Portfolio API, up to five networks a call) and did (transfers, outbound count) on EVM chains. */
export interface WalletDataPort {
  tokensByWallet(wallet: string, chains: readonly Chain[], pageKey?: string): Promise<WalletTokensPage>;
  assetTransfers(request: AssetTransfersRequest): Promise<AssetTransfersPage>;
  transactionCount(chain: Chain, address: string): Promise<number>;
  /** Current USD prices by chain and contract (TokenDataClient's Prices API, up to 25 a call), for what a transfer moved. */
  pricesByAddress(tokens: readonly TokenRef[]): Promise<AddressPrice[]>;
  /** Current USD prices by ticker (up to 25 a call), for native coins, which have no contract. */
  pricesBySymbol(symbols: readonly string[]): Promise<SymbolPrice[]>;
}

/** A Solana wallet's PnL per token and in sum; an unknown wallet rejects with a NotFoundError. */
export interface WalletPnlPort {
  walletPnl(wallet: string, options?: { hideDetails?: boolean }): Promise<AnalyticsWalletPnl>;
}
