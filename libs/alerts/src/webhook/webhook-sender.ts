import http from 'node:http';
import https from 'node:https';
import { pinnedLookup } from '@scout/core';
import type { WebhookTarget } from './webhook-target';

/** What one POST came to: the HTTP status, or the error that stopped it. */
export interface PostOutcome {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

const RESPONSE_BODY_LIMIT = 64 * 1024;

/**
 * POSTs a JSON body to a checked target. The connection goes to the address the check resolved
 * (a lookup that answers only it), so DNS cannot be re-bound between the check and the send; TLS
 * still verifies the certificate for the URL's host name. Redirects are not followed. The answer
 * body is read up to 64 KiB and dropped.
 */
export function postJson(target: WebhookTarget, body: string, headers: Record<string, string>, timeoutMs: number): Promise<PostOutcome> {
  const started = Date.now();
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const done = (statusCode: number | null, error: string | null) => resolve({ statusCode, error, durationMs: Date.now() - started });
    const req = client.request(
      target.url,
      {
        method: 'POST',
        lookup: pinnedLookup(target),
        agent: false,
        timeout: timeoutMs,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'Scout-Webhooks/1', ...headers },
      },
      (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > RESPONSE_BODY_LIMIT) res.destroy();
        });
        res.on('close', () => done(res.statusCode ?? null, null));
        res.on('error', () => undefined);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (error) => done(null, error.message));
    req.end(body);
  });
}
