/**
 * A model of a batch of direct charges (scout_charge_many), for charge-batches.int-spec only: what
 * the batch must answer and write, worked out charge by charge from the rules the docs give, not
 * from the SQL. The rules, and where they are written:
 *
 * - The batch charges its accounts in id order, and each account's charges in input order; the
 *   result is that of charging each call alone in that order (docs/ledger.md "How credits move",
 *   the SetBasedCharges migration).
 * - A charge to an account that does not exist is `no_account`, nothing written (DirectCharges:
 *   status ok | insufficient | no_account | suspended; nothing is written unless ok).
 * - A key already charged, before the batch or by a charge made earlier in it, returns that charge
 *   (its entry, status ok) and writes nothing; this comes before the suspended and insufficient
 *   checks (docs/ledger.md: "a key seen before or earlier in the batch returns that charge; then
 *   suspended, insufficient, or ok"). A refused charge charged nothing, so its key stays unused.
 * - A suspended account's charge is `suspended`, nothing written.
 * - Spendable credits are what is left of the unexpired grants less the pending holds within their
 *   deadline (docs/ledger.md "Invariants", architecture section 5); a charge they do not cover is
 *   `insufficient`, nothing written.
 * - An ok charge is one usage entry of minus the amount (no hold, its charge key, the call's tool,
 *   request id and channel) whose balance_after is the account's balance after it; the balance
 *   drops by the amount; the credits come from the unexpired grants that expire soonest first,
 *   never-expiring last, ties in the order granted (created_at, then the grant sequence:
 *   architecture section 5 and the GrantOrder migration), one allocation per grant that paid; the
 *   usage rollup of (account, tool, channel) gains one call and the amount (docs/ledger.md tables).
 * - Every charge answers the credits spendable after it (x-credits-remaining): never negative for a
 *   refused one; none for an unknown account.
 */

/** The rows the batch writes, as the spec reads them (written()), without generated ids. */
export interface LedgerRows {
  entries: Array<{
    account_id: string;
    amount: number;
    balance_after: number;
    tool: string | null;
    request_id: string | null;
    channel: string;
    charge_key: string | null;
  }>;
  allocations: Array<{ charge_key: string | null; grant_id: string; credits: number }>;
  grants: Array<{ id: string; remaining: number }>;
  accounts: Array<{ id: string; balance: number; status: string }>;
  rollups: Array<{ account_id: string; tool: string; channel: string; calls: number; credits: number }>;
}

/** Times as UTC text to the microsecond, `YYYY-MM-DDTHH:MI:SS.US`: they compare as strings. */
export interface ChargeWorld {
  /** The transaction's now(), when the batch runs. */
  now: string;
  rows: LedgerRows;
  grantTerms: Array<{ id: string; account_id: string; expires_at: string | null; created_at: string; seq: number }>;
  holds: Array<{ account_id: string; amount: number; state: string; expires_at: string }>;
}

export interface ChargeCall {
  account: string;
  amount: number;
  tool: string;
  requestId: string;
  channel: string;
  key: string;
}

/** One charge's answer; `entry` names the usage entry by its charge key. */
export interface ChargeResult {
  ord: number;
  entry: string | null;
  remaining: number | null;
  status: 'ok' | 'insufficient' | 'suspended' | 'no_account';
}

