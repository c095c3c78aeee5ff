import { text, type LedgerQuery } from './ledger-invariants';

/**
 * The checkpoint of `npm run ledger:verify`: the point of its last clean run, so a run with
 * `--since-checkpoint` checks only the accounts touched since (table ledger_verify_checkpoints,
 * migration LedgerAtScale). Read and written with plain SQL, like the checks.
 *
 * A run first takes a mark, before its snapshot: the last entry and hold ids given out (sequences
 * are not transactional: every id up to them has been drawn), the next transaction id, and then it
 * waits until every transaction open in this database at that moment has ended. So everything the
 * snapshot misses was written by a transaction that started after the mark: its entries and holds
 * have higher ids, and every row it inserted or updated carries a transaction id (xmin) from the
 * mark's on. A clean run records its mark; the next checkpointed run checks the accounts of
 *  - entries after the mark's entry id (and of the grants their allocations name),
 *  - holds after its hold id, and holds from the first hold pending in its snapshot on that changed
 *    since (posted or voided),
 *  - accounts, grants, plan periods, plan changes, usage rollups and usage totals changed since
 *    (xmin): every movement of credits updates its account row, and a hand edit of one of these
 *    rows shows too.
 * What it cannot see: a hand edit (triggers set aside) of an entry, allocation or hold older than
 * the mark, and a row deleted since. The full run, still the default, sees everything.
 */

/** Where a run starts from: the ids given out and the transaction id at its mark. */
export interface LedgerMark {
  lastEntryId: string;
  lastHoldId: string;
  /** pg_snapshot_xmax at the mark (a 64-bit transaction id): every transaction after the mark has one at least this high. */
  xid: string;
  /** The database's clock at the mark. */
  at: Date;
  /** False when a transaction open at the mark was still open at the end of the wait: such a run does not move the checkpoint. */
  settled: boolean;
}

export interface LedgerCheckpoint extends LedgerMark {
  id: string;
  /** The lowest id of a hold pending in the run's snapshot (null: none). */
  firstPendingHoldId: string | null;
}

/** What a clean run records beside its mark. */
export interface CheckpointRun {
  scope: 'full' | 'since_checkpoint';
  firstPendingHoldId: string | null;
  accountsChecked: number;
  durationMs: number;
}

/** Beyond this many transactions since the checkpoint, 32-bit xmin values can no longer be placed before or after it: a full run instead. */
const XID_HORIZON = 2 ** 31 - 10_000_000;

/**
 * Takes the mark, outside any transaction, before the checks' snapshot (see above). Waits up to
 * waitMs for the transactions open at the mark (client sessions of this database, the caller's
 * excepted); returns settled: false if some are still open then.
 */
export async function markLedger(query: LedgerQuery, options: { waitMs?: number; pollMs?: number } = {}): Promise<LedgerMark> {
  const [ids] = await query(
    `SELECT coalesce(pg_sequence_last_value(pg_get_serial_sequence('credit_entries', 'id')::regclass), 0)::text AS entry,
            coalesce(pg_sequence_last_value(pg_get_serial_sequence('credit_holds', 'id')::regclass), 0)::text AS hold`,
  );
  const [now] = await query(`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xid, clock_timestamp() AS at`);
  // Listed after the ids and the transaction id were read: any transaction that drew an id before is here, unless it has ended.
  const open = await query(
    `SELECT l.pid, l.virtualxid FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE l.locktype = 'virtualxid' AND l.granted AND l.pid <> pg_backend_pid()
        AND a.datname = current_database() AND a.backend_type = 'client backend'`,
  );
  const deadline = Date.now() + (options.waitMs ?? 30_000);
  let waiting = open;
  while (waiting.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 50));
    waiting = await query(
      `SELECT l.pid FROM pg_locks l WHERE l.locktype = 'virtualxid' AND (l.pid, l.virtualxid) IN (SELECT * FROM unnest($1::int[], $2::text[]))`,
      [open.map((o) => o.pid), open.map((o) => o.virtualxid)],
    );
  }
  return { lastEntryId: text(ids.entry), lastHoldId: text(ids.hold), xid: text(now.xid), at: now.at as Date, settled: waiting.length === 0 };
}

