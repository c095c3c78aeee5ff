import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Response } from 'express';
import {
  AppConfig,
  buildEnvelope,
  CallMeter,
  CREDITS_HEADER,
  InvalidRequestError,
  parseToolInput,
  RequestContext,
  ScoutError,
  SessionUsageTracker,
  type Envelope,
  type ToolContext,
  type ToolResult,
} from '@scout/core';
import type { ScoutRequest } from '@scout/auth';
import { IDEMPOTENCY_HEADER, IdempotencyService, parseIdempotencyKey, requestFingerprint } from '@scout/idempotency';
import { CreditHoldsService, LedgerService } from '@scout/ledger';
import type { UpstreamEndpoints } from '@scout/upstream';
import { UPSTREAM_ENDPOINTS } from '../upstreams/upstream-endpoints';

/** Set on an answer replayed from an earlier request with the same Idempotency-Key. */
export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replayed';

const SANDBOX_NOTE = 'Answered from the sandbox upstream, a synthetic market that stands in for the data providers: not live market data.';

/** The Idempotency-Key claim a call runs under. */
interface KeyClaim {
  key: string;
  claimId: string;
}

/**
 * One tool call after the access guard (ARCHITECTURE section 4, steps 5-8): validate the input,
 * claim its Idempotency-Key if one came, place a hold for the cost, run the handler with its
 * context, then post the hold with the envelope (stored under the key in the same transaction)
 * before the answer leaves, or void it if the call failed. A hold left by a crash expires unspent.
 */
@Injectable()
export class ToolGatewayService {
  private readonly logger = new Logger('ToolGateway');

  constructor(
    private readonly ledger: LedgerService,
    private readonly holds: CreditHoldsService,
    private readonly idempotency: IdempotencyService,
    private readonly sessionUsage: SessionUsageTracker,
    private readonly config: AppConfig,
    @Inject(UPSTREAM_ENDPOINTS) private readonly upstreams: UpstreamEndpoints,
  ) {}

  async call(req: ScoutRequest, res: Response, source: 'query' | 'body'): Promise<Envelope> {
    const startedAt = performance.now();
    const tool = req.tool!;
    const caller = req.caller ?? null;

    if (source === 'body') assertJsonBody(req);
    const input = await parseToolInput(tool.input, source === 'query' ? req.query : req.body, source, tool.inputSchema);

    // A key is scoped to an account: a keyless call has none to scope it to. The public tool
    // (service_health) reports live state, which a stored answer would misreport, so it ignores
    // the header even with a key (the OpenAPI document offers the header on keyed tools only).
    const key = caller && !tool.public ? parseIdempotencyKey(req.headers[IDEMPOTENCY_HEADER]) : null;
    if (!caller || key === null) return this.run(req, res, input, startedAt, null);

    const claim = await this.idempotency.claim(caller.accountId, key, tool.name, requestFingerprint(tool.name, input));
    if (claim.kind === 'replay') {
      // The stored answer and status, charging nothing; the balance header is today's.
      res.status(claim.statusCode);
      res.setHeader(IDEMPOTENT_REPLAY_HEADER, 'true');
      res.setHeader(CREDITS_HEADER, String(await this.ledger.remaining(caller.accountId)));
      return claim.response as Envelope;
    }
    try {
      return await this.run(req, res, input, startedAt, { key, claimId: claim.claimId });
    } catch (error) {
      // 402, a voided call, the database: nothing to replay, so the retry runs. A claim that
      // cannot be released lapses when the call's hold would have expired.
      await this.idempotency.release(caller.accountId, key, claim.claimId).catch((releaseError: unknown) => {
        this.logger.warn({ err: releaseError, key }, 'could not release the Idempotency-Key of a failed call: it lapses with its hold');
      });
      throw error;
    }
  }

  private async run(req: ScoutRequest, res: Response, input: object, startedAt: number, claim: KeyClaim | null): Promise<Envelope> {
    const tool = req.tool!;
    const caller = req.caller ?? null;
    const requestId = String(req.id);

    const hold = caller && tool.cost > 0 ? await this.holds.place(caller.accountId, tool.name, tool.cost, requestId) : null;
    if (hold) res.setHeader(CREDITS_HEADER, String(hold.remaining));

    // The client went away if the response closes before it was written out.
    const gone = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) gone.abort();
    });
    const context: ToolContext = {
      tool: tool.name,
      requestId,
      caller,
      meter: new CallMeter(),
      deadlineAt: Date.now() + (tool.deadlineMs ?? this.config.TOOL_DEADLINE_MS),
      signal: gone.signal,
    };
    let result: ToolResult;
    try {
      result = await RequestContext.run(context, () => tool.handler(input, context));
    } catch (error) {
      if (hold) {
        const reason = error instanceof ScoutError ? `${error.code}: ${error.message}` : 'internal error';
        const remaining = await this.holds.void(hold, reason);
        if (remaining !== null) res.setHeader(CREDITS_HEADER, String(remaining));
      }
      throw error;
    }

    const remaining = hold ? hold.remaining : caller ? await this.ledger.remaining(caller.accountId) : null;
    if (remaining !== null) res.setHeader(CREDITS_HEADER, String(remaining));
    const notes = [...(result.notes ?? [])];
    if (this.upstreams.sandbox && context.meter.endpoints.length > 0) notes.push(SANDBOX_NOTE);
    const envelope = buildEnvelope({
      tool: tool.name,
      data: result.data,
      notes,
      creditsSpent: hold ? tool.cost : 0,
      remaining,
      meter: context.meter,
      startedAt,
      requestId,
    });

    // The charge (and the stored answer) is durable before the answer leaves; a hold that can no
    // longer be posted throws, and the caller gets an error, charged nothing.
    if (hold) {
      await this.holds.post(hold, claim ? { ...claim, statusCode: res.statusCode, response: envelope } : undefined);
    } else if (claim && caller) {
      await this.storeFreeAnswer(caller.accountId, claim, res.statusCode, envelope);
    }
    if (caller) {
      this.sessionUsage.record(caller.accountId, tool.name, tool.cost, context.meter.calls, context.meter.cachedCalls);
    }
    return envelope;
  }

  /** A free call moves no credits, so its answer is stored on its own; failing to store it is not fatal. */
  private async storeFreeAnswer(accountId: string, claim: KeyClaim, statusCode: number, envelope: Envelope): Promise<void> {
    try {
      const stored = await this.idempotency.complete(accountId, claim.key, claim.claimId, { statusCode, response: envelope, usageEntryId: null });
      if (!stored) this.logger.warn({ key: claim.key }, 'Idempotency-Key taken over as abandoned before the call finished: answer not stored');
    } catch (error) {
      this.logger.error({ err: error, key: claim.key }, 'could not store the answer of an Idempotency-Key');
    }
  }
}

function assertJsonBody(req: ScoutRequest): void {
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (hasBody && !req.is('application/json')) {
    throw new InvalidRequestError('POST bodies must be JSON: send Content-Type: application/json.', [
      { path: '', message: `unsupported content type ${req.headers['content-type'] ?? '(none)'}` },
    ]);
  }
}
