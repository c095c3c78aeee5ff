import { createHash, randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AppConfig } from '@scout/core';
import { dataSourceOptions } from '@scout/database';
import { testDatabaseUrl } from '../../../../test/test-database';
import { ApiKeyEntity } from '../api-key.entity';
import { ApiKeyService } from '../api-key.service';
import { BearerStrategy } from '../bearer.strategy';
import { VerifiedCredentials } from '../verified-credentials';
import { ClientMetadataFetcher } from './client-metadata.fetcher';
import { OAuthAuthorizationService } from './oauth-authorization.service';
import { OAuthClientStore } from './oauth-client.store';
import { OAuthGrantStore } from './oauth-grant.store';
import { OAuthHousekeeping } from './oauth-housekeeping.service';
import { OAuthTokenService } from './oauth-token.service';
import { OAuthProblem } from './oauth.errors';

/**
 * The OAuth domain on PostgreSQL, without HTTP: a holder's approval gives a grant and a code; the
 * code gives tokens once; refresh tokens rotate and a reused one revokes the grant; an access
 * token stands for the approving key's account only while grant, key and account stand.
 */
const PUBLIC_URL = 'https://scout.example';
const REDIRECT = 'https://app.example/callback';
const CHALLENGE = createHash('sha256').update('a verifier that is long enough to be a real one, 43+').digest('base64url');

