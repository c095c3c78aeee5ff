import type { Params } from 'nestjs-pino';
import type { IncomingMessage } from 'node:http';
import pino from 'pino';
import type { AppConfig, CallerIdentity, RegisteredTool } from '@scout/core';
import { logDestination, RequestFacts, scoutLoggerOptions } from '@scout/telemetry';
import { isMcpPath } from './cors-policy';

/** What the pipeline and the access guard leave on a request that its log line reads. */
type LoggedRequest = IncomingMessage & {
  id: string;
  originalUrl?: string;
  caller?: CallerIdentity | null;
  tool?: RegisteredTool;
  scoutFacts?: RequestFacts;
};

/**
 * Logs with the request id on every line, JSON or pretty (LOG_FORMAT). One line per request, when
 * it ends (pino-http's `request completed`), says what it did: who called (account id, credential
 * kind), the tool, its channel, status, credits charged, upstream calls and cache, and its
 * duration (addRequestFields). Request lines carry the path only: query strings may hold inputs, and
 * no header (so no key or token) is ever logged.
 */
export function loggerOptions(config: AppConfig): Params {
  return {
    pinoHttp: [
      {
        ...scoutLoggerOptions(config.LOG_LEVEL),
        genReqId: (req: IncomingMessage) => (req as LoggedRequest).id,
        // The request line is logged at info: at a quieter level it would be built for every answer
        // (its fields, its message) and dropped, so the response's end is not listened to at all.
        autoLogging: logsRequestLines(config.LOG_LEVEL),
        // Every line of a request is logged through a child that already carries its id (the request
        // line adds `req` and `res`). A customProps function did the same, and stringified its props
        // through the redaction again for every response line.
        quietReqLogger: true,
        customAttributeKeys: { reqId: 'requestId', responseTime: 'durationMs' },
        customSuccessObject: (req, _res, line: Record<string, unknown>) => addRequestFields(line, req as LoggedRequest),
        customErrorObject: (req, _res, _error, line: Record<string, unknown>) => addRequestFields(line, req as LoggedRequest),
        serializers: {
          req: (req: { id: string; method: string; url: string; remoteAddress?: string }) => ({
            id: req.id,
            method: req.method,
            path: req.url.split('?')[0],
            remoteAddress: req.remoteAddress,
          }),
          res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        },
        redact: { paths: ['req.headers', 'res.headers', '*.authorization', '*.apiKey'], remove: true },
      },
      logDestination({ format: config.logFormatFor(Boolean(process.stdout.isTTY)), sync: config.LOG_SYNC }),
    ],
  };
}

/** Whether a logger at `level` writes the request lines (pino-http logs them at info). */
export function logsRequestLines(level: string): boolean {
  const value = (pino.levels.values as Record<string, number | undefined>)[level];
  return value !== undefined && value <= pino.levels.values.info;
}

/**
 * Adds the request line's own fields to `line`: the caller's account and credential kind
 * (`api_key`, `oauth`, or `none`), ids only; on a tool route (REST) or /mcp, the channel and what
 * its tool call(s) did (RequestFacts: tool, outcome, credits charged, upstream calls live and
 * cached, cache hit), or the tool it named when the call never ran (refused before it: 401...).
 */
export function addRequestFields(line: Record<string, unknown>, req: LoggedRequest): Record<string, unknown> {
  const caller = req.caller;
  if (caller) line.accountId = caller.accountId;
  line.credential = caller ? (caller.credential ?? 'api_key') : 'none';
  // originalUrl: what the client asked for, whatever a router did to `url` on the way.
  const path = (req.originalUrl ?? req.url ?? '').split('?')[0];
  const channel = isMcpPath(path) ? 'mcp' : req.tool || path.startsWith('/api/v1/tools/') ? 'rest' : undefined;
  if (channel === undefined) return line;
  line.channel = channel;
  const facts = req.scoutFacts?.logFields() ?? {};
  if (facts.tool === undefined && req.tool) facts.tool = req.tool.name;
  return Object.assign(line, facts);
}
