import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig, IdempotencyKeyInUseError, IdempotencyKeyReusedError } from '@scout/core';

/** How long a key answers with its stored response (the draft's suggested 24 h). */
export const IDEMPOTENCY_WINDOW_HOURS = 24;
/** Beyond the tool deadline, how long a claim may stay 'running' before it counts as abandoned. */
const ABANDONED_AFTER_DEADLINE_MS = 60_000;

export type Claim =
  | { kind: 'claimed' }
  | { kind: 'replay'; statusCode: number; response: unknown };

interface Row {
  tool: string;
  fingerprint: string;
  state: 'running' | 'done';
  status_code: number | null;
  response: unknown;
}

/**
 * Idempotency-Key records (IdempotencyKeys migration). A call claims its key before it is charged;
 * a second request with the same key replays the stored answer (charging nothing), is refused
 * with 409 while the first runs, or with 422 if it asks something else. A failed call releases
 * its key so that the client's retry runs. A claim left 'running' by a crashed process counts as
 * abandoned once the tool deadline plus a minute has passed, and is taken over.
 */
@Injectable()
export class IdempotencyService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly config: AppConfig,
  ) {}

  async claim(accountId: string, key: string, tool: string, fingerprint: string): Promise<Claim> {
    const abandonedMs = this.config.TOOL_DEADLINE_MS + ABANDONED_AFTER_DEADLINE_MS;
    // A released key can vanish between the upsert and the read: then try again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const claimed = (await this.db.query(
        `INSERT INTO idempotency_keys (account_id, key, tool, fingerprint, state) VALUES ($1, $2, $3, $4, 'running')
         ON CONFLICT (account_id, key) DO UPDATE
            SET tool = EXCLUDED.tool, fingerprint = EXCLUDED.fingerprint, state = 'running',
                status_code = NULL, response = NULL, created_at = now(), completed_at = NULL
          WHERE idempotency_keys.created_at <= now() - make_interval(hours => $5)
             OR (idempotency_keys.state = 'running' AND idempotency_keys.created_at <= now() - make_interval(secs => $6))
         RETURNING key`,
        [accountId, key, tool, fingerprint, IDEMPOTENCY_WINDOW_HOURS, abandonedMs / 1000],
      )) as unknown[];
      if (claimed.length === 1) return { kind: 'claimed' };
      const [row] = (await this.db.query(
        `SELECT tool, fingerprint, state, status_code, response FROM idempotency_keys WHERE account_id = $1 AND key = $2`,
        [accountId, key],
      )) as Row[];
      if (!row) continue;
      if (row.tool !== tool || row.fingerprint !== fingerprint) throw new IdempotencyKeyReusedError(key);
      if (row.state === 'running') throw new IdempotencyKeyInUseError(key);
      return { kind: 'replay', statusCode: row.status_code!, response: row.response };
    }
    throw new IdempotencyKeyInUseError(key);
  }

  /** Stores the answer of a call that succeeded; later requests with the key replay it. */
  async complete(accountId: string, key: string, statusCode: number, response: unknown): Promise<void> {
    await this.db.query(
      `UPDATE idempotency_keys SET state = 'done', status_code = $3, response = $4, completed_at = now()
        WHERE account_id = $1 AND key = $2 AND state = 'running'`,
      [accountId, key, statusCode, JSON.stringify(response)],
    );
  }

  /** Forgets a claim whose call failed, so a retry with the same key runs. */
  async release(accountId: string, key: string): Promise<void> {
    await this.db.query(`DELETE FROM idempotency_keys WHERE account_id = $1 AND key = $2 AND state = 'running'`, [accountId, key]);
  }

  /** Deletes up to `limit` records past the 24 h window; returns how many. */
  async purgeExpired(limit = 5_000): Promise<number> {
    // TypeORM answers a DELETE through query() with [rows, rowCount].
    const [, deleted] = (await this.db.query(
      `DELETE FROM idempotency_keys WHERE (account_id, key) IN (
         SELECT account_id, key FROM idempotency_keys WHERE created_at <= now() - make_interval(hours => $1) LIMIT $2)`,
      [IDEMPOTENCY_WINDOW_HOURS, limit],
    )) as [unknown[], number];
    return deleted;
  }
}
