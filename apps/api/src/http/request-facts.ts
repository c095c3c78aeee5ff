import type { NextFunction, Request, Response } from 'express';
import { RequestFacts } from '@scout/telemetry';

/**
 * Opens the request's RequestFacts (what its tool calls did, for its log line) and runs the rest of
 * the pipeline inside it, so ToolCallService finds it on either channel.
 */
export function requestFacts(req: Request & { scoutFacts?: RequestFacts }, _res: Response, next: NextFunction): void {
  const facts = new RequestFacts();
  req.scoutFacts = facts;
  RequestFacts.run(facts, next);
}
