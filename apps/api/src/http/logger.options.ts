import type { Params } from 'nestjs-pino';
import type { IncomingMessage } from 'node:http';
import pino, { type DestinationStream } from 'pino';
import type { AppConfig } from '@scout/core';

/**
 * Structured JSON logs with the request id on every line. Request lines carry the path only:
 * query strings may hold inputs, and no header (so no key) is ever logged.
 */
export function loggerOptions(config: AppConfig): Params {
  return {
    pinoHttp: [
      {
        level: config.LOG_LEVEL,
        genReqId: (req: IncomingMessage) => (req as IncomingMessage & { id: string }).id,
        // Every line of a request is logged through a child that already carries its id (the request
        // line adds `req` and `res`). A customProps function did the same, and stringified its props
        // through the redaction again for every response line.
        quietReqLogger: true,
        customAttributeKeys: { reqId: 'requestId' },
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
      logDestination(config),
    ],
  };
}

/**
 * Standard output, written in the background unless LOG_SYNC (pino flushes what is buffered when
 * the process exits). When something has replaced process.stdout.write (a test reading the logs),
 * lines go through it, as pino's own default does.
 */
function logDestination(config: AppConfig): DestinationStream {
  if (process.stdout.write !== (Object.getPrototypeOf(process.stdout) as NodeJS.WriteStream).write) return process.stdout;
  return pino.destination({ dest: 1, sync: config.LOG_SYNC });
}
