import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { VerifiedCredentials } from '../verified-credentials';

export type GrantRevocationReason = 'holder' | 'admin' | 'refresh_token_reuse' | 'code_reuse' | 'client';

/** A holder's approval of one client: the tokens issued under it stand or fall with it. */
export interface OAuthGrant {
  id: string;
  accountId: string;
  client: { id: string; name: string | null; kind: 'dcr' | 'cimd' };
  /** The `sc_` key the holder approved with (its prefix only). */
  key: { id: string; prefix: string };
  scopes: string[];
  resource: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  revokedReason: GrantRevocationReason | null;
}

interface GrantRow {
  id: string;
  account_id: string;
  client_id: string;
  client_kind: 'dcr' | 'cimd';
  client_name: string | null;
  api_key_id: string;
  key_prefix: string;
  scopes: string[];
  resource: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
  revoked_reason: GrantRevocationReason | null;
}

const SELECT_GRANTS = `
  SELECT g.id, g.account_id, g.client_id, c.kind AS client_kind, c.metadata->>'client_name' AS client_name,
         g.api_key_id, k.prefix AS key_prefix, g.scopes, g.resource, g.created_at, g.last_used_at, g.revoked_at, g.revoked_reason
    FROM oauth_grants g JOIN oauth_clients c ON c.id = g.client_id JOIN api_keys k ON k.id = g.api_key_id`;

/**
 * SQL condition: the grant `g` still stands. Its tokens work only while the grant is not revoked,
 * the key that approved it is not revoked and the account is active.
 */
export const LIVE_GRANT = `g.revoked_at IS NULL
  AND EXISTS (SELECT 1 FROM api_keys k JOIN accounts a ON a.id = k.account_id
               WHERE k.id = g.api_key_id AND k.revoked_at IS NULL AND a.status = 'active')`;

/** Grants: listed for their account, revoked by the holder, an admin, or Scout on token reuse. */
@Injectable()
export class OAuthGrantStore {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly verified: VerifiedCredentials,
  ) {}

  /** The account's grants, newest first: the standing ones, or every one with `includeRevoked`. */
  async listForAccount(accountId: string, includeRevoked = false): Promise<OAuthGrant[]> {
    const rows = await this.db.query<GrantRow[]>(
      `${SELECT_GRANTS} WHERE g.account_id = $1 ${includeRevoked ? '' : 'AND g.revoked_at IS NULL'} ORDER BY g.created_at DESC, g.id`,
      [accountId],
    );
    return rows.map(toGrant);
  }

  async find(grantId: string, manager: EntityManager = this.db.manager): Promise<OAuthGrant | null> {
    const [row] = await manager.query<GrantRow[]>(`${SELECT_GRANTS} WHERE g.id = $1`, [grantId]);
    return row ? toGrant(row) : null;
  }

  /**
   * Revokes the grant and with it every token issued under it (idempotent: a revoked grant keeps
   * its first reason). This instance forgets what it verified at once; others within
   * AUTH_CACHE_TTL_MS.
   */
  async revoke(grantId: string, reason: GrantRevocationReason, manager: EntityManager = this.db.manager): Promise<OAuthGrant | null> {
    await manager.query(`UPDATE oauth_grants SET revoked_at = now(), revoked_reason = $2 WHERE id = $1 AND revoked_at IS NULL`, [grantId, reason]);
    this.verified.clear();
    return this.find(grantId, manager);
  }
}

function toGrant(row: GrantRow): OAuthGrant {
  return {
    id: row.id,
    accountId: row.account_id,
    client: { id: row.client_id, name: row.client_name, kind: row.client_kind },
    key: { id: row.api_key_id, prefix: row.key_prefix },
    scopes: row.scopes,
    resource: row.resource,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
    revokedReason: row.revoked_reason,
  };
}
