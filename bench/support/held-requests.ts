import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';

/**
 * The watch bench's client side: one plain TCP socket per held request, its bytes read as they
 * come, without an HTTP client library or text decoding. 10,000 answers arrive at once on two
 * shared cores, and a full client (undici streams, a parser and a decoder per response) spent more
 * CPU reading them than the API spent answering: the figure measured the client. What is measured
 * is when each answer's bytes reached this process; each is still checked (its status, and the event
 * it must carry).
 */
export type Answer = { at: number } | { error: string };

export interface HeldRequest {
  /** Resolves once the answer carried the expected event (the time it arrived), or failed. */
  done: Promise<Answer>;
  close(): void;
}

/** What the bytes received so far say: keep reading (null), done (true), or what went wrong. */
export type Reader = (received: Buffer) => true | { error: string } | null;

const describeError = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/** Sends `request` (a whole HTTP/1.1 request) and hands everything received to `read` until it decides. */
export function holdRequest(port: number, request: string, read: Reader): HeldRequest {
  const socket: Socket = connect({ port, host: '127.0.0.1', noDelay: true });
  const done = new Promise<Answer>((resolve) => {
    let received: Buffer | null = null;
    let decided = false;
    const decide = (answer: Answer) => {
      if (decided) return;
      decided = true;
      resolve(answer);
    };
    socket.on('connect', () => socket.write(request));
    socket.on('data', (chunk: Buffer) => {
      if (decided) return;
      received = received ? Buffer.concat([received, chunk]) : chunk;
      const verdict = read(received);
      if (verdict === true) decide({ at: performance.now() });
      else if (verdict) decide(verdict);
    });
    socket.on('error', (error) => decide({ error: describeError(error) }));
    socket.on('close', () => decide({ error: 'the connection closed before the answer' }));
  });
  return { done, close: () => socket.destroy() };
}

const HEAD_END = Buffer.from('\r\n\r\n');

/** The status and the header block of a response once its head arrived (null before), and where its body begins. */
export function responseHead(received: Buffer): { status: number; headers: string; bodyAt: number } | null {
  const end = received.indexOf(HEAD_END);
  if (end < 0) return null;
  const headers = received.toString('latin1', 0, end);
  return { status: Number(headers.slice(9, 12)), headers, bodyAt: end + HEAD_END.length };
}

/** The body of a Content-Length response once all of it arrived, else null. */
export function completeBody(received: Buffer): Buffer | null {
  const head = responseHead(received);
  const length = head && /\r\ncontent-length: *(\d+)/i.exec(head.headers);
  if (!head || !length) return null;
  return received.length - head.bodyAt >= Number(length[1]) ? received.subarray(head.bodyAt) : null;
}
