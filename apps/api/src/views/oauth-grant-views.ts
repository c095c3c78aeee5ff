import type { GrantRevocationReason, OAuthGrant } from '@scout/auth';

/** An OAuth grant as the self-service and admin answers show it: the client, never a token. */
export interface OAuthGrantView {
  /** Grant id (UUID). */
  id: string;
  /** The app let in. */
  client: {
    /** Its OAuth client id (a URL for a metadata-document client). */
    id: string;
    /** The name it gave, or null. */
    name: string | null;
    /** How it registered: dcr (dynamic client registration) or cimd (a client id metadata document). */
    kind: 'dcr' | 'cimd';
  };
  /** What its tokens may do. */
  scopes: string[];
  /** The resource its tokens are for (Scout's MCP URL). */
  resource: string;
  /** The `sc_` key the holder approved with (its prefix only). */
  key: {
    /** Key id (UUID). */
    id: string;
    /** The key's first characters. */
    prefix: string;
  };
  /** When the holder approved it (ISO 8601). */
  createdAt: string;
  /** When one of its tokens was last used (ISO 8601), or null. */
  lastUsedAt: string | null;
  /** When it was withdrawn (ISO 8601), or null while it stands. */
  revokedAt: string | null;
  /** Why it was withdrawn (holder, admin, refresh_token_reuse, code_reuse, client), or null. */
  revokedReason: GrantRevocationReason | null;
}

/** The OAuth grants (apps let in) of an account. */
export interface OAuthGrantList {
  /** Newest first. */
  grants: OAuthGrantView[];
}

export function oauthGrantView(grant: OAuthGrant): OAuthGrantView {
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
