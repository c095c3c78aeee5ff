import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { CREDITS_COST_HEADER, CREDITS_HEADER, CREDITS_USED_HEADER, InvalidRequestError } from '@scout/core';
import type { ScoutRequest } from '@scout/auth';
import { IDEMPOTENCY_HEADER } from '@scout/idempotency';
import { sendJson } from '../http/json-answer';
import { prepareWhole } from '../http/whole-answer';
import { ToolCallService } from './tool-call.service';

/** Set on an answer replayed from an earlier request with the same Idempotency-Key. */
export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replayed';

/**
 * The REST side of a tool call: reads the input from the query or the JSON body and the
 * Idempotency-Key header, runs ToolCallService, and writes its status and headers (the balance as
 * soon as it is known, so an error answered later still carries it; the cost and the charge), then
 * the envelope itself (sendJson: the bytes res.json would send, for less per answer). A failure is
 * thrown, and the exception filter answers it.
 */
@Injectable()
export class ToolGatewayService {
  constructor(private readonly calls: ToolCallService) {}

  async call(req: ScoutRequest, res: Response, source: 'query' | 'body'): Promise<void> {
    if (source === 'body') assertJsonBody(req);
    // The client went away if the response closes before it was written out.
    const gone = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) gone.abort();
    });
    // The header lines set so far, made now: a held watch's answer then makes only its own.
    const prepared = prepareWhole(res);
    const outcome = await this.calls.call({
      tool: req.tool!,
      caller: req.caller ?? null,
      input: source === 'query' ? req.query : req.body,
      source,
      idempotencyKey: req.headers[IDEMPOTENCY_HEADER],
      requestId: String(req.id),
      signal: gone.signal,
      channel: 'rest',
      onRemaining: (remaining) => res.setHeader(CREDITS_HEADER, String(remaining)),
    });
    res.status(outcome.statusCode);
    if (outcome.replayed) res.setHeader(IDEMPOTENT_REPLAY_HEADER, 'true');
    if (req.caller) {
      // What this answer charged, readable without a second call: a replay charged nothing now.
      res.setHeader(CREDITS_COST_HEADER, String(req.tool!.cost));
      res.setHeader(CREDITS_USED_HEADER, String(outcome.replayed ? 0 : outcome.envelope.credits.creditsSpent));
    }
    sendJson(res, outcome.envelope, prepared);
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
