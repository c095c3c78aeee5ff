import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { queryWrite } from '@scout/core';

/** How long past its expiry a sign-in, code or token is kept: long enough to tell "expired" from "unknown" in a support case. */
export const OAUTH_PURGE_AFTER = '1 day';

/** The three kinds of OAuth rows that lapse, each with its expiry index. */
const LAPSING = [
  { table: 'oauth_authorization_requests', key: 'id' },
  { table: 'oauth_codes', key: 'code_sha256' },
  { table: 'oauth_tokens', key: 'token_sha256' },
] as const;

/**
 * Deletes what has lapsed: pending sign-ins, codes and tokens a day past their expiry. An expired
 * row already answers nothing (every read checks expires_at), so this only keeps the tables small;
 * grants and clients stay (the holder's list and the audit log name them).
 */
@Injectable()
export class OAuthHousekeeping {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Deletes up to `limit` lapsed rows of each kind; returns how many in all. */
  async purgeExpired(limit = 5_000): Promise<number> {
    let deleted = 0;
    for (const { table, key } of LAPSING) {
      const { count } = await queryWrite(
        this.db,
        `DELETE FROM ${table} WHERE ${key} IN (SELECT ${key} FROM ${table} WHERE expires_at < now() - $1::interval LIMIT $2)`,
        [OAUTH_PURGE_AFTER, limit],
      );
      deleted += count;
    }
    return deleted;
  }
}
