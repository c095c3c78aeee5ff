import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AppConfig, type CallerIdentity } from '@scout/core';
import { VerifiedCredentials } from '../verified-credentials';
import { LIVE_GRANT, OAuthGrantStore } from './oauth-grant.store';
import { checkResource, checkScopes } from './oauth-resource';
import { ACCESS_TOKEN_PREFIX, generateSecret, hashSecret, isSecretOf, REFRESH_TOKEN_PREFIX } from './oauth-token.format';
import { OAuthProblem } from './oauth.errors';

/** What a token request answers (RFC 6749 section 5.1). */
export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  scopes: string[];
}

/** A verified access token: the caller it stands for, and what the SDK's AuthInfo reports. */
export interface VerifiedAccessToken {
  caller: CallerIdentity;
  clientId: string;
  scopes: string[];
  resource: string;
  /** Epoch seconds. */
  expiresAt: number;
}

interface CodeRow {
  grant_id: string;
  client_id: string;
  redirect_uri: string;
  resource: string;
  expired: boolean;
  used_before: boolean;
  live: boolean;
}

/**
 * Codes for tokens, refresh-token rotation, revocation (RFC 7009) and access-token verification.
 * Every expiry is read against the database clock. A code is single-use and a refresh token is
 * exchanged once: presenting either again revokes its grant (OAuth 2.1 sections 4.1.3 and 4.3.1),
 * since one of the two presenters is not the client.
 */
