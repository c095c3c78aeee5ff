import { AccountEntity } from './account.entity';
import { CreditEntryEntity } from './credit-entry.entity';
import { CreditGrantEntity } from './credit-grant.entity';
import { PlanChangeEntity } from './plan-change.entity';
import { PlanEntity, planView } from './plan.entity';
import { PlanPeriodEntity } from './plan-period.entity';

export { AccountEntity, CreditEntryEntity, CreditGrantEntity, PlanChangeEntity, PlanEntity, PlanPeriodEntity, planView };
export type { PlanView } from './plan.entity';
export type { AccountStatus } from './account.entity';
export type { EntryKind } from './credit-entry.entity';
export type { GrantKind } from './credit-grant.entity';

export const LEDGER_ENTITIES = [PlanEntity, AccountEntity, CreditGrantEntity, CreditEntryEntity, PlanChangeEntity, PlanPeriodEntity];
