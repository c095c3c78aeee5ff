import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { AppConfig, CALL_CHANNELS, isDatabaseUnavailable, OutOfCreditsError, ServiceUnavailableError, UnauthorizedError, type CallChannel } from '@scout/core';
import { ledgerHoldsOpen, recordGroupCommit, recordHoldsExpired } from '@scout/metrics';
import { GroupCommit } from './group-commit';

/** What a group commit of `kind` reports to the metrics (batch size, waits). */
const groupCommitMetrics =
  (kind: 'hold' | 'post' | 'charge') =>
  (size: number, waitsSeconds: number[]): void =>
    recordGroupCommit(kind, size, waitsSeconds);

/** Credits set aside for one call until it is posted (charged) or voided (not charged). */
export interface Hold {
  id: number;
  accountId: string;
  amount: number;
  /** How the call came: its usage entry, once posted, carries the same channel. */
  channel: CallChannel;
  /** Spendable credits right after the hold was placed: what the call's answer reports. */
  remaining: number;
  /** Past this the hold charges nothing, and can no longer be posted. */
  expiresAt: Date;
}

/** The answer of a call made with an Idempotency-Key, stored in the transaction that posts its hold. */
export interface AnswerToStore {
  key: string;
  claimId: string;
  statusCode: number;
  response: unknown;
}

/** Why a hold could not be posted; in each case nothing was charged. */
export type PostRefusal = 'voided' | 'expired' | 'claim_lost' | 'insufficient';

export class HoldNotPostedError extends ServiceUnavailableError {
  constructor(readonly refusal: PostRefusal) {
    super(
      refusal === 'claim_lost'
        ? 'This call outlived its Idempotency-Key claim, which a retry has taken over. Nothing was charged for it.'
        : 'This call could not be charged before its deadline, so its answer is withheld and nothing was charged. Retry.',
    );
  }
}

/** A call to charge (CreditHoldsService.place, CreditHoldsService.charge): whose, which tool, what cost, how it came. */
export interface CallToCharge {
  accountId: string;
  tool: string;
  /** Credits: the tool's cost. */
  amount: number;
  requestId: string;
  /**
   * How the call came, REST or MCP: its hold and usage entry record it. Always said, never
   * defaulted, so no caller can count an MCP call as REST by leaving it out.
   */
  channel: CallChannel;
}

/** A hold to place: the call, and how long the hold may stay pending (default: the hold TTL of the configuration). */
export interface HoldToPlace extends CallToCharge {
  ttlMs?: number;
}

interface HoldRequest extends CallToCharge {
  ttlMs: number;
}

interface HoldRow {
  hold_id: number | null;
  remaining: number | null;
  status: string;
  expires_at: Date | null;
}

interface ChargeRequest extends CallToCharge {
  /** Made here, once per charge: sending it again after a lost connection cannot charge twice. */
  key: string;
  /** Past this the charge is no longer retried. */
  giveUpAt: number;
}

interface ChargeRow {
  entry_id: number | null;
  remaining: number | null;
  status: string;
}

/** A call charged at once (charge()): its usage entry, and the credits spendable right after. */
export interface DirectCharge {
  entryId: number;
  remaining: number;
}

interface PostRequest {
  hold: Hold;
  answer?: AnswerToStore;
}

interface PostRow {
  hold_id: number;
  status: string;
  entry_id: number | null;
}