/** Rollups in one order on both sides (the database's text order depends on its collation). */
export function sortRollups(rollups: LedgerRows['rollups']): LedgerRows['rollups'] {
  const key = (r: LedgerRows['rollups'][number]) => [r.account_id, r.tool, r.channel].join('\u0000');
  return [...rollups].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** What scout_charge_many(calls) must answer and leave written, starting from `world`. */
export function predictChargeBatch(world: ChargeWorld, calls: ChargeCall[]): { results: ChargeResult[]; written: LedgerRows } {
  const rows: LedgerRows = structuredClone(world.rows);
  const account = new Map(rows.accounts.map((a) => [a.id, a]));
  const grant = new Map(rows.grants.map((g) => [g.id, g]));
  const unexpired = (expiresAt: string | null) => expiresAt === null || expiresAt > world.now;

  // Spend order: soonest expiry first, never-expiring last, then the order granted.
  const spendOrder = [...world.grantTerms].sort((a, b) => {
    if (a.expires_at !== b.expires_at) {
      if (a.expires_at === null) return 1;
      if (b.expires_at === null) return -1;
      return a.expires_at < b.expires_at ? -1 : 1;
    }
    if (a.created_at !== b.created_at) return a.created_at < b.created_at ? -1 : 1;
    return a.seq - b.seq;
  });

  const spendable = (accountId: string) => {
    const left = world.grantTerms.filter((t) => t.account_id === accountId && unexpired(t.expires_at)).reduce((sum, t) => sum + grant.get(t.id)!.remaining, 0);
    const held = world.holds
      .filter((h) => h.account_id === accountId && h.state === 'pending' && h.expires_at > world.now)
      .reduce((sum, h) => sum + h.amount, 0);
    return left - held;
  };

  const charged = new Set(rows.entries.flatMap((e) => (e.charge_key === null ? [] : [e.charge_key])));
  const newAllocations: Array<{ entry: number; charge_key: string; grant_id: string; credits: number }> = [];

  const results: ChargeResult[] = calls.map((_, i) => ({ ord: i + 1, entry: null, remaining: null, status: 'no_account' }));
  const order = calls.map((_, i) => i).filter((i) => account.has(calls[i].account));
  order.sort((i, j) => (calls[i].account < calls[j].account ? -1 : calls[i].account > calls[j].account ? 1 : i - j));

  for (const i of order) {
    const call = calls[i];
    const acc = account.get(call.account)!;
    const result = results[i];
    if (charged.has(call.key)) {
      Object.assign(result, { entry: call.key, remaining: spendable(acc.id), status: 'ok' });
    } else if (acc.status !== 'active') {
      Object.assign(result, { remaining: spendable(acc.id), status: 'suspended' });
    } else if (spendable(acc.id) < call.amount) {
      Object.assign(result, { remaining: Math.max(spendable(acc.id), 0), status: 'insufficient' });
    } else {
      acc.balance -= call.amount;
      rows.entries.push({
        account_id: acc.id,
        amount: -call.amount,
        balance_after: acc.balance,
        tool: call.tool,
        request_id: call.requestId,
        channel: call.channel,
        charge_key: call.key,
      });
      let need = call.amount;
      for (const terms of spendOrder) {
        const g = grant.get(terms.id)!;
        if (need === 0) break;
        if (terms.account_id !== acc.id || !unexpired(terms.expires_at) || g.remaining === 0) continue;
        const take = Math.min(g.remaining, need);
        g.remaining -= take;
        need -= take;
        newAllocations.push({ entry: rows.entries.length, charge_key: call.key, grant_id: g.id, credits: -take });
      }
      if (need !== 0) throw new Error(`model: the grants of ${acc.id} do not cover a charge its spendable credits covered`);
      const rollup = rows.rollups.find((r) => r.account_id === acc.id && r.tool === call.tool && r.channel === call.channel);
      if (rollup) {
        rollup.calls += 1;
        rollup.credits += call.amount;
      } else {
        rows.rollups.push({ account_id: acc.id, tool: call.tool, channel: call.channel, calls: 1, credits: call.amount });
      }
      charged.add(call.key);
      Object.assign(result, { entry: call.key, remaining: spendable(acc.id), status: 'ok' });
    }
  }

  // As written() reads them: allocations by entry, then grant id; rollups in one fixed order.
  newAllocations.sort((a, b) => a.entry - b.entry || (a.grant_id < b.grant_id ? -1 : a.grant_id > b.grant_id ? 1 : 0));
  rows.allocations.push(...newAllocations.map(({ charge_key, grant_id, credits }) => ({ charge_key, grant_id, credits })));
  rows.rollups = sortRollups(rows.rollups);
  return { results, written: rows };
}
