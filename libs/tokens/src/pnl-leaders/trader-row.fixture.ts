import type { AnalyticsTraderRow } from '@scout/upstream';

/** A trader row with every figure null (unknown), for the figures' specs. */
const NULL_ROW: Omit<AnalyticsTraderRow, 'wallet'> = {
  first_buy: null,
  first_sell_time: null,
  last_transaction_time: null,
  average_sell_amount: null,
  holding: null,
  held: null,
  sold: null,
  sold_usd: null,
  realized: null,
  unrealized: null,
  total: null,
  total_sold: null,
  total_invested: null,
  average_buy_amount: null,
  current_value: null,
  cost_basis: null,
  first_buy_time: null,
  last_buy_time: null,
  last_sell_time: null,
  last_trade_time: null,
  buy_transactions: null,
  sell_transactions: null,
  total_transactions: null,
};
export const traderRow = (wallet: string, fields: Partial<AnalyticsTraderRow> = {}): AnalyticsTraderRow => ({ ...NULL_ROW, wallet, ...fields });
