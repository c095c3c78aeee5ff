import { uuidParameter, type RoutePaths } from '../catalog/openapi-parts';
import { LEDGER_CSV_ANSWER } from '../views/ledger-csv';
import { PeriodQueryDto, RequiredPeriodQueryDto } from '../views/period';
import { ChangeOwnPlanDto, CreateOwnKeyDto, OwnLedgerQueryDto } from './me.dto';

/** The caller's own account (MeController, MeOAuthGrantsController): any key, only ever the key's own account. */
export function selfServicePaths(parts: RoutePaths): Record<string, unknown> {
  const account = (
    operationId: string,
    summary: string,
    responses: Record<string, unknown>,
    extra: Record<string, unknown> = {},
    errors = ['400', '401', '404'],
  ) => ({
    operationId,
    tags: ['account'],
    summary,
    ...extra,
    responses: { ...responses, ...parts.errorRefs(errors) },
  });
  return {
    '/api/v1/me': {
      get: {
        operationId: 'me',
        tags: ['account'],
        summary: 'Your balance, calls left at 250 credits a call, and usage by tool and by channel (REST or MCP).',
        description:
          'usageByTool and usageByChannel are net of refunds, over the life of the account. usageByChannel lists every channel, `rest` (/api/v1/tools) and `mcp` (/mcp), zeros included; both spend the one balance.',
        responses: {
          '200': {
            ...(parts.answer('GET /api/v1/me', 'The caller account.')['200'] as object),
            headers: { 'x-credits-remaining': { $ref: '#/components/headers/CreditsRemaining' } },
          },
          ...parts.errorRefs(['401']),
        },
      },
    },
    '/api/v1/me/keys': {
      get: account('me_keys', "The account's keys (prefixes only, never a secret).", parts.answer('GET /api/v1/me/keys', 'The keys.')),
      post: account(
        'me_create_key',
        'Creates a key with at most the scopes of the calling key (at most 20 active).',
        parts.answer('POST /api/v1/me/keys', 'The new key; its secret is shown once.', '201'),
        parts.body(CreateOwnKeyDto, false),
        ['400', '401', '403'],
      ),
    },
    '/api/v1/me/keys/{keyId}': {
      delete: account(
        'me_revoke_key',
        "Revokes one of the account's keys (never its last active one).",
        parts.answer('DELETE /api/v1/me/keys/{keyId}', 'The revoked key.'),
        { parameters: [uuidParameter('keyId')] },
      ),
    },
    '/api/v1/me/plan': {
      get: account(
        'me_plan',
        'Plan, current period, renewal date, periods with their USD charge, plan changes, plans to pick from.',
        parts.answer('GET /api/v1/me/plan', 'The plan.'),
      ),
      put: account(
        'me_change_plan',
        'Picks or changes the plan: a new period starts at once and its credits are granted.',
        parts.answer('PUT /api/v1/me/plan', 'The plan after the change.'),
        parts.body(ChangeOwnPlanDto),
      ),
      delete: account(
        'me_cancel_plan',
        'Cancels the plan: no more monthly grants; credits already granted stay.',
        parts.answer('DELETE /api/v1/me/plan', 'The account without a plan.'),
      ),
    },
    '/api/v1/me/grants': {
      get: account(
        'me_grants',
        'Grants (free, plan, top-up, adjustment) with what is left of each and when it expires.',
        parts.answer('GET /api/v1/me/grants', 'The grants.'),
      ),
    },
    '/api/v1/me/oauth-grants': {
      get: account(
        'me_oauth_grants',
        'Apps let in through OAuth: client, scopes, the approving key, when approved and last used. Needs an sc_ key.',
        parts.answer('GET /api/v1/me/oauth-grants', 'The standing grants.'),
      ),
    },
    '/api/v1/me/oauth-grants/{grantId}': {
      delete: account(
        'me_revoke_oauth_grant',
        'Withdraws a grant: its tokens stop working. Needs an sc_ key.',
        parts.answer('DELETE /api/v1/me/oauth-grants/{grantId}', 'The revoked grant.'),
        { parameters: [uuidParameter('grantId')] },
      ),
    },
    '/api/v1/me/ledger': {
      get: account(
        'me_ledger',
        'Ledger entries newest first, with their channel; pass nextCursor as before for more.',
        parts.answer('GET /api/v1/me/ledger', 'One page of entries.'),
        { parameters: parts.query(OwnLedgerQueryDto) },
      ),
    },
    '/api/v1/me/ledger.csv': {
      get: account(
        'me_ledger_csv',
        "The account's entries of a period as CSV (at most 366 days), oldest first: the columns of the admin export.",
        { '200': LEDGER_CSV_ANSWER },
        { parameters: parts.query(RequiredPeriodQueryDto) },
        ['400', '401', '403'],
      ),
    },
    '/api/v1/me/usage': {
      get: account(
        'me_usage',
        'Net usage of a period by tool, UTC day and channel (REST, MCP); by default the current plan period, or the UTC month without a plan.',
        parts.answer('GET /api/v1/me/usage', 'The usage.'),
        { parameters: parts.query(PeriodQueryDto) },
        ['400', '401', '403'],
      ),
    },
  };
}