describe('OAuth tokens (PostgreSQL)', () => {
  let db: DataSource;
  let verified: VerifiedCredentials;
  let keys: ApiKeyService;
  let clients: OAuthClientStore;
  let authz: OAuthAuthorizationService;
  let grants: OAuthGrantStore;
  let tokens: OAuthTokenService;
  let bearer: BearerStrategy;

  beforeAll(async () => {
    // No cache: each verification reads the database, so every revocation shows at once.
    const config = AppConfig.fromEnv({ PUBLIC_URL, AUTH_CACHE_TTL_MS: '0' });
    db = new DataSource(dataSourceOptions({ url: testDatabaseUrl(), poolMax: 4, entities: [ApiKeyEntity] }));
    await db.initialize();
    verified = new VerifiedCredentials(config);
    keys = new ApiKeyService(db, verified);
    clients = new OAuthClientStore(db, new ClientMetadataFetcher(config));
    authz = new OAuthAuthorizationService(db, config, clients);
    grants = new OAuthGrantStore(db, verified);
    tokens = new OAuthTokenService(db, config, grants, verified);
    bearer = new BearerStrategy(keys, tokens);
  });
  afterAll(() => db?.destroy());

  /** An account with a tools key, a registered client, and a code the holder approved. */
  async function approved(options: { scopes?: string[] } = {}) {
    const [account] = await db.query<{ id: string }[]>(`INSERT INTO accounts (name) VALUES ('oauth int-spec') RETURNING id`);
    const key = await keys.issue(account.id, ['tools', 'admin']);
    const holder = (await keys.verify(key.apiKey))!;
    const client = await clients.register(crypto.randomUUID(), { redirect_uris: [REDIRECT], client_name: 'Int Spec' });
    const { pending } = await authz.open(client, {
      redirectUri: REDIRECT,
      codeChallenge: CHALLENGE,
      state: 's1',
      resource: `${PUBLIC_URL}/mcp`,
      scopes: options.scopes,
    });
    const { code, grantId } = (await authz.approve(pending, holder))!;
    return { accountId: account.id, key, client, code, grantId };
  }

  const problem = async (work: Promise<unknown>): Promise<string> => {
    try {
      await work;
    } catch (error) {
      if (error instanceof OAuthProblem) return error.code;
      throw error;
    }
    return 'no problem';
  };

  it('a code gives tokens once; the access token stands for the approving key, with the tools scope only', async () => {
    const a = await approved();
    expect(await tokens.challengeFor(a.client.id, a.code)).toBe(CHALLENGE);
    const issued = await tokens.exchangeCode(a.client.id, a.code, REDIRECT, `${PUBLIC_URL}/mcp`, 1);
    expect(issued).toEqual({
      accessToken: expect.stringMatching(/^sco_at_/),
      refreshToken: expect.stringMatching(/^sco_rt_/),
      expiresIn: 3600,
      scopes: ['tools'],
    });
    expect(await bearer.validate(issued.accessToken)).toEqual({
      accountId: a.accountId,
      keyId: a.key.keyId,
      scopes: ['tools'],
      credential: 'oauth',
      grantId: a.grantId,
    });
    expect(await bearer.validate(a.key.apiKey)).toMatchObject({ accountId: a.accountId, credential: 'api_key' });
    // Only hashes are stored.
    const stored = await db.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM oauth_tokens WHERE grant_id = $1`, [a.grantId]);
    expect(stored[0].n).toBe(2);
    const leaked = await db.query<unknown[]>(`SELECT 1 FROM oauth_tokens WHERE encode(token_sha256, 'escape') LIKE '%sco_%'`);
    expect(leaked).toEqual([]);

    // Used again: refused, and the grant it gave is revoked with its tokens.
    expect(await problem(tokens.exchangeCode(a.client.id, a.code, REDIRECT, undefined, 1))).toBe('invalid_grant');
    expect(await tokens.verify(issued.accessToken)).toBeNull();
    expect((await grants.find(a.grantId))?.revokedReason).toBe('code_reuse');
  });

  it('a code is bound to its client, redirect URI and resource, and expires', async () => {
    const a = await approved();
    expect(await problem(tokens.challengeFor(crypto.randomUUID(), a.code))).toBe('invalid_grant');
    expect(await problem(tokens.exchangeCode(crypto.randomUUID(), a.code, REDIRECT, undefined, 1))).toBe('invalid_grant');
    // Another client's attempt leaves the code alone; its own client's wrong redirect spends it.
    expect(await problem(tokens.exchangeCode(a.client.id, a.code, 'https://app.example/other', undefined, 1))).toBe('invalid_grant');
    expect(await problem(tokens.exchangeCode(a.client.id, a.code, REDIRECT, undefined, 1))).toBe('invalid_grant');

    const b = await approved();
    expect(await problem(tokens.exchangeCode(b.client.id, b.code, REDIRECT, 'https://elsewhere.example/mcp', 1))).toBe('invalid_target');

    const c = await approved();
    await db.query(`UPDATE oauth_codes SET expires_at = now() - interval '1 second' WHERE grant_id = $1`, [c.grantId]);
    expect(await problem(tokens.exchangeCode(c.client.id, c.code, REDIRECT, undefined, 1))).toBe('invalid_grant');
  });

  it('refresh tokens rotate; presenting a spent one revokes the grant', async () => {
    const a = await approved();
    const first = await tokens.exchangeCode(a.client.id, a.code, REDIRECT, undefined, 1);
    const second = await tokens.refresh(a.client.id, first.refreshToken, undefined, `${PUBLIC_URL}/mcp`);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(await tokens.verify(second.accessToken)).not.toBeNull();
    expect(await problem(tokens.refresh(crypto.randomUUID(), second.refreshToken, undefined, undefined))).toBe('invalid_grant');
    expect(await problem(tokens.refresh(a.client.id, second.refreshToken, ['admin'], undefined))).toBe('invalid_scope');

    expect(await problem(tokens.refresh(a.client.id, first.refreshToken, undefined, undefined))).toBe('invalid_grant');
    expect((await grants.find(a.grantId))?.revokedReason).toBe('refresh_token_reuse');
    expect(await tokens.verify(second.accessToken)).toBeNull();
    expect(await problem(tokens.refresh(a.client.id, second.refreshToken, undefined, undefined))).toBe('invalid_grant');
  });

  it('tokens stop with their grant, their approving key, or their account', async () => {
    const byGrant = await approved();
    const t1 = await tokens.exchangeCode(byGrant.client.id, byGrant.code, REDIRECT, undefined, 1);
    await grants.revoke(byGrant.grantId, 'holder');
    expect(await tokens.verify(t1.accessToken)).toBeNull();

    const byKey = await approved();
    const t2 = await tokens.exchangeCode(byKey.client.id, byKey.code, REDIRECT, undefined, 1);
    await keys.revoke(byKey.key.keyId);
    expect(await tokens.verify(t2.accessToken)).toBeNull();
    expect(await problem(tokens.refresh(byKey.client.id, t2.refreshToken, undefined, undefined))).toBe('invalid_grant');

    const byAccount = await approved();
    const t3 = await tokens.exchangeCode(byAccount.client.id, byAccount.code, REDIRECT, undefined, 1);
    await db.query(`UPDATE accounts SET status = 'suspended' WHERE id = $1`, [byAccount.accountId]);
    expect(await tokens.verify(t3.accessToken)).toBeNull();
    await db.query(`UPDATE accounts SET status = 'active' WHERE id = $1`, [byAccount.accountId]);
    expect(await tokens.verify(t3.accessToken)).not.toBeNull();
  });

  it('revocation (RFC 7009): an access token alone; a refresh token takes the grant; another client changes nothing', async () => {
    const a = await approved();
    const t = await tokens.exchangeCode(a.client.id, a.code, REDIRECT, undefined, 1);
    await tokens.revoke(crypto.randomUUID(), t.accessToken);
    expect(await tokens.verify(t.accessToken)).not.toBeNull();
    await tokens.revoke(a.client.id, t.accessToken);
    expect(await tokens.verify(t.accessToken)).toBeNull();
    const next = await tokens.refresh(a.client.id, t.refreshToken, undefined, undefined);
    await tokens.revoke(a.client.id, next.refreshToken);
    expect(await tokens.verify(next.accessToken)).toBeNull();
    expect((await grants.find(a.grantId))?.revokedReason).toBe('client');
    await tokens.revoke(a.client.id, `sco_at_${randomBytes(32).toString('base64url')}`);
  });

  it('expired access tokens are refused; malformed ones are not looked up', async () => {
    const a = await approved();
    const t = await tokens.exchangeCode(a.client.id, a.code, REDIRECT, undefined, 1);
    await db.query(`UPDATE oauth_tokens SET expires_at = now() - interval '1 second' WHERE grant_id = $1 AND kind = 'access'`, [a.grantId]);
    expect(await tokens.verify(t.accessToken)).toBeNull();
    expect(await bearer.validate('sco_at_short')).toBe(false);
    expect(await bearer.validate('something else')).toBe(false);
  });

  it('the sign-in asks for state, an S256 challenge, Scout as resource, and the tools scope only', async () => {
    const client = await clients.register(crypto.randomUUID(), { redirect_uris: [REDIRECT] });
    const ask = { redirectUri: REDIRECT, codeChallenge: CHALLENGE, state: 's', resource: PUBLIC_URL };
    expect(await problem(authz.open(client, ask))).toBe('no problem');
    expect(await problem(authz.open(client, { ...ask, resource: `${PUBLIC_URL}/` }))).toBe('no problem');
    expect(await problem(authz.open(client, { ...ask, state: undefined }))).toBe('invalid_request');
    expect(await problem(authz.open(client, { ...ask, codeChallenge: 'plain' }))).toBe('invalid_request');
    expect(await problem(authz.open(client, { ...ask, resource: undefined }))).toBe('invalid_target');
    expect(await problem(authz.open(client, { ...ask, resource: 'https://other.example/mcp' }))).toBe('invalid_target');
    expect(await problem(authz.open(client, { ...ask, scopes: ['tools', 'admin'] }))).toBe('invalid_scope');
    expect(await problem(authz.open(client, { ...ask, scopes: ['profile'] }))).toBe('invalid_scope');
    expect(await problem(authz.open(client, { ...ask, scopes: ['tools', 'offline_access'] }))).toBe('no problem');
    expect(await problem(authz.open(client, { ...ask, redirectUri: 'https://app.example/callback2' }))).toBe('invalid_request');
  });

  it('housekeeping deletes sign-ins, codes and tokens a day past their expiry, and nothing else', async () => {
    const a = await approved();
    const issued = await tokens.exchangeCode(a.client.id, a.code, REDIRECT, `${PUBLIC_URL}/mcp`, 1);
    const [old] = await db.query<{ id: string }[]>(
      `INSERT INTO oauth_authorization_requests (client_id, redirect_uri, code_challenge, resource, scopes, state, csrf_sha256, expires_at)
       VALUES ($1, $2, $3, $4, '{tools}', 's', '\\x00', now() - interval '2 days') RETURNING id`,
      [a.client.id, REDIRECT, CHALLENGE, PUBLIC_URL],
    );
    const fresh = await authz.open(a.client, { redirectUri: REDIRECT, codeChallenge: CHALLENGE, state: 's', resource: PUBLIC_URL });
    await db.query(`UPDATE oauth_codes SET expires_at = now() - interval '2 days' WHERE grant_id = $1`, [a.grantId]);
    // The access token lapsed two days ago; the refresh token only an hour ago (kept for now).
    await db.query(`UPDATE oauth_tokens SET expires_at = now() - interval '2 days' WHERE grant_id = $1 AND kind = 'access'`, [a.grantId]);
    await db.query(`UPDATE oauth_tokens SET expires_at = now() - interval '1 hour' WHERE grant_id = $1 AND kind = 'refresh'`, [a.grantId]);

    const housekeeping = new OAuthHousekeeping(db);
    expect(await housekeeping.purgeExpired()).toBeGreaterThanOrEqual(3);
    expect(await db.query(`SELECT 1 FROM oauth_authorization_requests WHERE id = $1`, [old.id])).toEqual([]);
    expect(await db.query(`SELECT 1 FROM oauth_authorization_requests WHERE id = $1`, [fresh.pending.id])).toHaveLength(1);
    expect(await db.query(`SELECT 1 FROM oauth_codes WHERE grant_id = $1`, [a.grantId])).toEqual([]);
    expect(await db.query(`SELECT kind FROM oauth_tokens WHERE grant_id = $1`, [a.grantId])).toEqual([{ kind: 'refresh' }]);
    expect(await db.query(`SELECT 1 FROM oauth_grants WHERE id = $1`, [a.grantId])).toHaveLength(1);
    expect(issued.refreshToken).toMatch(/^sco_rt_/);
    // A second run finds nothing left to delete (a batch limit of 1 still empties each kind in turn).
    expect(await housekeeping.purgeExpired(1)).toBe(0);
  });

  it('a pending sign-in answers only to its CSRF token, once', async () => {
    const client = await clients.register(crypto.randomUUID(), { redirect_uris: [REDIRECT] });
    const { pending, csrfToken } = await authz.open(client, { redirectUri: REDIRECT, codeChallenge: CHALLENGE, state: 's', resource: PUBLIC_URL });
    const other = await authz.open(client, { redirectUri: REDIRECT, codeChallenge: CHALLENGE, state: 's', resource: PUBLIC_URL });
    expect(await authz.pending(pending.id, other.csrfToken)).toBeNull();
    expect(await authz.pending(pending.id, csrfToken)).toMatchObject({ id: pending.id, state: 's', scopes: ['tools'] });
    expect(await authz.deny(pending)).toBe(true);
    expect(await authz.pending(pending.id, csrfToken)).toBeNull();
    expect(await authz.deny(pending)).toBe(false);
  });
});
