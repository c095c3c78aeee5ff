/**
 * A model of batches of holds and posts (scout_hold_many, then scout_post_many), for
 * hold-batches.int-spec only: what each batch must answer and write, worked out call by call from
 * the rules of the call-by-call functions they replace (scout_hold and scout_post, in
 * BatchesAcrossAccounts.previous.ts) and docs/ledger.md, not from the SQL. The rules:
 *
 * - A hold batch decides its calls with accounts in id order, each account's calls in input order.
 *   A call to an account that does not exist is `no_account`; to a suspended one `suspended`, with
 *   what it can spend now (unexpired grants less the pending holds within their deadline, those
 *   placed earlier in the batch too), nothing written.
 * - A hold's deadline is now + its TTL. Unless the grants still unexpired then, less the pending
 *   holds, cover it, it is `insufficient` (remaining: that, never below 0), nothing written. Else it
 *   is `ok`: a pending hold of the amount, tool, request id and channel (`rest` when none) with that
 *   deadline, answering what can be spent now after it; hold ids increase in decision order.
 * - A post batch decides its posts with accounts in id order, then hold id order (input order for
 *   one hold); a hold that does not exist gets no row. A hold named again in the batch is `posted`
 *   with the first post's entry if that posted it, else `voided`. A hold posted before is `posted`
 *   with its entry, one voided before `voided`, nothing written. Else the hold is voided, and the
 *   post answers why: `expired` past its deadline; `claim_lost` when it names an Idempotency-Key
 *   that has no `running` row of the hold's account with that claim; `insufficient` when the
 *   account's unexpired grants (holds aside, after the batch's earlier posts) do not cover it.
 * - Else `posted`: the balance drops by the amount; one usage entry (minus the amount, the balance
 *   after it, the hold's tool, request id and channel, the hold) paid by the unexpired grants that
 *   expire soonest first, never-expiring last, ties in the order granted, one allocation per grant
 *   that paid; the hold `posted`; today's rollup of (account, tool, channel) gains one call and the
 *   amount; a named Idempotency-Key row becomes `done` with the status code, answer and entry.
 */
import { type LedgerRows, sortRollups } from './charge-batch-model';

/**
 * The rows the batches write, as the spec reads them. Times are milliseconds from the transaction's
 * now(), which stands still while it runs; `resolved` and `completed` say whether that is now()
 * (null: not set). Entries are named by position (from 1, in id order), holds by request id.
 */
export interface HoldLedgerRows {
  holds: Array<{
    request_id: string;
    account_id: string;
    amount: number;
    tool: string;
    channel: string;
    state: string;
    void_reason: string | null;
    expires_in_ms: number;
    resolved: boolean | null;
  }>;
  entries: Array<{
    account_id: string;
    kind: string;
    amount: number;
    balance_after: number;
    tool: string | null;
    request_id: string | null;
    channel: string;
    hold: string | null;
    charge_key: string | null;
  }>;
  allocations: Array<{ entry: number; grant_id: string; credits: number }>;
  grants: Array<{ id: string; remaining: number }>;
  accounts: Array<{ id: string; balance: number; status: string }>;
  rollups: LedgerRows['rollups'];
  idempotency: Array<{
    account_id: string;
    key: string;
    claim_id: string;
    state: string;
    status_code: number | null;
    response: string | null;
    entry: number | null;
    completed: boolean | null;
  }>;
}

export interface HoldWorld {
  rows: HoldLedgerRows;
  /** The holds' ids, parallel to rows.holds. */
  holdIds: string[];
  grantTerms: Array<{ id: string; account_id: string; expires_in_ms: number | null; created_in_ms: number; seq: number }>;
}

export interface HoldCall {
  account: string;
  amount: number;
  tool: string;
  requestId: string;
  ttlMs: number;
  channel: string | null;
}
export interface HoldResult {
  ord: number;
  /** The hold placed, by request id. */
  hold: string | null;
  remaining: number | null;
  status: 'ok' | 'insufficient' | 'suspended' | 'no_account';
  expires_in_ms: number | null;
}

export interface PostCall {
  hold: string;
  key: string | null;
  claim: string | null;
  statusCode: number | null;
  response: string | null;
}
export interface PostResult {
  hold: string;
  status: 'posted' | 'voided' | 'expired' | 'claim_lost' | 'insufficient';
  /** The usage entry, by position. */
  entry: number | null;
}

