import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig, IdempotencyKeyInUseError, IdempotencyKeyReusedError, queryWrite } from '@scout/core';

/** How long a key answers with its stored response (the draft's suggested 24 h). */
export const IDEMPOTENCY_WINDOW_HOURS = 24;

/** `claimId` names this claim of the key: completing or releasing it takes that name. */
export type Claim = { kind: 'claimed'; claimId: string } | { kind: 'replay'; statusCode: number; response: unknown };

/** What a call that succeeded leaves under its key. */
export interface StoredAnswer {
  statusCode: number;
  response: unknown;
  /** The usage entry that paid for the call; null for a free tool. */
  usageEntryId: number | null;
}

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
 * its key so that the client's retry runs. A paid call's answer is stored by the ledger in the
 * transaction that posts its hold (CreditHolds migration); a free call's by `complete`.
 *
 * A claim lasts as long as a call's hold (the tool deadline plus the hold grace): once the hold of
 * a crashed call has expired unspent, its claim counts as abandoned and is taken over under a new
 * claim id, so the old call, should it still finish, can neither post, store its answer nor
 * release the key. At most one charge per key, and the key is free once the charge is void.
 */
@Injectable()
export class IdempotencyService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly config: AppConfig,
  ) {}

  async claim(accountId: string, key: string, tool: string, fingerprint: string): Promise<Claim> {
    const abandonedMs = this.config.holdTtlMs;
    // A released key can vanish between the upsert and the read: then try again.
    for (let attempt = 0; attempt < 3; attempt++) {
      // A new key is inserted; an existing one is taken over only if it is past the 24 h window
      // or is a 'running' claim abandoned by a crashed process. Otherwise no row comes back.
      const claimed = await this.db.query<Array<{ claim_id: string }>>(
        `INSERT INTO idempotency_keys (account_id, key, tool, fingerprint, state) VALUES ($1, $2, $3, $4, 'running')
         ON CONFLICT (account_id, key) DO UPDATE
            SET claim_id = gen_random_uuid(), tool = EXCLUDED.tool, fingerprint = EXCLUDED.fingerprint, state = 'running',
                status_code = NULL, response = NULL, usage_entry_id = NULL, created_at = now(), completed_at = NULL
          WHERE idempotency_keys.created_at <= now() - make_interval(hours => $5)
             OR (idempotency_keys.state = 'running' AND idempotency_keys.created_at <= now() - make_interval(secs => $6))
         RETURNING claim_id`,
        [accountId, key, tool, fingerprint, IDEMPOTENCY_WINDOW_HOURS, abandonedMs / 1000],
      );
      if (claimed.length === 1) return { kind: 'claimed', claimId: claimed[0].claim_id };
      const [row] = await this.db.query<Row[]>(
        `SELECT tool, fingerprint, state, status_code, response FROM idempotency_keys WHERE account_id = $1 AND key = $2`,
        [accountId, key],
      );
      if (!row) continue;
      if (row.tool !== tool || row.fingerprint !== fingerprint) throw new IdempotencyKeyReusedError(key);
      if (row.state === 'running') throw new IdempotencyKeyInUseError(key);
      return { kind: 'replay', statusCode: row.status_code!, response: row.response };
    }
    throw new IdempotencyKeyInUseError(key);
  }

  /**
   * Stores the answer of a free call that succeeded; later requests with the key replay it. False when
   * the claim is no longer this call's (it was taken over as abandoned): nothing is stored then.
   */
  async complete(accountId: string, key: string, claimId: string, answer: StoredAnswer): Promise<boolean> {
    const { count } = await queryWrite(
      this.db,
      `UPDATE idempotency_keys SET state = 'done', status_code = $4, response = $5, usage_entry_id = $6, completed_at = now()
        WHERE account_id = $1 AND key = $2 AND claim_id = $3 AND state = 'running'`,
      [accountId, key, claimId, answer.statusCode, JSON.stringify(answer.response), answer.usageEntryId],
    );
    return count === 1;
  }

  /** Forgets the claim of a call that failed, so a retry with the key runs. A newer claim of the key is left alone. */
  async release(accountId: string, key: string, claimId: string): Promise<void> {
    await this.db.query(`DELETE FROM idempotency_keys WHERE account_id = $1 AND key = $2 AND claim_id = $3 AND state = 'running'`, [accountId, key, claimId]);
  }

  /** Deletes up to `limit` records past the 24 h window; returns how many. */
  async purgeExpired(limit = 5_000): Promise<number> {
    // The age is checked again on the row being deleted: a key taken over by a new claim between
    // the batch's selection and its deletion has a new created_at, and stays.
    const { count } = await queryWrite(
      this.db,
      `DELETE FROM idempotency_keys k
         USING (SELECT account_id, key FROM idempotency_keys WHERE created_at <= now() - make_interval(hours => $1) LIMIT $2) expired
        WHERE k.account_id = expired.account_id AND k.key = expired.key AND k.created_at <= now() - make_interval(hours => $1)`,
      [IDEMPOTENCY_WINDOW_HOURS, limit],
    );
    return count;
  }
}
