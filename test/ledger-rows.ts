import type { Pool } from 'pg';

export interface LedgerRow {
  id: number;
  kind: string;
  amount: number;
  balanceAfter: number;
  refundOf: number | null;
  tool: string | null;
  requestId: string | null;
  grantId: string | null;
}

/** An account's credit_entries, oldest first, read straight from the database for assertions. */
export async function ledgerRows(pool: Pool, accountId: string): Promise<LedgerRow[]> {
  const { rows } = await pool.query(
    `SELECT id, kind, amount, balance_after, refund_of, tool, request_id, grant_id
       FROM credit_entries WHERE account_id = $1 ORDER BY id`,
    [accountId],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind as string,
    amount: Number(r.amount),
    balanceAfter: Number(r.balance_after),
    refundOf: r.refund_of === null ? null : Number(r.refund_of),
    tool: r.tool as string | null,
    requestId: r.request_id as string | null,
    grantId: r.grant_id as string | null,
  }));
}

export interface CallCharge {
  /** The call's hold: pending, posted or voided. */
  hold: string;
  /** Credits the hold set aside (the tool's cost). */
  held: number;
  /** Credits the call cost in the end: its usage entries net of refunds. */
  charged: number;
}

/**
 * What each hold placed for one request (by request id) came to: its state and the credits its
 * usage entry took, net of refunds. A paid call that answered is
 * `[{hold:'posted', held: cost, charged: cost}]`; a failed one `[{hold:'voided', held: cost, charged: 0}]`.
 */
export async function callCharges(pool: Pool, accountId: string, requestId: string): Promise<CallCharge[]> {
  const { rows } = await pool.query(
    `SELECT h.state, h.amount,
            coalesce((SELECT -sum(e.amount) FROM credit_entries e
                       WHERE e.hold_id = h.id OR e.refund_of IN (SELECT id FROM credit_entries WHERE hold_id = h.id)), 0) AS charged
       FROM credit_holds h WHERE h.account_id = $1 AND h.request_id = $2 ORDER BY h.id`,
    [accountId, requestId],
  );
  return rows.map((r) => ({ hold: r.state as string, held: Number(r.amount), charged: Number(r.charged) }));
}

/**
 * The charges of one request made without a hold (a call answered from cache, DirectCharges
 * migration): the credits each took, net of refunds.
 */
export async function directCharges(pool: Pool, accountId: string, requestId: string): Promise<number[]> {
  const { rows } = await pool.query(
    `SELECT -e.amount - coalesce((SELECT sum(r.amount) FROM credit_entries r WHERE r.refund_of = e.id), 0) AS charged
       FROM credit_entries e WHERE e.account_id = $1 AND e.request_id = $2 AND e.kind = 'usage' AND e.hold_id IS NULL ORDER BY e.id`,
    [accountId, requestId],
  );
  return rows.map((r) => Number(r.charged));
}

/**
 * Refunds the answered call with this request id through scout_refund, as a correction would
 * (the gateway itself never refunds: a failed call's hold is voided, so it has nothing to refund).
 */
export async function refundCall(pool: Pool, requestId: string, reason = 'test correction'): Promise<void> {
  const { rows } = await pool.query(`SELECT id FROM credit_entries WHERE request_id = $1 AND kind = 'usage'`, [requestId]);
  if (rows.length !== 1) throw new Error(`refundCall: ${rows.length} usage entries for request ${requestId}`);
  await pool.query(`SELECT * FROM scout_refund($1, $2)`, [rows[0].id, reason]);
}
