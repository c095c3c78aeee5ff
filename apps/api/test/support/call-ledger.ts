import type { Pool } from 'pg';
import { callCharges, type CallCharge } from '../../../../test/ledger-rows';

/** What one call left in the ledger, joined by its request id. */
export interface CallLedger {
  /** Its holds: state, credits held, credits charged net of refunds (`callCharges`). */
  holds: CallCharge[];
  /** The credits each usage entry written under its request id took (negative amounts). */
  usage: number[];
}

export async function callLedger(pool: Pool, accountId: string, requestId: string): Promise<CallLedger> {
  const [holds, { rows }] = await Promise.all([
    callCharges(pool, accountId, requestId),
    pool.query(`SELECT amount FROM credit_entries WHERE account_id = $1 AND request_id = $2 AND kind = 'usage' ORDER BY id`, [accountId, requestId]),
  ]);
  return { holds, usage: rows.map((r) => Number(r.amount)) };
}

/**
 * What a call must have left, given its answer: a paid 2xx one usage entry for its cost, with its
 * hold posted at the cost, or with no hold at all when it was answered from cache and charged
 * once (a tool that only reads, ToolCallService.answerFromCache); a free 2xx nothing; any other answer no usage entry and, if a hold was
 * placed, that hold voided with nothing charged (not pending: a hold still pending after the
 * answer is a charge that may yet post or lapse).
 */
export function expectedCallLedger(status: number, cost: number, found: CallLedger): CallLedger {
  if (status >= 200 && status < 300) {
    if (cost === 0) return { holds: [], usage: [] };
    return { holds: found.holds.length === 0 ? [] : [{ hold: 'posted', held: cost, charged: cost }], usage: [-cost] };
  }
  return { holds: found.holds.length === 0 ? [] : [{ hold: 'voided', held: cost, charged: 0 }], usage: [] };
}