@Injectable()
export class OAuthTokenService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly config: AppConfig,
    private readonly grants: OAuthGrantStore,
    private readonly verified: VerifiedCredentials,
  ) {}

  /** The PKCE challenge a code was issued under, for the SDK to check the verifier against. */
  async challengeFor(clientId: string, code: string): Promise<string> {
    const [row] = await this.db.query<{ code_challenge: string }[]>(`SELECT code_challenge FROM oauth_codes WHERE code_sha256 = $1 AND client_id = $2`, [
      hashSecret(code),
      clientId,
    ]);
    if (!row) throw new OAuthProblem('invalid_grant', 'unknown authorization code');
    return row.code_challenge;
  }

  /**
   * Exchanges a code (its verifier already checked) for tokens. Once its own client presents a
   * well-formed request, the code is spent whatever comes of it; `redirectUri` must be the one it
   * was issued for (it may be left out only by a client with a single redirect URI), `resource`
   * its resource.
   */
  async exchangeCode(
    clientId: string,
    code: string,
    redirectUri: string | undefined,
    resource: string | undefined,
    registeredRedirects: number,
  ): Promise<IssuedTokens> {
    const wantedResource = resource === undefined ? undefined : checkResource(this.config.publicUrl, resource);
    const outcome = await this.db.transaction(async (manager) => {
      const [row] = await manager.query<CodeRow[]>(
        `WITH spent AS (
           UPDATE oauth_codes SET used_at = COALESCE(used_at, now()) WHERE code_sha256 = $1 AND client_id = $2
           RETURNING grant_id, client_id, redirect_uri, resource, expires_at <= now() AS expired, used_at < now() AS used_before)
         SELECT spent.*, (SELECT ${LIVE_GRANT} FROM oauth_grants g WHERE g.id = spent.grant_id) AS live FROM spent`,
        [hashSecret(code), clientId],
      );
      // Another client's attempt does not spend the code: only its own client can.
      if (!row) return new OAuthProblem('invalid_grant', 'unknown authorization code');
      if (row.used_before) {
        await this.grants.revoke(row.grant_id, 'code_reuse', manager);
        return new OAuthProblem('invalid_grant', 'this authorization code was already used; the access it gave is revoked');
      }
      if (row.expired) return new OAuthProblem('invalid_grant', 'the authorization code has expired');
      if (!row.live) return new OAuthProblem('invalid_grant', 'the access this code was issued for has been revoked');
      if (redirectUri === undefined ? registeredRedirects !== 1 : redirectUri !== row.redirect_uri) {
        return new OAuthProblem('invalid_grant', 'redirect_uri must be the one the code was issued for');
      }
      if (wantedResource !== undefined && wantedResource !== row.resource) {
        return new OAuthProblem('invalid_target', 'resource must be the one the code was issued for');
      }
      return this.issue(manager, row.grant_id);
    });
    return this.settle(outcome);
  }

  /** Rotates a refresh token: the old one is spent, a new pair is issued under the same grant. */
  async refresh(clientId: string, refreshToken: string, scopes: string[] | undefined, resource: string | undefined): Promise<IssuedTokens> {
    if (!isSecretOf(REFRESH_TOKEN_PREFIX, refreshToken)) throw new OAuthProblem('invalid_grant', 'unknown refresh token');
    if (scopes !== undefined) checkScopes(scopes);
    const wantedResource = resource === undefined ? undefined : checkResource(this.config.publicUrl, resource);
    const outcome = await this.db.transaction(async (manager) => {
      const [row] = await manager.query<
        { grant_id: string; client_id: string; resource: string; rotated: boolean; usable: boolean; live: boolean; scopes: string[] }[]
      >(
        `SELECT t.grant_id, g.client_id, g.resource, g.scopes, t.rotated_at IS NOT NULL AS rotated,
                t.revoked_at IS NULL AND t.expires_at > now() AS usable, (${LIVE_GRANT}) AS live
           FROM oauth_tokens t JOIN oauth_grants g ON g.id = t.grant_id
          WHERE t.token_sha256 = $1 AND t.kind = 'refresh'
          FOR UPDATE OF t`,
        [hashSecret(refreshToken)],
      );
      if (!row || row.client_id !== clientId) return new OAuthProblem('invalid_grant', 'unknown refresh token');
      if (row.rotated) {
        await this.grants.revoke(row.grant_id, 'refresh_token_reuse', manager);
        return new OAuthProblem('invalid_grant', 'this refresh token was already used; the access it gave is revoked');
      }
      if (!row.usable || !row.live) return new OAuthProblem('invalid_grant', 'the refresh token has expired or its access was revoked');
      if (wantedResource !== undefined && wantedResource !== row.resource) {
        return new OAuthProblem('invalid_target', 'resource must be the one access was granted for');
      }
      await manager.query(`UPDATE oauth_tokens SET rotated_at = now() WHERE token_sha256 = $1`, [hashSecret(refreshToken)]);
      return this.issue(manager, row.grant_id);
    });
    return this.settle(outcome);
  }

  /**
   * The tokens, or the refusal, thrown once its transaction has committed (a spent code or a grant
   * revoked for reuse must stay so). A revocation in it leaves this instance's cache only now, so
   * no request re-caches a token between the revocation and its commit.
   */
  private settle(outcome: IssuedTokens | OAuthProblem): IssuedTokens {
    if (!(outcome instanceof OAuthProblem)) return outcome;
    this.verified.clear();
    throw outcome;
  }

  /**
   * RFC 7009: revokes a token of this client. A refresh token takes its grant (and every access
   * token of it) along; an unknown token, or one of another client, changes nothing.
   */
  async revoke(clientId: string, token: string): Promise<void> {
    const [row] = await this.db.query<{ kind: 'access' | 'refresh'; grant_id: string; client_id: string }[]>(
      `SELECT t.kind, t.grant_id, g.client_id FROM oauth_tokens t JOIN oauth_grants g ON g.id = t.grant_id WHERE t.token_sha256 = $1`,
      [hashSecret(token)],
    );
    if (!row || row.client_id !== clientId) return;
    if (row.kind === 'refresh') await this.grants.revoke(row.grant_id, 'client');
    else await this.db.query(`UPDATE oauth_tokens SET revoked_at = now() WHERE token_sha256 = $1 AND revoked_at IS NULL`, [hashSecret(token)]);
    this.verified.clear();
  }

  /**
   * The caller an access token stands for, or null: unknown, expired or revoked, or its grant
   * revoked, the approving key revoked, the account suspended. Trusted for AUTH_CACHE_TTL_MS.
   */
  async verify(token: string): Promise<VerifiedAccessToken | null> {
    if (!isSecretOf(ACCESS_TOKEN_PREFIX, token)) return null;
    const hash = hashSecret(token);
    return this.verified.lookup(`oauth:${hash.toString('base64')}`, async () => {
      const [row] = await this.db.query<
        { grant_id: string; account_id: string; api_key_id: string; client_id: string; scopes: string[]; resource: string; expires_at: Date; stale: boolean }[]
      >(
        `SELECT g.id AS grant_id, g.account_id, g.api_key_id, g.client_id, g.scopes, g.resource, t.expires_at,
              g.last_used_at IS NULL OR g.last_used_at < now() - interval '1 minute' AS stale
         FROM oauth_tokens t JOIN oauth_grants g ON g.id = t.grant_id
        WHERE t.token_sha256 = $1 AND t.kind = 'access' AND t.revoked_at IS NULL AND t.expires_at > now() AND ${LIVE_GRANT}`,
        [hash],
      );
      if (!row) return null;
      // "Last used" to the minute: no write on every verification.
      if (row.stale) await this.db.query(`UPDATE oauth_grants SET last_used_at = now() WHERE id = $1`, [row.grant_id]);
      const verified: VerifiedAccessToken = {
        caller: { accountId: row.account_id, keyId: row.api_key_id, scopes: row.scopes, credential: 'oauth', grantId: row.grant_id },
        clientId: row.client_id,
        scopes: row.scopes,
        resource: row.resource,
        expiresAt: Math.floor(row.expires_at.getTime() / 1000),
      };
      return { value: verified, notAfter: row.expires_at.getTime() };
    });
  }

  /** A new access and refresh token under the grant. */
  private async issue(manager: EntityManager, grantId: string): Promise<IssuedTokens> {
    const accessToken = generateSecret(ACCESS_TOKEN_PREFIX);
    const refreshToken = generateSecret(REFRESH_TOKEN_PREFIX);
    const [grant] = await manager.query<{ scopes: string[] }[]>(
      `WITH tokens AS (
         INSERT INTO oauth_tokens (token_sha256, kind, grant_id, expires_at)
         VALUES ($1, 'access', $3, now() + make_interval(secs => $4)), ($2, 'refresh', $3, now() + make_interval(days => $5)))
       SELECT scopes FROM oauth_grants WHERE id = $3`,
      [hashSecret(accessToken), hashSecret(refreshToken), grantId, this.config.OAUTH_ACCESS_TOKEN_TTL_SECONDS, this.config.OAUTH_REFRESH_TOKEN_TTL_DAYS],
    );
    return { accessToken, refreshToken, expiresIn: this.config.OAUTH_ACCESS_TOKEN_TTL_SECONDS, scopes: grant.scopes };
  }
}