/** What a batch must answer and leave written, and which of the rules decided its calls (`cases`). */
export interface Prediction<R> {
  results: R[];
  written: HoldLedgerRows;
  cases: Set<string>;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The ledger of `world` as the model moves it: its rows, and the sums and grant walk the rules name. */
function ledger(world: HoldWorld) {
  const rows: HoldLedgerRows = structuredClone(world.rows);
  const account = new Map(rows.accounts.map((a) => [a.id, a]));
  const grant = new Map(rows.grants.map((g) => [g.id, g]));
  const unexpiredAt = (expires: number | null, at: number) => expires === null || expires > at;
  const spendOrder = [...world.grantTerms].sort(
    (a, b) => (a.expires_in_ms ?? Infinity) - (b.expires_in_ms ?? Infinity) || a.created_in_ms - b.created_in_ms || a.seq - b.seq,
  );
  /** What the account's grants still unexpired `at` ms from now have left. */
  const live = (accountId: string, at: number) =>
    world.grantTerms.filter((t) => t.account_id === accountId && unexpiredAt(t.expires_in_ms, at)).reduce((sum, t) => sum + grant.get(t.id)!.remaining, 0);
  const held = (accountId: string) =>
    rows.holds.filter((h) => h.account_id === accountId && h.state === 'pending' && h.expires_in_ms > 0).reduce((sum, h) => sum + h.amount, 0);
  const newAllocations: HoldLedgerRows['allocations'] = [];
  /** Takes `amount` from the account's unexpired grants for entry `entry`, soonest expiry first; how many grants paid. */
  const pay = (accountId: string, amount: number, entry: number) => {
    let need = amount;
    let grants = 0;
    for (const terms of spendOrder) {
      const g = grant.get(terms.id)!;
      if (need === 0) break;
      if (terms.account_id !== accountId || !unexpiredAt(terms.expires_in_ms, 0) || g.remaining === 0) continue;
      const take = Math.min(g.remaining, need);
      g.remaining -= take;
      need -= take;
      grants += 1;
      newAllocations.push({ entry, grant_id: g.id, credits: -take });
    }
    if (need !== 0) throw new Error(`model: the grants of ${accountId} do not cover a post their unexpired credits covered`);
    return grants;
  };
  /** The rows as the spec reads them: new allocations by entry, then grant id; rollups in one order. */
  const written = () => {
    newAllocations.sort((a, b) => a.entry - b.entry || byText(a.grant_id, b.grant_id));
    rows.allocations.push(...newAllocations);
    rows.rollups = sortRollups(rows.rollups);
    return rows;
  };
  return { rows, account, live, held, pay, written };
}

/** What scout_hold_many(calls) must answer and leave written, starting from `world`. */
export function predictHoldBatch(world: HoldWorld, calls: HoldCall[]): Prediction<HoldResult> {
  const { rows, account, live, held, written } = ledger(world);
  const cases = new Set<string>();
  const results: HoldResult[] = calls.map((_, i) => ({ ord: i + 1, hold: null, remaining: null, status: 'no_account', expires_in_ms: null }));
  const order = calls.map((_, i) => i).filter((i) => account.has(calls[i].account));
  order.sort((i, j) => byText(calls[i].account, calls[j].account) || i - j);
  const heldBefore = new Map(rows.accounts.map((a) => [a.id, held(a.id)]));

  for (const i of order) {
    const call = calls[i];
    const acc = account.get(call.account)!;
    const result = results[i];
    const covered = live(acc.id, call.ttlMs) - held(acc.id);
    if (acc.status !== 'active') {
      Object.assign(result, { remaining: live(acc.id, 0) - held(acc.id), status: 'suspended' });
    } else if (covered < call.amount) {
      Object.assign(result, { remaining: Math.max(covered, 0), status: 'insufficient' });
      if (live(acc.id, 0) - held(acc.id) >= call.amount) cases.add('hold refused by its deadline');
      if (live(acc.id, call.ttlMs) - heldBefore.get(acc.id)! >= call.amount) cases.add('hold refused for holds earlier in the batch');
      if (covered < 0) cases.add('hold refused with less than nothing');
      if (world.grantTerms.some((t) => t.account_id === acc.id && t.expires_in_ms === call.ttlMs)) cases.add("hold refused at a grant's expiry");
    } else {
      rows.holds.push({
        request_id: call.requestId,
        account_id: acc.id,
        amount: call.amount,
        tool: call.tool,
        channel: call.channel ?? 'rest',
        state: 'pending',
        void_reason: null,
        expires_in_ms: call.ttlMs,
        resolved: null,
      });
      Object.assign(result, { hold: call.requestId, remaining: live(acc.id, 0) - held(acc.id), status: 'ok', expires_in_ms: call.ttlMs });
      if (call.channel === null) cases.add('hold without a channel');
    }
  }
  for (const r of results) cases.add(`hold ${r.status}`);
  return { results, written: written(), cases };
}

/** What scout_post_many(posts) must answer (rows in input order) and leave written, starting from `world`. */
export function predictPostBatch(world: HoldWorld, posts: PostCall[]): Prediction<PostResult> {
  const { rows, account, live, pay, written } = ledger(world);
  const cases = new Set<string>();
  const hold = new Map(world.holdIds.map((id, i) => [id, rows.holds[i]]));
  const liveBefore = new Map(rows.accounts.map((a) => [a.id, live(a.id, 0)]));
  const results: Array<PostResult | undefined> = posts.map(() => undefined);
  const order = posts.map((_, i) => i).filter((i) => hold.has(posts[i].hold));
  order.sort(
    (i, j) => byText(hold.get(posts[i].hold)!.account_id, hold.get(posts[j].hold)!.account_id) || Number(posts[i].hold) - Number(posts[j].hold) || i - j,
  );
  if (order.length < posts.length) cases.add('post of no hold');
  const first = new Map<string, PostResult>();
  const voided = (h: HoldLedgerRows['holds'][number], reason: string, status: PostResult['status']): PostResult => {
    Object.assign(h, { state: 'voided', void_reason: reason, resolved: true });
    return { hold: h.request_id, status, entry: null };
  };

  for (const i of order) {
    const post = posts[i];
    const h = hold.get(post.hold)!;
    const earlier = first.get(post.hold);
    const claim =
      post.key === null ? undefined : rows.idempotency.find((k) => k.account_id === h.account_id && k.key === post.key && k.claim_id === post.claim);
    let result: PostResult;
    if (earlier) {
      result = earlier.status === 'posted' ? { ...earlier } : { hold: h.request_id, status: 'voided', entry: null };
      cases.add(`post naming a hold again after it was ${result.status}`);
    } else if (h.state === 'posted') {
      result = { hold: h.request_id, status: 'posted', entry: rows.entries.findIndex((e) => e.hold === h.request_id) + 1 };
      cases.add('post of a hold posted before');
    } else if (h.state === 'voided') {
      result = { hold: h.request_id, status: 'voided', entry: null };
      cases.add('post of a hold voided before');
    } else if (h.expires_in_ms <= 0) {
      result = voided(h, 'expired before it was posted', 'expired');
    } else if (post.key !== null && claim?.state !== 'running') {
      result = voided(h, 'its Idempotency-Key claim was taken over', 'claim_lost');
      if (claim) cases.add('post whose claim an earlier post used');
    } else if (live(h.account_id, 0) < h.amount) {
      result = voided(h, 'unexpired grants no longer cover it', 'insufficient');
      if (liveBefore.get(h.account_id)! >= h.amount) cases.add('post refused for the posts before it');
    } else {
      const acc = account.get(h.account_id)!;
      acc.balance -= h.amount;
      rows.entries.push({
        account_id: acc.id,
        kind: 'usage',
        amount: -h.amount,
        balance_after: acc.balance,
        tool: h.tool,
        request_id: h.request_id,
        channel: h.channel,
        hold: h.request_id,
        charge_key: null,
      });
      if (pay(acc.id, h.amount, rows.entries.length) > 1) cases.add('post split across grants');
      Object.assign(h, { state: 'posted', resolved: true });
      const rollup = rows.rollups.find((r) => r.account_id === acc.id && r.tool === h.tool && r.channel === h.channel);
      if (rollup) Object.assign(rollup, { calls: rollup.calls + 1, credits: rollup.credits + h.amount });
      else rows.rollups.push({ account_id: acc.id, tool: h.tool, channel: h.channel, calls: 1, credits: h.amount });
      if (claim) {
        Object.assign(claim, { state: 'done', status_code: post.statusCode, response: post.response, entry: rows.entries.length, completed: true });
        cases.add('post storing its Idempotency-Key answer');
      }
      result = { hold: h.request_id, status: 'posted', entry: rows.entries.length };
    }
    if (!earlier) first.set(post.hold, result);
    cases.add(`post ${result.status}`);
    results[i] = result;
  }
  return { results: results.filter((r) => r !== undefined), written: written(), cases };
}
