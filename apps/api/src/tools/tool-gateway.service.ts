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
import { LedgerService, type Charge } from '@scout/ledger';
import { UPSTREAM_ENDPOINTS, type UpstreamEndpoints } from '../upstreams/upstream-endpoints';

/** Set on an answer replayed from an earlier request with the same Idempotency-Key. */
export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replayed';

const SANDBOX_NOTE =
  'Answered from the sandbox upstream, a synthetic market that stands in for the data providers: not live market data.';

/**
 * One tool call after the access guard (ARCHITECTURE section 4, steps 5-8): validate the input,
 * claim its Idempotency-Key if one came, debit the cost, run the handler with its context, refund
 * a failed call, build the envelope (and store it under the key).
 */
@Injectable()
export class ToolGatewayService {
  private readonly logger = new Logger('ToolGateway');

  constructor(
    private readonly ledger: LedgerService,
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
    if (!caller || key === null) return (await this.run(req, res, input, startedAt)).envelope;

    const claim = await this.idempotency.claim(caller.accountId, key, tool.name, requestFingerprint(tool.name, input));
    if (claim.kind === 'replay') {
      // The stored answer and status, charging nothing; the balance header is today's.
      res.status(claim.statusCode);
      res.setHeader(IDEMPOTENT_REPLAY_HEADER, 'true');
      res.setHeader(CREDITS_HEADER, String(await this.ledger.remaining(caller.accountId)));
      return claim.response as Envelope;
    }
    let answered: { envelope: Envelope; usageEntryId: number | null };
    try {
      answered = await this.run(req, res, input, startedAt);
    } catch (error) {
      // 402, a refunded tool error, a crash, the database: nothing to replay, so the retry runs.
      await this.idempotency.release(caller.accountId, key, claim.claimId).catch((releaseError: unknown) => {
        this.logger.error({ err: releaseError, key }, 'could not release the Idempotency-Key of a failed call');
      });
      throw error;
    }
    try {
      const stored = await this.idempotency.complete(caller.accountId, key, claim.claimId, {
        statusCode: res.statusCode,
        response: answered.envelope,
        usageEntryId: answered.usageEntryId,
      });
      if (!stored) this.logger.warn({ key }, 'Idempotency-Key taken over as abandoned before the call finished: answer not stored');
    } catch (error) {
      // The answer stands; the claim stays 'running' until it counts as abandoned.
      this.logger.error({ err: error, key }, 'could not store the answer of an Idempotency-Key');
    }
    return answered.envelope;
  }

  private async run(
    req: ScoutRequest,
    res: Response,
    input: object,
    startedAt: number,
  ): Promise<{ envelope: Envelope; usageEntryId: number | null }> {
    const tool = req.tool!;
    const caller = req.caller ?? null;
    const requestId = String(req.id);

    let charge: Charge | null = null;
    if (caller && tool.cost > 0) {
      charge = await this.ledger.chargeUsage(caller.accountId, tool.name, tool.cost, requestId);
      res.setHeader(CREDITS_HEADER, String(charge.remaining));
    }

    const context: ToolContext = {
      tool: tool.name,
      requestId,
      caller,
      meter: new CallMeter(),
      deadlineAt: Date.now() + this.config.TOOL_DEADLINE_MS,
    };
    let result: ToolResult;
    try {
      result = await RequestContext.run(context, () => tool.handler(input, context));
    } catch (error) {
      if (charge) await this.refund(charge, error, res);
      throw error;
    }

    const remaining = charge ? charge.remaining : caller ? await this.ledger.remaining(caller.accountId) : null;
    if (remaining !== null) res.setHeader(CREDITS_HEADER, String(remaining));
    if (caller) {
      this.sessionUsage.record(caller.accountId, tool.name, tool.cost, context.meter.calls, context.meter.cachedCalls);
    }
    const notes = [...(result.notes ?? [])];
    if (this.upstreams.sandbox && context.meter.endpoints.length > 0) notes.push(SANDBOX_NOTE);
    const envelope = buildEnvelope({
      tool: tool.name,
      data: result.data,
      notes,
      creditsSpent: charge ? tool.cost : 0,
      remaining,
      meter: context.meter,
      startedAt,
      requestId,
    });
    return { envelope, usageEntryId: charge?.entryId ?? null };
  }

  /** A failed call is never paid for: one refund entry linked to its usage entry. */
  private async refund(charge: Charge, cause: unknown, res: Response): Promise<void> {
    const reason = cause instanceof ScoutError ? `${cause.code}: ${cause.message}` : 'internal error';
    try {
      const refunded = await this.ledger.refund(charge.entryId, reason);
      res.setHeader(CREDITS_HEADER, String(refunded.remaining));
    } catch (error) {
      // The usage entry stays unrefunded; the entry id lets an operator refund it by hand.
      this.logger.error({ err: error, usageEntryId: charge.entryId }, 'refund of a failed call did not go through');
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
