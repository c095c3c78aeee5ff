import { uuidParameter, type RoutePaths } from '../catalog/openapi-parts';
import { AccountListQueryDto, AddCreditsDto, AuditQueryDto, CreateAccountDto, CreateKeyDto, LedgerQueryDto, ReasonDto, SetPlanDto } from './admin.dto';
import { LEDGER_CSV_ANSWER as CSV } from '../views/ledger-csv';
import { PeriodQueryDto, RequiredPeriodQueryDto } from '../views/period';

/**
 * The admin API (AdminController and its neighbours; an `admin`-scoped key): what the dashboard and
 * the billing team use. Answers are plain JSON, not the tool envelope; every change is audited.
 */
export function adminPaths(parts: RoutePaths): Record<string, unknown> {
  const admin = (operationId: string, summary: string, responses: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    operationId,
    tags: ['admin'],
    summary,
    ...extra,
    responses: { ...responses, ...parts.errorRefs(['400', '401', '403', '404']) },
  });
  const account = { parameters: [uuidParameter('id')] };
  const route = (key: string, description: string, status?: string) => parts.answer(key, description, status);
  return {
    '/api/v1/admin/overview': {
      get: admin(
        'admin_overview',
        "Every account's calls and credits per UTC day of the last 30, by channel and by tool area; this month's top accounts by credits; open holds; accounts by status.",
        route('GET /api/v1/admin/overview', 'The overview.'),
      ),
    },
    '/api/v1/admin/accounts': {
      get: admin(
        'admin_list_accounts',
        'Accounts, newest first: search by part of the name, an account id or a key prefix; filter by status and plan.',
        route('GET /api/v1/admin/accounts', 'One page of accounts.'),
        { parameters: parts.query(AccountListQueryDto) },
      ),
      post: admin(
        'admin_create_account',
        'Creates an account with its free grant and a first key (its secret shown once).',
        route('POST /api/v1/admin/accounts', 'The new account and its key.', '201'),
        parts.body(CreateAccountDto),
      ),
    },
    '/api/v1/admin/accounts/{id}': {
      get: admin(
        'admin_account',
        'One account: balance, held credits, plan and period, grants, keys.',
        route('GET /api/v1/admin/accounts/{id}', 'The account.'),
        account,
      ),
    },
    '/api/v1/admin/accounts/{id}/suspend': {
      post: admin(
        'admin_suspend_account',
        'Suspends the account: its keys are refused at once here and within AUTH_CACHE_TTL_MS everywhere. Idempotent.',
        route('POST /api/v1/admin/accounts/{id}/suspend', 'The account after it.'),
        { ...account, ...parts.body(ReasonDto, false) },
      ),
    },
    '/api/v1/admin/accounts/{id}/reactivate': {
      post: admin(
        'admin_reactivate_account',
        'Reactivates a suspended account. Idempotent.',
        route('POST /api/v1/admin/accounts/{id}/reactivate', 'The account after it.'),
        { ...account, ...parts.body(ReasonDto, false) },
      ),
    },
    '/api/v1/admin/accounts/{id}/keys': {
      get: admin(
        'admin_account_keys',
        "The account's keys, revoked ones included (prefixes only).",
        route('GET /api/v1/admin/accounts/{id}/keys', 'The keys.'),
        account,
      ),
      post: admin(
        'admin_create_key',
        'Creates a key for the account (its secret shown once).',
        route('POST /api/v1/admin/accounts/{id}/keys', 'The new key.', '201'),
        { ...account, ...parts.body(CreateKeyDto, false) },
      ),
    },
    '/api/v1/admin/keys/{keyId}': {
      delete: admin('admin_revoke_key', 'Revokes any key.', route('DELETE /api/v1/admin/keys/{keyId}', 'The revoked key.'), {
        parameters: [uuidParameter('keyId')],
      }),
    },
    '/api/v1/admin/accounts/{id}/plan': {
      put: admin(
        'admin_set_plan',
        'Picks or changes the plan: a new period starts at once with its credits and its charge.',
        route('PUT /api/v1/admin/accounts/{id}/plan', 'The plan after the change.'),
        { ...account, ...parts.body(SetPlanDto) },
      ),
      delete: admin(
        'admin_cancel_plan',
        'Cancels the plan: no more monthly grants; the balance stays.',
        route('DELETE /api/v1/admin/accounts/{id}/plan', 'The account without a plan.'),
        account,
      ),
    },
    '/api/v1/admin/accounts/{id}/plan/history': {
      get: admin(
        'admin_plan_history',
        'Plan changes and billing periods with their USD charge, newest first.',
        route('GET /api/v1/admin/accounts/{id}/plan/history', 'The history.'),
        account,
      ),
    },
    '/api/v1/admin/accounts/{id}/credits': {
      post: admin(
        'admin_move_credits',
        'Grants (complimentary), tops up (prepaid, expiring) or adjusts (+ adds, − removes, never below zero) credits, with a reason.',
        route('POST /api/v1/admin/accounts/{id}/credits', 'What was moved, and the balance after.', '201'),
        { ...account, ...parts.body(AddCreditsDto) },
      ),
    },
    '/api/v1/admin/accounts/{id}/ledger': {
      get: admin(
        'admin_account_ledger',
        "The account's ledger entries newest first, filtered by kind, tool and period; pass nextCursor as before for more.",
        route('GET /api/v1/admin/accounts/{id}/ledger', 'One page of entries.'),
        { parameters: [uuidParameter('id'), ...parts.query(LedgerQueryDto)] },
      ),
    },
    '/api/v1/admin/accounts/{id}/ledger.csv': {
      get: admin(
        'admin_account_ledger_csv',
        "The account's entries of a period as CSV (at most 366 days; the export is audited).",
        { '200': CSV },
        { parameters: [uuidParameter('id'), ...parts.query(RequiredPeriodQueryDto)] },
      ),
    },
    '/api/v1/admin/ledger.csv': {
      get: admin(
        'admin_ledger_csv',
        "Every account's entries of a period as CSV (at most 366 days; the export is audited).",
        { '200': CSV },
        {
          parameters: parts.query(RequiredPeriodQueryDto),
        },
      ),
    },
    '/api/v1/admin/accounts/{id}/usage': {
      get: admin(
        'admin_account_usage',
        'Net usage of a period by tool, UTC day and channel (REST, MCP); by default the last 30 UTC days.',
        route('GET /api/v1/admin/accounts/{id}/usage', 'The usage.'),
        { parameters: [uuidParameter('id'), ...parts.query(PeriodQueryDto)] },
      ),
    },
    '/api/v1/admin/accounts/{id}/alerts': {
      get: admin(
        'admin_account_alerts',
        "The account's alerts, each with its firing, delivery state and every attempt (never a signing secret).",
        route('GET /api/v1/admin/accounts/{id}/alerts', 'The alerts.'),
        account,
      ),
    },
    '/api/v1/admin/accounts/{id}/oauth-grants': {
      get: admin(
        'admin_account_oauth_grants',
        "The account's OAuth grants, revoked ones included.",
        route('GET /api/v1/admin/accounts/{id}/oauth-grants', 'The grants.'),
        account,
      ),
    },
    '/api/v1/admin/oauth-grants/{grantId}': {
      delete: admin(
        'admin_revoke_oauth_grant',
        'Withdraws any OAuth grant: its tokens stop working.',
        route('DELETE /api/v1/admin/oauth-grants/{grantId}', 'The revoked grant.'),
        {
          parameters: [uuidParameter('grantId')],
        },
      ),
    },
    '/api/v1/admin/audit': {
      get: admin(
        'admin_audit',
        'The audit log newest first, filtered by account, action and actor; pass nextCursor as before for more.',
        route('GET /api/v1/admin/audit', 'One page of the log.'),
        { parameters: parts.query(AuditQueryDto) },
      ),
    },
    '/api/v1/admin/upstreams': {
      get: admin(
        'admin_upstreams',
        "The data sources as this process sees them: health, each provider key's state and credits, counters, the live feed's fan-out.",
        route('GET /api/v1/admin/upstreams', 'The sources.'),
      ),
    },
  };
}
