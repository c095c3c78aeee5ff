import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { timingSafeEqual } from 'node:crypto';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import { NotFoundError, type CallerIdentity } from '@scout/core';
import { ApiKeyEntity } from './api-key.entity';
import { API_KEY_PATTERN, displayPrefix, generateApiKey, hashApiKey, type Scope } from './api-key.format';
import { VerifiedCredentials } from './verified-credentials';

/** A key whose recorded last use is missing or more than a minute old (SQL over `api_keys k`). */
const LAST_USED_STALE = `(k.last_used_at IS NULL OR k.last_used_at < now() - interval '1 minute')`;

export interface IssuedKey {
  apiKey: string;
  keyId: string;
  prefix: string;
}

/**
 * Issues, verifies and revokes API keys. Verified keys are trusted for AUTH_CACHE_TTL_MS (at most
 * 5 s) before the database is read again, which bounds how long a revoked key or a suspended
 * account keeps working on any instance.
 */
@Injectable()
export class ApiKeyService {
  private readonly logger = new Logger('ApiKeyService');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly verified: VerifiedCredentials,
  ) {}

  async issue(accountId: string, scopes: Scope[], label: string | null = null, manager: EntityManager = this.db.manager): Promise<IssuedKey> {
    return this.store(generateApiKey(), accountId, scopes, label, manager);
  }

  /** Stores a key whose secret the operator chose (ADMIN_BOOTSTRAP_KEY). Returns null if it exists. */
  async adopt(secret: string, accountId: string, scopes: Scope[], label: string, manager: EntityManager = this.db.manager): Promise<IssuedKey | null> {
    const rows = await manager.query<{ id: string }[]>(
      `INSERT INTO api_keys (account_id, prefix, secret_sha256, scopes, label) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ON CONSTRAINT uq_api_keys_secret_sha256 DO NOTHING RETURNING id`,
      [accountId, displayPrefix(secret), hashApiKey(secret), scopes, label],
    );
    return rows.length ? { apiKey: secret, keyId: rows[0].id, prefix: displayPrefix(secret) } : null;
  }

  /** The stored key row for a secret, revoked or not. */
  async findBySecret(secret: string): Promise<ApiKeyEntity | null> {
    return this.db.manager.findOneBy(ApiKeyEntity, { secretSha256: hashApiKey(secret) });
  }

  private async store(key: string, accountId: string, scopes: Scope[], label: string | null, manager: EntityManager): Promise<IssuedKey> {
    const [row] = await manager.query<{ id: string }[]>(
      `INSERT INTO api_keys (account_id, prefix, secret_sha256, scopes, label) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [accountId, displayPrefix(key), hashApiKey(key), scopes, label],
    );
    return { apiKey: key, keyId: row.id, prefix: displayPrefix(key) };
  }

  /** The caller a bearer token stands for, or null for a malformed, unknown or revoked key. */
  async verify(token: string): Promise<CallerIdentity | null> {
    if (!API_KEY_PATTERN.test(token)) return null;
    const hash = hashApiKey(token);
    return this.verified.lookup(`key:${hash.toString('base64')}`, async () => {
      const rows = await this.db.query<{ id: string; account_id: string; scopes: string[]; secret_sha256: Buffer; stale: boolean }[]>(
        `SELECT k.id, k.account_id, k.scopes, k.secret_sha256, ${LAST_USED_STALE} AS stale
           FROM api_keys k JOIN accounts a ON a.id = k.account_id
          WHERE k.secret_sha256 = $1 AND k.revoked_at IS NULL AND a.status = 'active'`,
        [hash],
      );
      const row = rows[0];
      // The index lookup already matched; compare again in constant time so no timing depends on the secret.
      if (!row || !timingSafeEqual(row.secret_sha256, hash)) return null;
      if (row.stale) this.markUsed(row.id);
      const caller: CallerIdentity = { accountId: row.account_id, keyId: row.id, scopes: row.scopes, credential: 'api_key' };
      return { value: caller };
    });
  }

  /**
   * Records the key's last use, to the minute: only when the stored time is missing or older than a
   * minute (checked again in the UPDATE, so instances verifying at once write it once), and without
   * waiting for it. A failed write is logged and never fails the call that used the key.
   */
  private markUsed(keyId: string): void {
    this.db
      .query(`UPDATE api_keys k SET last_used_at = now() WHERE k.id = $1 AND ${LAST_USED_STALE}`, [keyId])
      .catch((error: unknown) =>
        this.logger.warn(`Could not record the last use of API key ${keyId}: ${error instanceof Error ? error.message : String(error)}`),
      );
  }

  async revoke(keyId: string, manager: EntityManager = this.db.manager): Promise<ApiKeyEntity> {
    const key = await manager.findOneBy(ApiKeyEntity, { id: keyId });
    if (!key) throw new NotFoundError(`No API key ${keyId}.`);
    if (!key.revokedAt) {
      await manager.update(ApiKeyEntity, { id: keyId, revokedAt: IsNull() }, { revokedAt: () => 'now()' });
    }
    this.forgetVerifiedKeys();
    return manager.findOneByOrFail(ApiKeyEntity, { id: keyId });
  }

  /**
   * Drops this instance's cache of verified keys and OAuth access tokens, after a revocation or an
   * account suspension; other instances follow within AUTH_CACHE_TTL_MS (at most 5 s).
   */
  forgetVerifiedKeys(): void {
    this.verified.clear();
  }

  async listForAccount(accountId: string): Promise<ApiKeyEntity[]> {
    return this.db.manager.find(ApiKeyEntity, { where: { accountId }, order: { createdAt: 'ASC' } });
  }

  /** True when some unrevoked key carries the admin scope. */
  async adminKeyExists(): Promise<boolean> {
    const rows = await this.db.query<unknown[]>(`SELECT 1 FROM api_keys WHERE revoked_at IS NULL AND 'admin' = ANY(scopes) LIMIT 1`);
    return rows.length > 0;
  }
}
