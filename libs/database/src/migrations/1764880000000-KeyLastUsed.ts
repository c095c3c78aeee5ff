import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When each API key was last used, for the key lists (`lastUsedAt`). Written when a key is verified
 * (ApiKeyService.verify, at most once per AUTH_CACHE_TTL_MS per instance and key) and only when the
 * stored time is missing or more than a minute old, without waiting for it: a call never writes
 * for it, and a failed write never fails a call. So it is the last use to the minute, not a log.
 */
export class KeyLastUsed1764880000000 implements MigrationInterface {
  name = 'KeyLastUsed1764880000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE api_keys ADD COLUMN last_used_at timestamptz`);
    await q.query(`COMMENT ON COLUMN api_keys.last_used_at IS 'When the key was last verified for a request, to the minute; null: never used'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE api_keys DROP COLUMN last_used_at`);
  }
}
