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
