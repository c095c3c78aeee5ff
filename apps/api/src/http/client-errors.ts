import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorBody, InvalidRequestError, type ScoutError } from '@scout/core';
import { RefusedRequestReader, type RefusedRequest } from './refused-request';

/** The body of a refused request in its route's shape (the contract's; JSON-RPC's on /mcp), from its request target. */
export type ClientErrorBody = (target: string, error: ScoutError) => unknown;

const contractBody: ClientErrorBody = (_target, error) => errorBody(error, null);

/**
 * The credit headers for a refused request that carried a valid credential (an empty object
 * otherwise): every answer to a keyed request tells the caller its balance, even one Node refused.
 */
export interface ClientErrorCredits {
  headersFor(request: RefusedRequest): Promise<Record<string, string>>;
}

/** The lookup must not hold the socket open: without an answer by then, the 400 goes without the headers. */
const CREDITS_LOOKUP_TIMEOUT_MS = 2_000;
/** How far and how long an oversized request's header block is read on for its Authorization. */
const HEADER_READ_MAX_BYTES = 1024 * 1024;
const HEADER_READ_TIMEOUT_MS = 2_000;

/** A 400 invalid_request in the route's shape, written straight to the socket. */
function invalid(socket: Duplex, answer: unknown, headers: Record<string, string>): void {
  const body = JSON.stringify(answer);
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(
    `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n${extra}Connection: close\r\n\r\n${body}`,
  );
}

async function creditHeaders(credits: ClientErrorCredits | undefined, request: RefusedRequest): Promise<Record<string, string>> {
  if (!credits || request.authorization === null) return {};
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Record<string, string>>((resolve) => {
    timer = setTimeout(() => resolve({}), CREDITS_LOOKUP_TIMEOUT_MS);
  });
  const headers = await Promise.race([credits.headersFor(request).catch(() => ({})), timeout]);
  clearTimeout(timer);
  return headers;
}

/**
 * Requests Node's HTTP parser refuses before Express sees them. Node would answer 431 (request
 * line and headers over its 16 KB limit, e.g. a long GET query) or 400 with an empty body; Scout
 * answers the contract's 400 invalid_request with the error shape instead, and says how to send
 * long inputs; with a valid credential, the credit headers too. A request that timed out keeps
 * Node's 408; a socket that already broke is closed.
 *
 * Node gives the handler only the chunk it was parsing when the request failed (`rawPacket`: one
 * socket read, 64 KB at most, one TCP segment's worth on a real network), and keeps no earlier
 * bytes. A request line past 16 KB fails inside the line, so its Authorization header lies in that
 * chunk or a later one. Node parses nothing more after the failure, but hands each further chunk
 * of the socket to this event again; an oversized request's header block is read on from those
 * (bounded in bytes and time) before it is answered. Headers sent before the failing chunk (a
 * long header after the Authorization, on a real network) are gone: that 400 goes without them.
 */
export function answerClientErrors(server: Server, credits?: ClientErrorCredits, bodyFor: ClientErrorBody = contractBody): void {
  const reading = new WeakMap<Duplex, RefusedRequestReader>();
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) => {
    const reader = reading.get(socket);
    if (reader) return reader.push(error.rawPacket);
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      socket.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
      return;
    }
    if (!error.code?.startsWith('HPE_')) {
      socket.destroy();
      return;
    }
    const overflow = error.code === 'HPE_HEADER_OVERFLOW';
    const refused = new RefusedRequestReader(HEADER_READ_MAX_BYTES);
    refused.push(error.rawPacket);
    if (overflow) reading.set(socket, refused);
    const ip = (socket as Duplex & { remoteAddress?: string }).remoteAddress ?? 'unknown';
    void (overflow ? refused.whenComplete(socket, HEADER_READ_TIMEOUT_MS) : Promise.resolve()).then(async () => {
      const request = refused.request(ip);
      const headers = await creditHeaders(credits, request);
      reading.delete(socket);
      if (!socket.writable) return void socket.destroy();
      const error = overflow
        ? new InvalidRequestError('The request line and headers are larger than 16 KB: send long inputs as a POST JSON body.', [
            { path: '', message: 'request line and headers too large' },
          ])
        : new InvalidRequestError('The request is not valid HTTP/1.1.', [{ path: '', message: 'malformed HTTP request' }]);
      invalid(socket, bodyFor(request.target, error), headers);
    });
  });
}