/** The latest checkpoint, or null when no clean run was recorded yet. */
export async function readCheckpoint(query: LedgerQuery): Promise<LedgerCheckpoint | null> {
  const [row] = await query(
    `SELECT id::text, verified_at, last_entry_id::text, last_hold_id::text, first_pending_hold_id::text, xid::text
       FROM ledger_verify_checkpoints ORDER BY id DESC LIMIT 1`,
  );
  if (!row) return null;
  return {
    id: text(row.id),
    at: row.verified_at as Date,
    lastEntryId: text(row.last_entry_id),
    lastHoldId: text(row.last_hold_id),
    firstPendingHoldId: row.first_pending_hold_id === null ? null : text(row.first_pending_hold_id),
    xid: text(row.xid),
    settled: true,
  };
}

/** The lowest id of a hold pending now (in the caller's snapshot), for the checkpoint. */
export async function firstPendingHold(query: LedgerQuery): Promise<string | null> {
  const [row] = await query(`SELECT min(id)::text AS id FROM credit_holds WHERE state = 'pending'`);
  return row.id === null ? null : text(row.id);
}

/** The row changed since the checkpoint (its xmin from the checkpoint's transaction id on); needs `cur` (below) in the FROM list. */
const changedSince = (alias: string) => `((cur.xmax % 4294967296) - ${alias}.xmin::text::bigint + 4294967296) % 4294967296 <= cur.xmax - $4::bigint`;

/**
 * The accounts touched since the checkpoint (see above), sorted; null when the checkpoint is too
 * far behind to tell (run everything). Run it in the checks' snapshot.
 */
export async function touchedAccounts(query: LedgerQuery, checkpoint: LedgerCheckpoint): Promise<string[] | null> {
  const [now] = await query(`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xmax`);
  if (BigInt(text(now.xmax)) - BigInt(checkpoint.xid) > BigInt(XID_HORIZON)) return null;
  const firstHold = checkpoint.firstPendingHoldId ?? text(BigInt(checkpoint.lastHoldId) + 1n);
  const rows = await query(
    `WITH cur AS MATERIALIZED (SELECT pg_snapshot_xmax(pg_current_snapshot())::text::bigint AS xmax)
     SELECT DISTINCT account_id::text FROM (
       SELECT e.account_id FROM credit_entries e WHERE e.id > $1::bigint
       UNION ALL
       SELECT g.account_id FROM credit_allocations al JOIN credit_grants g ON g.id = al.grant_id WHERE al.entry_id > $1::bigint
       UNION ALL
       SELECT h.account_id FROM credit_holds h, cur WHERE h.id >= least($3::bigint, $2::bigint + 1) AND (h.id > $2::bigint OR ${changedSince('h')})
       UNION ALL
       SELECT a.id FROM accounts a, cur WHERE ${changedSince('a')}
       UNION ALL
       SELECT g.account_id FROM credit_grants g, cur WHERE ${changedSince('g')}
       UNION ALL
       SELECT p.account_id FROM plan_periods p, cur WHERE ${changedSince('p')}
       UNION ALL
       SELECT c.account_id FROM plan_changes c, cur WHERE ${changedSince('c')}
       UNION ALL
       SELECT r.account_id FROM usage_rollups r, cur WHERE ${changedSince('r')}
       UNION ALL
       SELECT t.account_id FROM usage_totals t, cur WHERE ${changedSince('t')}
     ) touched
     ORDER BY 1`,
    [checkpoint.lastEntryId, checkpoint.lastHoldId, firstHold, checkpoint.xid],
  );
  return rows.map((r) => text(r.account_id));
}

/** Records a clean run's mark as the new checkpoint (its own statement, after the checks' read-only transaction). */
export async function recordCheckpoint(query: LedgerQuery, mark: LedgerMark, run: CheckpointRun): Promise<void> {
  await query(
    `INSERT INTO ledger_verify_checkpoints (verified_at, scope, last_entry_id, last_hold_id, first_pending_hold_id, xid, accounts_checked, duration_ms)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [mark.at, run.scope, mark.lastEntryId, mark.lastHoldId, run.firstPendingHoldId, mark.xid, run.accountsChecked, run.durationMs],
  );
}
