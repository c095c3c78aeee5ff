import type { Pool } from 'pg';
import { ledgerRows } from './ledger-rows';

/**
 * Every ledger invariant of one account at rest (docs/architecture.md section 5), as a list of violations
 * (empty when all hold): balance >= 0 and equal to the sum of the entries and to the sum of what is
 * left of its grants; each entry's balance_after is the running sum; each grant's remaining is the
 * sum of its allocations and within [0, credits]; each entry's allocations add up to its amount.
 */
export async function ledgerInvariantViolations(pool: Pool, accountId: string): Promise<string[]> {
  const problems: string[] = [];
  const entries = await ledgerRows(pool, accountId);
  const { rows: accounts } = await pool.query(`SELECT balance FROM accounts WHERE id = $1`, [accountId]);
  const balance = Number(accounts[0].balance);
  const sum = entries.reduce((total, e) => total + e.amount, 0);
  if (balance < 0) problems.push(`balance ${balance} < 0`);
  if (balance !== sum) problems.push(`balance ${balance} != sum of entries ${sum}`);
  let running = 0;
  for (const entry of entries) {
    running += entry.amount;
    if (entry.balanceAfter !== running) problems.push(`entry ${entry.id}: balance_after ${entry.balanceAfter} != ${running}`);
  }
  const { rows: grants } = await pool.query(
    `SELECT g.id, g.credits, g.remaining, coalesce(sum(a.credits), 0) AS allocated
       FROM credit_grants g LEFT JOIN credit_allocations a ON a.grant_id = g.id
      WHERE g.account_id = $1 GROUP BY g.id`,
    [accountId],
  );
  let remaining = 0;
  for (const g of grants) {
    remaining += Number(g.remaining);
    if (Number(g.remaining) !== Number(g.allocated)) problems.push(`grant ${g.id}: remaining ${g.remaining} != allocations ${g.allocated}`);
    if (Number(g.remaining) < 0 || Number(g.remaining) > Number(g.credits)) problems.push(`grant ${g.id}: remaining ${g.remaining} outside [0, ${g.credits}]`);
  }
  if (balance !== remaining) problems.push(`balance ${balance} != remaining of grants ${remaining}`);
  const { rows: unbalanced } = await pool.query(
    `SELECT e.id, e.amount, coalesce(sum(a.credits), 0) AS allocated
       FROM credit_entries e LEFT JOIN credit_allocations a ON a.entry_id = e.id
      WHERE e.account_id = $1 GROUP BY e.id HAVING e.amount <> coalesce(sum(a.credits), 0)`,
    [accountId],
  );
  for (const e of unbalanced) problems.push(`entry ${e.id}: amount ${e.amount} != allocations ${e.allocated}`);
  return problems;
}
