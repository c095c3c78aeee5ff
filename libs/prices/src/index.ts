export * from './prices.module';
export * from './prices.ports';
export * from './prices.dto';
export * from './prices-tools.service';
export { HISTORY_INTERVALS, DEFAULT_HISTORY_INTERVAL, type HistoryInterval } from './history-interval';
export { MAX_SPAN_DAYS } from './prices.validators';
