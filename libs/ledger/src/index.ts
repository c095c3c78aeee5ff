export * from './entities';
export * from './ledger.module';
export * from './ledger.service';
export { planUsageRead, type ChannelUsage, type DayUsage, type PeriodUsage, type ToolUsage, type UsageReadPlan } from './usage-reads';
export * from './credit-holds.service';
export * from './plan.service';
export * from './jobs/grant-expiry.queue';
export * from './jobs/ledger-jobs.service';
export { verifyLedger, LEDGER_INVARIANTS, type LedgerQuery, type LedgerInvariant, type LedgerViolation, type VerifyLedgerOptions } from './ledger-verify';
