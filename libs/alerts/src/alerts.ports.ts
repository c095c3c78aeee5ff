import type { Chain } from '@scout/upstream';

/** Injection token of the host resolver webhook targets are checked with (a HostResolver). */
export const WEBHOOK_RESOLVER = Symbol('WEBHOOK_RESOLVER');
/** Injection token of the live price source the evaluator reads (an AlertPricesPort). */
export const ALERT_PRICES = Symbol('ALERT_PRICES');

/** What the evaluator needs of a market data client (DexScreenerClient satisfies it). */
export interface AlertPricesPort {
  /** Keyed by the address as asked; tokens the source does not know are absent. */
  markets(chain: Chain, addresses: readonly string[]): Promise<ReadonlyMap<string, { priceUsd: number | null }>>;
}
