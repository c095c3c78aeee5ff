import type { AdminAuditData } from '@scout-api/client';

/** Answer types of the admin pages, from the typed client (generated from the OpenAPI document). */
export type { AdminOverview, OverviewDay, TopAccount } from '@scout-api/client';

export type AuditAction = NonNullable<NonNullable<AdminAuditData['query']>['action']>;

/** The actions the audit log knows (libs/audit AUDIT_ACTIONS), in its order; the client's types keep the two alike. */
export const AUDIT_ACTIONS = [
  'account.create',
  'account.suspend',
  'account.reactivate',
  'key.create',
  'key.revoke',
  'plan.change',
  'plan.cancel',
  'credits.grant',
  'credits.topup',
  'credits.adjust',
  'ledger.export',
  'oauth_grant.revoke',
] as const satisfies readonly AuditAction[];
// Every action the API takes is listed: one missing here fails the type-check.
type Unlisted = Exclude<AuditAction, (typeof AUDIT_ACTIONS)[number]>;
export const EVERY_ACTION_LISTED: [Unlisted] extends [never] ? true : never = true;

/** Plans an admin may pick (SetPlanDto.plan). */
export const PLAN_IDS = ['starter', 'growth', 'pro'] as const;
