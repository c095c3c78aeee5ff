import { LedgerFoundation1763800000000 } from './1763800000000-LedgerFoundation';
import { BillingViews1763900000000 } from './1763900000000-BillingViews';
import { GrantExpiry1763900100000 } from './1763900100000-GrantExpiry';
import { PlanPeriods1764000000000 } from './1764000000000-PlanPeriods';
import { AdminAudit1764000100000 } from './1764000100000-AdminAudit';
import { IdempotencyKeys1764000200000 } from './1764000200000-IdempotencyKeys';
import { CreditHolds1764100000000 } from './1764100000000-CreditHolds';
import { TraderDirectory1764200000000 } from './1764200000000-TraderDirectory';
import { TokenResearch1764300000000 } from './1764300000000-TokenResearch';
import { FeedEvents1764400000000 } from './1764400000000-FeedEvents';
import { Alerts1764500000000 } from './1764500000000-Alerts';
import { GrantOrder1764600000000 } from './1764600000000-GrantOrder';
import { CallChannel1764700000000 } from './1764700000000-CallChannel';
import { OAuth1764710000000 } from './1764710000000-OAuth';
import { FeedStreamResume1764720000000 } from './1764720000000-FeedStreamResume';
import { UsageRollups1764800000000 } from './1764800000000-UsageRollups';
import { HotGrantUpdates1764810000000 } from './1764810000000-HotGrantUpdates';
import { DirectCharges1764820000000 } from './1764820000000-DirectCharges';
import { LedgerIndexScans1764830000000 } from './1764830000000-LedgerIndexScans';
import { PlannedLedgerFunctions1764840000000 } from './1764840000000-PlannedLedgerFunctions';
import { SetBasedCharges1764850000000 } from './1764850000000-SetBasedCharges';
import { GenericLedgerPlans1764860000000 } from './1764860000000-GenericLedgerPlans';
import { BatchRollups1764870000000 } from './1764870000000-BatchRollups';
import { KeyLastUsed1764880000000 } from './1764880000000-KeyLastUsed';
import { AdminReadIndexes1764890000000 } from './1764890000000-AdminReadIndexes';
import { BatchesAcrossAccounts1764900000000 } from './1764900000000-BatchesAcrossAccounts';
import { LedgerAtScale1764910000000 } from './1764910000000-LedgerAtScale';
import { UsageTotals1764920000000 } from './1764920000000-UsageTotals';
import { BatchStateShared1764930000000 } from './1764930000000-BatchStateShared';
import { RefundLinkIndex1764940000000 } from './1764940000000-RefundLinkIndex';

/** Every migration, oldest first. Listed by class so compiled and ts-node runs load the same set. */
export const MIGRATIONS = [
  LedgerFoundation1763800000000,
  BillingViews1763900000000,
  GrantExpiry1763900100000,
  PlanPeriods1764000000000,
  AdminAudit1764000100000,
  IdempotencyKeys1764000200000,
  CreditHolds1764100000000,
  TraderDirectory1764200000000,
  TokenResearch1764300000000,
  FeedEvents1764400000000,
  Alerts1764500000000,
  GrantOrder1764600000000,
  CallChannel1764700000000,
  OAuth1764710000000,
  FeedStreamResume1764720000000,
  UsageRollups1764800000000,
  HotGrantUpdates1764810000000,
  DirectCharges1764820000000,
  LedgerIndexScans1764830000000,
  PlannedLedgerFunctions1764840000000,
  SetBasedCharges1764850000000,
  GenericLedgerPlans1764860000000,
  BatchRollups1764870000000,
  KeyLastUsed1764880000000,
  AdminReadIndexes1764890000000,
  BatchesAcrossAccounts1764900000000,
  LedgerAtScale1764910000000,
  UsageTotals1764920000000,
  BatchStateShared1764930000000,
  RefundLinkIndex1764940000000,
];