/** Statements grouped into one transaction at most. */
const BATCH_MAX = 200;
/**
 * Batches in flight at once per process, for each of holds, posts and charges: one. What arrives
 * meanwhile waits for the next batch, so batches grow with the load and the database's fixed cost
 * per transaction is shared by more calls.
 *  - Charges: HTTP bench, metered calls on one account, 64 connections (Node 26, PostgreSQL server,
 *    this 2-core machine): with 4 in flight 0.13 transactions per call and 350-436 µs of database
 *    CPU per call; with 2, 0.065-0.069 and 242-268 µs; with 1, 0.033-0.035 and 168-184 µs, and
 *    1,433-1,569 calls/s against 1,064-1,338.
 *  - Holds and posts: `npm run bench:ledger`, grouped hold + post, 32 connections, two interleaved
 *    runs of each (same machine, 2026-11-27): with 4 in flight 547-621 calls/s on one account and
 *    683-764 over 32, p99 100-124 ms, 0.47 and 0.78 round trips per call; with 2, 727-771 and
 *    876-1,039; with 1, 803-853 and 1,107-1,129, p99 50-58 ms, 0.18 and 0.20 round trips.
 * A lone call still goes at once; a batch retrying a lost connection holds the next one back by
 * its retry delay (RETRY_FIRST_DELAY_MS, doubling).
 */
const BATCHES_IN_FLIGHT = 1;

/** First wait before retrying a statement whose connection was lost; doubles up to the cap. */
const RETRY_FIRST_DELAY_MS = 50;
const RETRY_MAX_DELAY_MS = 1_000;

/**
 * Two-phase charges of tool calls (CreditHolds migration): place a hold for the cost, post it
 * when the answer is ready, void it on failure. Post and void are idempotent in SQL, so both are
 * retried while the database connection is lost, up to the hold's deadline: past it a hold can no
 * longer charge anything, whatever happened.
 *
 * Holds and posts are group-committed (GroupCommit): those asked for while earlier batches are in
 * flight go together in one transaction (scout_hold_many, scout_post_many), and each caller still
 * waits for its own result. An idle process sends a lone one at once.
 */
