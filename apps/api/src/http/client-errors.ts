import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** What a refused request said about itself, read from the bytes Node's parser had. */
export interface RefusedRequest {
  /** The request target of the request line, e.g. `/api/v1/tools/service_health?x=1`; '' when unreadable. */
  target: string;
  /** The one Authorization header, if exactly one was read. */
  authorization: string | null;
  ip: string;
}

/**
 * The credit headers for a refused request that carried a valid credential (an empty object
 * otherwise): every answer to a keyed request tells the caller its balance, even one Node refused.
 */
export interface ClientErrorCredits {
  headersFor(request: RefusedRequest): Promise<Record<string, string>>;
}

/** The lookup must not hold the socket open: without an answer by then, the 400 goes without the headers. */
const CREDITS_LOOKUP_TIMEOUT_MS = 2_000;

/** A 400 invalid_request in the contract's shape, written straight to the socket. */
function invalid(socket: Duplex, message: string, issue: string, headers: Record<string, string>): void {
  const body = JSON.stringify({ error: { code: 'invalid_request', message, issues: [{ path: '', message: issue }] } });
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(
    `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n${extra}Connection: close\r\n\r\n${body}`,
  );
}

/** The request line's target and the Authorization header from the raw bytes of a refused request. */
export function readRefusedRequest(raw: Buffer | undefined, ip: string): RefusedRequest {
  const lines = (raw ?? Buffer.alloc(0)).toString('latin1').split('\r\n');
  const target = /^[A-Z]+ (\S+) HTTP\/1\.[01]$/.exec(lines[0] ?? '')?.[1] ?? '';
  const headerLines = lines.slice(1, lines.includes('') ? lines.indexOf('') : undefined);
  const authorizations = headerLines.filter((line) => /^authorization:/i.test(line)).map((line) => line.slice(line.indexOf(':') + 1).trim());
  return { target, authorization: authorizations.length === 1 ? authorizations[0] : null, ip };
}

async function creditHeaders(credits: ClientErrorCredits | undefined, error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) {
  if (!credits) return {};
  const request = readRefusedRequest(error.rawPacket, (socket as Duplex & { remoteAddress?: string }).remoteAddress ?? 'unknown');
  if (request.authorization === null) return {};
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
 */
export function answerClientErrors(server: Server, credits?: ClientErrorCredits): void {
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) => {
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
    void creditHeaders(credits, error, socket).then((headers) => {
      if (!socket.writable) return void socket.destroy();
      if (error.code === 'HPE_HEADER_OVERFLOW') {
        invalid(
          socket,
          'The request line and headers are larger than 16 KB: send long inputs as a POST JSON body.',
          'request line and headers too large',
          headers,
        );
      } else {
        invalid(socket, 'The request is not valid HTTP/1.1.', 'malformed HTTP request', headers);
      }
    });
  });
}
