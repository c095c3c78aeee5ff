import type { ServerResponse } from 'node:http';
import { answerJson } from '@scout/core';
import { endWhole, type Prepared } from './whole-answer';

/** The Content-Type Express's res.json sets (its charset added by res.send). */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Sends `body` as a JSON answer with the bytes Express's `res.json` sends (the status already set,
 * Content-Type as above unless one was set, Content-Length, then `JSON.stringify(body)` without
 * spaces or replacer: Scout sets no json app settings, and no ETag), without Express: `res.json`
 * and `res.send` parse and rebuild the Content-Type twice, look up its charset and test the
 * request's freshness for every answer, which 10,000 held watches answered by one feed event pay
 * 10,000 times. The header block and the body leave in one write (whole-answer.ts). Data shared by
 * many answers (shareAnswerData) is serialised once (answerJson).
 */
export function sendJson(res: ServerResponse, body: unknown, prepared: Prepared | null = null): void {
  const text = answerJson(body);
  if (!res.hasHeader('content-type')) res.setHeader('Content-Type', JSON_CONTENT_TYPE);
  res.setHeader('Content-Length', Buffer.byteLength(text));
  endWhole(res, text, prepared);
}
