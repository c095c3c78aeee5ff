import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Scout as an OAuth 2.1 authorization server (libs/auth/src/oauth): the clients that may ask for
 * access (registered through RFC 7591, or Client ID Metadata Documents fetched and cached), the
 * sign-in requests waiting for their holder, the grants a holder approved with an `sc_` key, and
 * the codes and tokens issued under them. No secret is stored: codes, tokens and the sign-in
 * page's CSRF token are kept as SHA-256 only.
 */
export class OAuth1764710000000 implements MigrationInterface {
  name = 'OAuth1764710000000';

  async up(q: QueryRunner): Promise<void> {
    // id: a UUID for a registered (dcr) client, the document's https URL for a cimd client.
    await q.query(`
      CREATE TABLE oauth_clients (
        id text PRIMARY KEY CHECK (char_length(id) BETWEEN 1 AND 2048),
        kind text NOT NULL CHECK (kind IN ('dcr', 'cimd')),
        metadata jsonb NOT NULL,
        redirect_uris text[] NOT NULL CHECK (cardinality(redirect_uris) > 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        fetched_at timestamptz,
        expires_at timestamptz,
        CONSTRAINT ck_oauth_clients_cimd_cache CHECK ((kind = 'cimd') = (fetched_at IS NOT NULL AND expires_at IS NOT NULL))
      )`);

    // A sign-in page shown and not yet answered: the request's parameters, checked once, wait here.
    await q.query(`
      CREATE TABLE oauth_authorization_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        client_id text NOT NULL REFERENCES oauth_clients(id),
        redirect_uri text NOT NULL,
        code_challenge text NOT NULL,
        resource text NOT NULL,
        scopes text[] NOT NULL,
        state text NOT NULL,
        csrf_sha256 bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        decided_at timestamptz
      )`);
    await q.query(`CREATE INDEX idx_oauth_authorization_requests_expires ON oauth_authorization_requests (expires_at)`);

    await q.query(`
      CREATE TABLE oauth_grants (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        account_id uuid NOT NULL REFERENCES accounts(id),
        api_key_id uuid NOT NULL REFERENCES api_keys(id),
        client_id text NOT NULL REFERENCES oauth_clients(id),
        scopes text[] NOT NULL,
        resource text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        revoked_at timestamptz,
        revoked_reason text CHECK (revoked_reason IN ('holder', 'admin', 'refresh_token_reuse', 'code_reuse', 'client'))
      )`);
    await q.query(`CREATE INDEX idx_oauth_grants_account ON oauth_grants (account_id, created_at DESC)`);
    await q.query(`CREATE INDEX idx_oauth_grants_api_key ON oauth_grants (api_key_id)`);

    await q.query(`
      CREATE TABLE oauth_codes (
        code_sha256 bytea PRIMARY KEY,
        grant_id uuid NOT NULL REFERENCES oauth_grants(id),
        client_id text NOT NULL REFERENCES oauth_clients(id),
        redirect_uri text NOT NULL,
        code_challenge text NOT NULL,
        resource text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
    await q.query(`CREATE INDEX idx_oauth_codes_grant ON oauth_codes (grant_id)`);
    await q.query(`CREATE INDEX idx_oauth_codes_expires ON oauth_codes (expires_at)`);

    // rotated_at: a refresh token already exchanged for a new pair; presenting it again is reuse.
    await q.query(`
      CREATE TABLE oauth_tokens (
        token_sha256 bytea PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('access', 'refresh')),
        grant_id uuid NOT NULL REFERENCES oauth_grants(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        rotated_at timestamptz,
        CONSTRAINT ck_oauth_tokens_rotation CHECK (kind = 'refresh' OR rotated_at IS NULL)
      )`);
    await q.query(`CREATE INDEX idx_oauth_tokens_grant ON oauth_tokens (grant_id)`);
    // The worker's purge finds lapsed tokens by expiry (OAuthHousekeeping).
    await q.query(`CREATE INDEX idx_oauth_tokens_expires ON oauth_tokens (expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE oauth_tokens`);
    await q.query(`DROP TABLE oauth_codes`);
    await q.query(`DROP TABLE oauth_grants`);
    await q.query(`DROP TABLE oauth_authorization_requests`);
    await q.query(`DROP TABLE oauth_clients`);
  }
}
