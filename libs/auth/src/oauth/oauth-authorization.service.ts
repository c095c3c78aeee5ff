import { timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig, queryWrite, type CallerIdentity } from '@scout/core';
import type { OAuthClient } from './oauth-client';
import { OAuthClientStore } from './oauth-client.store';
import { checkResource, checkScopes } from './oauth-resource';
import { AUTHORIZATION_CODE_PREFIX, CSRF_TOKEN_PREFIX, generateSecret, hashSecret } from './oauth-token.format';
import { OAuthProblem } from './oauth.errors';

/** What a client asks for at the authorization endpoint (after its client_id and redirect_uri hold). */
export interface AuthorizationAsk {
  redirectUri: string;
  codeChallenge: string;
  state?: string;
  scopes?: string[];
  resource?: string;
}

/** A sign-in page shown and not yet answered. */
export interface PendingSignIn {
  id: string;
  client: OAuthClient;
  redirectUri: string;
  scopes: string[];
  resource: string;
  state: string;
}

/** How long the holder has to answer the sign-in page. */
export const SIGN_IN_TTL_SECONDS = 10 * 60;
/** How long an authorization code lives (OAuth 2.1 recommends minutes). */
export const CODE_TTL_SECONDS = 5 * 60;
const MAX_STATE_LENGTH = 1024;
/** An S256 challenge: the base64url SHA-256 of the verifier, 43 characters (RFC 7636 section 4.2). */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
/** Answers a pending sign-in once: the row back to the one caller that decided it (queryWrite). */
const DECIDE = `UPDATE oauth_authorization_requests SET decided_at = now()
  WHERE id = $1 AND decided_at IS NULL AND expires_at > now() RETURNING id, code_challenge`;

/**
 * The authorization endpoint's decisions: which requests may reach the holder, the pending
 * sign-in their page answers (bound to a CSRF token), and the holder's approval (a grant and a
 * single-use code) or refusal.
 */
@Injectable()
export class OAuthAuthorizationService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly config: AppConfig,
    private readonly clients: OAuthClientStore,
  ) {}

  /** True when `redirectUri` is exactly one the client registered (no loopback port leeway). */
  redirectAllowed(client: OAuthClient, redirectUri: string): boolean {
    return client.redirectUris.includes(redirectUri);
  }

  /**
   * Checks the request and keeps it for the holder's answer. Refusals (OAuthProblem) go back to
   * the client's redirect URI. Returns the pending sign-in and its page's CSRF token.
   */
  async open(client: OAuthClient, ask: AuthorizationAsk): Promise<{ pending: PendingSignIn; csrfToken: string }> {
    if (!this.redirectAllowed(client, ask.redirectUri)) throw new OAuthProblem('invalid_request', 'redirect_uri is not registered for this client');
    if (!ask.state || ask.state.length > MAX_STATE_LENGTH)
      throw new OAuthProblem('invalid_request', `state is required (at most ${MAX_STATE_LENGTH} characters)`);
    if (!S256_CHALLENGE.test(ask.codeChallenge))
      throw new OAuthProblem('invalid_request', 'code_challenge must be an S256 challenge (43 base64url characters)');
    const resource = checkResource(this.config.publicUrl, ask.resource);
    const scopes = checkScopes(ask.scopes);
    const csrfToken = generateSecret(CSRF_TOKEN_PREFIX);
    const [row] = await this.db.query<{ id: string }[]>(
      `INSERT INTO oauth_authorization_requests (client_id, redirect_uri, code_challenge, resource, scopes, state, csrf_sha256, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8)) RETURNING id`,
      [client.id, ask.redirectUri, ask.codeChallenge, resource, scopes, ask.state, hashSecret(csrfToken), SIGN_IN_TTL_SECONDS],
    );
    return { pending: { id: row.id, client, redirectUri: ask.redirectUri, scopes, resource, state: ask.state }, csrfToken };
  }

  /** The pending sign-in a page posts back, or null: unknown, answered, expired, or a CSRF token not its own. */
  async pending(requestId: string, csrfToken: string): Promise<PendingSignIn | null> {
    if (!/^[0-9a-f-]{36}$/i.test(requestId)) return null;
    const [row] = await this.db.query<
      { id: string; client_id: string; redirect_uri: string; scopes: string[]; resource: string; state: string; csrf_sha256: Buffer }[]
    >(
      `SELECT id, client_id, redirect_uri, scopes, resource, state, csrf_sha256 FROM oauth_authorization_requests
        WHERE id = $1 AND decided_at IS NULL AND expires_at > now()`,
      [requestId],
    );
    if (!row || !timingSafeEqual(row.csrf_sha256, hashSecret(csrfToken))) return null;
    const client = await this.clients.find(row.client_id).catch(() => null);
    if (!client || !this.redirectAllowed(client, row.redirect_uri)) return null;
    return { id: row.id, client, redirectUri: row.redirect_uri, scopes: row.scopes, resource: row.resource, state: row.state };
  }

  /** The holder said no. False when the sign-in was answered meanwhile. */
  async deny(pending: PendingSignIn): Promise<boolean> {
    const { count } = await queryWrite(this.db, DECIDE, [pending.id]);
    return count > 0;
  }

  /**
   * The holder approved with a verified `sc_` key: a grant of the asked scopes (never more than
   * `tools`) to the key's account, and a code bound to the client, redirect URI, PKCE challenge and
   * resource. Null when the sign-in was answered meanwhile.
   */
  async approve(pending: PendingSignIn, holder: CallerIdentity): Promise<{ code: string; grantId: string } | null> {
    if (holder.credential !== 'api_key' || !holder.scopes.includes('tools')) {
      throw new OAuthProblem('access_denied', 'approving needs an sc_ key with the tools scope');
    }
    const code = generateSecret(AUTHORIZATION_CODE_PREFIX);
    return this.db.transaction(async (manager) => {
      const [request] = (await queryWrite<{ code_challenge: string }>(manager, DECIDE, [pending.id])).rows;
      if (!request) return null;
      const [grant] = await manager.query<{ id: string }[]>(
        `INSERT INTO oauth_grants (account_id, api_key_id, client_id, scopes, resource) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [holder.accountId, holder.keyId, pending.client.id, pending.scopes, pending.resource],
      );
      await manager.query(
        `INSERT INTO oauth_codes (code_sha256, grant_id, client_id, redirect_uri, code_challenge, resource, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))`,
        [hashSecret(code), grant.id, pending.client.id, pending.redirectUri, request.code_challenge, pending.resource, CODE_TTL_SECONDS],
      );
      return { code, grantId: grant.id };
    });
  }
}
