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
  created_at: Date;
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

const COLUMNS = 'account_id, id, created_at, kind, amount, balance_after, tool, grant_id, refund_of, request_id, reason, actor, channel';

/**
 * The entries of [from, to) oldest first (by id, the order each account's balance moved in), in
 * batches of `batchSize` (never the whole period in memory); every account's when accountId is null.
 *
 * One account's batches read its own index on (account, id) between the first and the last id of
 * the period, which one read of its index on (account, time) finds: they neither walk the ids of
 * other accounts (on a ledger of ten million entries, the primary key held about 27 others between
 * two of the busiest account's) nor read on past the period's end.
 */
export async function* readEntriesInPeriod(db: UsageSql, accountId: string | null, from: Date, to: Date, batchSize: number): AsyncGenerator<ExportedEntry[]> {
  if (accountId === null) {
    yield* batches(db, `SELECT ${COLUMNS} FROM credit_entries WHERE id > $1 AND created_at >= $2 AND created_at < $3 ORDER BY id LIMIT $4`, 0, [from, to, batchSize], batchSize);
    return;
  }
  // OFFSET 0 keeps the subquery whole: left to itself, PostgreSQL reads min(id) by walking the
  // primary key from the first entry of all until one of the account's period comes.
  const [span] = (await db.query(
    `SELECT min(id) AS first, max(id) AS last FROM (SELECT id FROM credit_entries WHERE account_id = $1 AND created_at >= $2 AND created_at < $3 OFFSET 0) period`,
    [accountId, from, to],
  )) as Array<{ first: number | null; last: number | null }>;
  if (span.first === null) return;
  yield* batches(
    db,
    `SELECT ${COLUMNS} FROM credit_entries
      WHERE account_id = $2 AND id > $1 AND id <= $3 AND created_at >= $4 AND created_at < $5
      ORDER BY account_id, id LIMIT $6`,
    Number(span.first) - 1,
    [accountId, span.last, from, to, batchSize],
    batchSize,
  );
}

/** Runs `sql` ($1: the last id read) until a batch comes back short. */
async function* batches(db: UsageSql, sql: string, startAfter: number, params: unknown[], batchSize: number): AsyncGenerator<ExportedEntry[]> {
  let after = startAfter;
  for (;;) {
    const batch = (await db.query(sql, [after, ...params])) as ExportedEntry[];
    if (batch.length === 0) return;
    yield batch;
    if (batch.length < batchSize) return;
    after = batch[batch.length - 1].id;
  }
}