@Injectable()
export class CreditHoldsService implements OnModuleDestroy {
  private readonly logger = new Logger('CreditHolds');
  private readonly holds = new GroupCommit<HoldRequest, HoldRow>((batch) => this.holdBatch(batch), BATCH_MAX, BATCHES_IN_FLIGHT, groupCommitMetrics('hold'));
  private readonly posts = new GroupCommit<PostRequest, PostRow>((batch) => this.postBatch(batch), BATCH_MAX, BATCHES_IN_FLIGHT, groupCommitMetrics('post'));
  private readonly charges = new GroupCommit<ChargeRequest, ChargeRow>(
    (batch) => this.chargeBatch(batch),
    BATCH_MAX,
    BATCHES_IN_FLIGHT,
    groupCommitMetrics('charge'),
  );
  /** Removes the open-holds probe of the metrics (scout_ledger_holds_open) at shutdown. */
  private readonly stopProbe: () => void;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly config: AppConfig,
  ) {
    // Read at scrape time: pending holds over the partial index of pending holds (the same number from every process).
    this.stopProbe = ledgerHoldsOpen.addProbe(async () => {
      const rows: { n: number }[] = await this.db.query(`SELECT count(*)::int AS n FROM credit_holds WHERE state = 'pending'`);
      return [{ labels: {}, value: rows[0].n }];
    });
  }

  onModuleDestroy(): void {
    this.stopProbe();
  }

  /**
   * Sets the cost of a call aside. Throws OutOfCreditsError (402) when the credits that outlive
   * the hold do not cover it, UnauthorizedError for a suspended account; writes nothing then.
   * Not retried: a lost connection may have placed the hold, which then expires unspent.
   * The hold, and the usage entry it posts, record the call's `channel` (REST or MCP).
   */
  async place(call: HoldToPlace): Promise<Hold> {
    const { accountId, tool, amount, requestId, channel, ttlMs = this.config.holdTtlMs } = call;
    requireChannel(channel);
    const row = await this.holds.submit({ accountId, tool, amount, requestId, channel, ttlMs });
    if (row.status === 'insufficient') throw new OutOfCreditsError(amount, Number(row.remaining ?? 0));
    if (row.status !== 'ok') throw new UnauthorizedError('This account is not active.');
    // bigint columns: numbers here, whatever type parser the connection uses.
    return { id: Number(row.hold_id), accountId, amount, channel, remaining: Number(row.remaining), expiresAt: new Date(row.expires_at!) };
  }

  private async holdBatch(batch: HoldRequest[]): Promise<HoldRow[]> {
    const rows = await this.db.query<Array<HoldRow & { ord: number }>>(
      `SELECT ord, hold_id, remaining, status, expires_at FROM scout_hold_many($1::uuid[], $2::bigint[], $3::text[], $4::text[], $5::int[], $6::text[])`,
      [
        batch.map((h) => h.accountId),
        batch.map((h) => h.amount),
        batch.map((h) => h.tool),
        batch.map((h) => h.requestId),
        batch.map((h) => h.ttlMs),
        batch.map((h) => h.channel),
      ],
    );
    return inBatchOrder<HoldRow>(batch, rows, { hold_id: null, remaining: null, status: 'no_account', expires_at: null });
  }

  /**
   * Charges the hold (its usage entry) and stores the call's answer under its Idempotency-Key in
   * the same transaction. Resolves to the usage entry id; throws HoldNotPostedError when the hold
   * can no longer be charged (past its deadline, voided, or its key claim taken over): the call
   * must then not be answered as a success.
   */
  async post(hold: Hold, answer?: AnswerToStore): Promise<number> {
    const row = await this.posts.submit({ hold, answer });
    if (row.status !== 'posted') throw new HoldNotPostedError(row.status as PostRefusal);
    return Number(row.entry_id);
  }

  private async postBatch(batch: PostRequest[]): Promise<PostRow[]> {
    // Retried as a whole while the connection is lost (each post in it is idempotent), until the
    // last deadline in it: holds already past theirs just come back expired.
    const latest = batch.reduce((last, p) => (p.hold.expiresAt > last.expiresAt ? p.hold : last), batch[0].hold);
    const rows = await this.untilDeadline<PostRow[]>(latest.expiresAt.getTime() + RETRY_MAX_DELAY_MS, `hold ${latest.id}`, () =>
      this.db.query(`SELECT hold_id, status, entry_id FROM scout_post_many($1::bigint[], $2::text[], $3::uuid[], $4::int[], $5::json[])`, [
        batch.map((p) => p.hold.id),
        batch.map((p) => p.answer?.key ?? null),
        batch.map((p) => p.answer?.claimId ?? null),
        batch.map((p) => p.answer?.statusCode ?? null),
        batch.map((p) => (p.answer ? JSON.stringify(p.answer.response) : null)),
      ]),
    );
    const byHold = new Map(rows.map((row) => [Number(row.hold_id), row]));
    return batch.map((p) => {
      const row = byHold.get(p.hold.id);
      if (!row) throw new Error(`scout_post_many: no hold ${p.hold.id}`);
      return row;
    });
  }

  /**
   * Charges a call whose answer is already in hand, without a hold (DirectCharges migration):
   * one grouped debit. Throws OutOfCreditsError (402) when what the account can spend now (less
   * what running calls hold) does not cover it, UnauthorizedError for a suspended account; writes
   * nothing then. Sent again while the connection is lost, within the hold TTL: the charge carries
   * a key of its own, so a charge that was made before the connection dropped is found, not repeated.
   * The usage entry records the call's `channel` (REST or MCP).
   */
  async charge(call: CallToCharge): Promise<DirectCharge> {
    const { accountId, tool, amount, requestId, channel } = call;
    requireChannel(channel);
    const giveUpAt = Date.now() + this.config.holdTtlMs;
    const row = await this.charges.submit({ key: randomUUID(), giveUpAt, accountId, tool, amount, requestId, channel });
    if (row.status === 'insufficient') throw new OutOfCreditsError(amount, Number(row.remaining ?? 0));
    if (row.status !== 'ok') throw new UnauthorizedError('This account is not active.');
    return { entryId: Number(row.entry_id), remaining: Number(row.remaining) };
  }

  private async chargeBatch(batch: ChargeRequest[]): Promise<ChargeRow[]> {
    const giveUpAt = Math.max(...batch.map((c) => c.giveUpAt));
    const rows = await this.untilDeadline<Array<ChargeRow & { ord: number }>>(giveUpAt, 'charge', () =>
      this.db.query(
        `SELECT ord, entry_id, remaining, status FROM scout_charge_many($1::uuid[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::uuid[])`,
        [
          batch.map((c) => c.accountId),
          batch.map((c) => c.amount),
          batch.map((c) => c.tool),
          batch.map((c) => c.requestId),
          batch.map((c) => c.channel),
          batch.map((c) => c.key),
        ],
      ),
    );
    return inBatchOrder<ChargeRow>(batch, rows, { entry_id: null, remaining: null, status: 'no_account' });
  }

  /**
   * Releases the hold: the call is charged nothing. Never throws: if the database stays out of
   * reach until the deadline, the hold expires, which charges nothing too. Resolves to the
   * account's spendable credits afterwards, or null when they could not be read.
   */
  async void(hold: Hold, reason: string): Promise<number | null> {
    try {
      const [row] = await this.untilDeadline(hold.expiresAt.getTime() + RETRY_MAX_DELAY_MS, `hold ${hold.id}`, () =>
        this.db.query<{ status: string; remaining: number }[]>(`SELECT status, remaining FROM scout_void($1, $2)`, [hold.id, printable(reason).slice(0, 500)]),
      );
      if (row.status === 'posted') this.logger.error({ holdId: hold.id }, 'a failed call was already posted: it stays charged');
      return Number(row.remaining);
    } catch (error) {
      this.logger.warn({ err: error, holdId: hold.id }, 'could not void the hold of a failed call: it expires unspent at its deadline');
      return null;
    }
  }

  /** Records every pending hold past its deadline as voided, in batches; returns how many. */
  async voidExpired(batchSize = 1_000): Promise<number> {
    let voided = 0;
    for (;;) {
      const rows = await this.db.query<unknown[]>(`SELECT hold_id FROM scout_void_expired_holds($1)`, [batchSize]);
      voided += rows.length;
      recordHoldsExpired(rows.length);
      if (rows.length < batchSize) return voided;
    }
  }

  /**
   * Runs an idempotent statement again while its connection is lost, until `giveUpAt` (for a hold,
   * shortly past its deadline: the database's clock decides expiry, a second covers skew; by then
   * the hold can charge nothing whatever the statement would have done).
   */
  private async untilDeadline<T>(giveUpAt: number, what: string, statement: () => Promise<T>): Promise<T> {
    for (let delay = RETRY_FIRST_DELAY_MS; ; delay = Math.min(delay * 2, RETRY_MAX_DELAY_MS)) {
      try {
        return await statement();
      } catch (error) {
        const left = giveUpAt - Date.now();
        if (!isDatabaseUnavailable(error) || left <= 0) throw error;
        this.logger.warn({ what, retryInMs: delay }, `database connection lost (${(error as Error).message}): retrying`);
        await sleep(Math.min(delay, left));
      }
    }
  }
}

/** Refuses a call without its channel (a caller that skipped the type check): it would be counted under none, or the wrong one. */
function requireChannel(channel: CallChannel): void {
  if (!CALL_CHANNELS.includes(channel)) throw new TypeError(`a call to charge needs its channel (${CALL_CHANNELS.join(' or ')}), not ${String(channel)}`);
}

/** The reason as PostgreSQL text takes it: an error message may quote input with NUL or other control characters. */
function printable(reason: string): string {
  return reason.replace(/[\u0000-\u001f\u007f]/g, ' ');
}

/**
 * The rows of a batch function (scout_hold_many, scout_charge_many) in the batch's order: each row
 * says its request's 1-based position in `ord`; a request with no row (its account does not exist)
 * gets `missing`.
 */
function inBatchOrder<Row>(batch: readonly unknown[], rows: ReadonlyArray<Row & { ord: number | string }>, missing: Row): Row[] {
  const byPosition = new Map(rows.map((row) => [Number(row.ord), row]));
  return batch.map((_, i) => byPosition.get(i + 1) ?? missing);
}
