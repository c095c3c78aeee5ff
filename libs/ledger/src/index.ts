export * from './entities';
export * from './ledger.module';
export * from './ledger.service';
export type { ExportedEntry } from './entry-export';
export * from './accounts.service';
export {
  planUsageRead,
  type ChannelUsage,
  type DailyUsageOfAll,
  type DailyUsageRow,
  type DayUsage,
  type PeriodUsage,
  type TopAccountRow,
  type ToolUsage,
  type UsageReadPlan,
} from './usage-reads';
export * from './credit-holds.service';
export * from './plan.service';
export * from './plan-views';
export * from './jobs/grant-expiry.queue';
export * from './jobs/ledger-jobs.service';
export { ledgerSql, LEDGER_SQL_FILE } from './ledger-sql';
export { verifyLedger, LEDGER_INVARIANTS, type LedgerQuery, type LedgerInvariant, type LedgerViolation, type VerifyLedgerOptions } from './ledger-verify';
