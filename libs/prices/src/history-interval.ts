/** Point spacing of service_price_history, and the default when none is given. */
export const HISTORY_INTERVALS = ['5m', '1h', '1d'] as const;
export type HistoryInterval = (typeof HISTORY_INTERVALS)[number];
export const DEFAULT_HISTORY_INTERVAL: HistoryInterval = '1h';
