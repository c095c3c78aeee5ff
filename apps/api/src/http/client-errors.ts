import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** A 400 invalid_request in the contract's shape, written straight to the socket. */
function invalid(socket: Duplex, message: string, issue: string): void {
  const body = JSON.stringify({ error: { code: 'invalid_request', message, issues: [{ path: '', message: issue }] } });
  socket.end(
    `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * Requests Node's HTTP parser refuses before Express sees them. Node would answer 431 (request
 * line and headers over its 16 KB limit, e.g. a long GET query) or 400 with an empty body; Scout
 * answers the contract's 400 invalid_request with the error shape instead, and says how to send
 * long inputs. A request that timed out keeps Node's 408; a socket that already broke is closed.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    if (error.code === 'HPE_HEADER_OVERFLOW') {
      invalid(socket, 'The request line and headers are larger than 16 KB: send long inputs as a POST JSON body.', 'request line and headers too large');
    } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      socket.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
    } else if (error.code?.startsWith('HPE_')) {
      invalid(socket, 'The request is not valid HTTP/1.1.', 'malformed HTTP request');
    } else {
      socket.destroy();
    }
  });
}
