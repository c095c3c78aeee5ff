import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { TokenSnapshot } from './snapshot.types';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Holder snapshots (table token_snapshots), each owned by the account that took it. */
@Injectable()
export class SnapshotStore {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Stores the snapshot for the account; resolves to its id. */
  async save(accountId: string, snapshot: Omit<TokenSnapshot, 'id'>): Promise<string> {
    const rows: { id: string }[] = await this.db.query(
      `INSERT INTO token_snapshots (account_id, chain, address, captured_at, snapshot) VALUES ($1, $2, $3, $4, $5::jsonb) RETURNING id`,
      [accountId, snapshot.token.chain, snapshot.token.address, snapshot.capturedAt, JSON.stringify(snapshot)],
    );
    return rows[0].id;
  }

  /** The account's snapshot with this id; null for another account's, an unknown id or a malformed one. */
  async find(accountId: string, id: string): Promise<TokenSnapshot | null> {
    if (!UUID.test(id)) return null;
    const rows: { id: string; snapshot: Omit<TokenSnapshot, 'id'> }[] = await this.db.query(
      `SELECT id, snapshot FROM token_snapshots WHERE id = $1 AND account_id = $2`,
      [id, accountId],
    );
    return rows.length ? { ...rows[0].snapshot, id: rows[0].id } : null;
  }

  /** Snapshots the account holds, for the admin account view. */
  async count(accountId: string): Promise<number> {
    const rows: { n: number }[] = await this.db.query(`SELECT count(*)::int AS n FROM token_snapshots WHERE account_id = $1`, [accountId]);
    return rows[0].n;
  }
}
