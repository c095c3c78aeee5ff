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

/** What the ledger check needs to know of the tool and of its answer. */
export interface CallFacts {
  status: number;
  cost: number;
  /** The tool only reads (`readsOnly`): it may be answered from cached upstream answers. */
  readsOnly: boolean;
  /** The answer's envelope credits, for a 2xx: `calls` live upstream calls, `cachedCalls` cache hits. */
  credits?: { calls: number; cachedCalls: number };
}

/**
 * The one way a paid 2xx may be charged without a hold: a tool that only reads, answered wholly
 * from cached upstream answers (ToolCallService.answerFromCache: every upstream call it made was a
 * cache hit, no live call), charged once directly.
 */
export function chargedWithoutHold(facts: CallFacts): boolean {
  return facts.readsOnly && facts.credits !== undefined && facts.credits.calls === 0;
}

/**
 * What a call must have left, given its answer: a paid 2xx one usage entry for its cost, with its
 * hold posted at the cost, or no hold only when chargedWithoutHold says it could take that path
 * (a paid 2xx of any other tool without its posted hold fails); a free 2xx nothing; any other
 * answer no usage entry and, if a hold was placed, that hold voided with nothing charged (not
 * pending: a hold still pending after the answer is a charge that may yet post or lapse).
 */
export function expectedCallLedger(facts: CallFacts, found: CallLedger): CallLedger {
  const { status, cost } = facts;
  if (status >= 200 && status < 300) {
    if (cost === 0) return { holds: [], usage: [] };
    const direct = found.holds.length === 0 && chargedWithoutHold(facts);
    return { holds: direct ? [] : [{ hold: 'posted', held: cost, charged: cost }], usage: [-cost] };
  }
  return { holds: found.holds.length === 0 ? [] : [{ hold: 'voided', held: cost, charged: 0 }], usage: [] };
}
