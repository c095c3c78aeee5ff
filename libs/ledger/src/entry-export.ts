import type { CallChannel } from '@scout/core';
import type { EntryKind } from './entities';
import type { UsageSql } from './usage-reads';

/**
 * One ledger entry as the exports list it: the entry's columns read as rows, not entities (a month
 * of a busy account is over 100,000 of them, and building an entity per row was a large part of
 * its CSV's time). Numbers are JavaScript numbers (the data source's INT8 parser).
 */
export interface ExportedEntry {
  account_id: string;
  id: number;
  /** ISO 8601 in UTC with milliseconds, as Date#toISOString writes it. */
  created_at: string;
  kind: EntryKind;
  amount: number;
  balance_after: number;
  tool: string | null;
  grant_id: string | null;
  refund_of: number | null;
  request_id: string | null;
  reason: string | null;
  actor: string | null;
  channel: CallChannel;
}

/** created_at as JavaScript's toISOString writes it (UTC, milliseconds, both truncate): made by the server, not parsed into a Date and written again per row. */
const COLUMNS = `account_id, id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at, kind, amount, balance_after, tool, grant_id, refund_of, request_id, reason, actor, channel`;

/**
 * The entries of [from, to) oldest first (by id, the order each account's balance moved in), in
 * batches of `batchSize` rows; every account's when accountId is null, read along the primary key.
 *
 * One account's period is read in two steps. First the ids of its entries, through its index on
 * (account, time): one pass over the heap pages that hold them, kept here as numbers (about a
 * megabyte for the busiest account's month on a ledger of ten million entries, 114,000 entries). Then the rows, a
 * batch at a time, each by its primary key. Walking the primary key between the period's first
 * and last id instead read every account's entries in that range (28 others for each of the
 * busiest account's), about 100 ms a batch of 5,000 there.
 */
export async function* readEntriesInPeriod(db: UsageSql, accountId: string | null, from: Date, to: Date, batchSize: number): AsyncGenerator<ExportedEntry[]> {
  if (accountId === null) {
    let after = 0;
    for (;;) {
      const batch = (await db.query(`SELECT ${COLUMNS} FROM credit_entries WHERE id > $1 AND created_at >= $2 AND created_at < $3 ORDER BY id LIMIT $4`, [
        after,
        from,
        to,
        batchSize,
      ])) as ExportedEntry[];
      if (batch.length === 0) return;
      yield batch;
      if (batch.length < batchSize) return;
      after = batch[batch.length - 1].id;
    }
  }
  const ids = (
    (await db.query(`SELECT id FROM credit_entries WHERE account_id = $1 AND created_at >= $2 AND created_at < $3 ORDER BY id`, [
      accountId,
      from,
      to,
    ])) as Array<{
      id: number | string;
    }>
  ).map((row) => Number(row.id));
  for (let start = 0; start < ids.length; start += batchSize) {
    const slice = ids.slice(start, start + batchSize);
    yield (await db.query(`SELECT ${COLUMNS} FROM credit_entries WHERE id = ANY ($1::bigint[]) ORDER BY id`, [slice])) as ExportedEntry[];
  }
}
