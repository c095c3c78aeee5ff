import type { OAuthGrant } from '@scout/auth';

/** How an OAuth grant appears in the self-service and admin answers: the client, never a token. */
export function oauthGrantView(grant: OAuthGrant) {
  return {
    id: grant.id,
    client: grant.client,
    scopes: grant.scopes,
    resource: grant.resource,
    key: grant.key,
    createdAt: grant.createdAt.toISOString(),
    lastUsedAt: grant.lastUsedAt?.toISOString() ?? null,
    revokedAt: grant.revokedAt?.toISOString() ?? null,
    revokedReason: grant.revokedReason,
  };
}
