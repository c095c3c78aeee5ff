import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';

/**
 * The watch bench's client side: one plain TCP socket per held request, its bytes read as they
 * come, without an HTTP client library or text decoding. 10,000 answers arrive at once on two
 * shared cores, and a full client (undici streams, a parser and a decoder per response) spent more
 * CPU reading them than the API spent answering: the figure measured the client. What is measured
 * is when each answer's bytes reached this process; each is still checked (its status as it comes,
 * what it carries once every answer is in: the client shares the two cores with the server, so
 * reading bodies during the fan-out would slow the server it measures).
 */
export type Answer = { at: number } | { error: string };

export interface HeldRequest {
  /** Resolves once the whole answer arrived (the time it did), or failed. */
  done: Promise<Answer>;
  /** Every byte received so far. */
  received(): Buffer | null;
  close(): void;
}

/** What the bytes received so far say: keep reading (null), done (true), or what went wrong. */
export type Reader = (received: Buffer) => true | { error: string } | null;

const describeError = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/** Sends `request` (a whole HTTP/1.1 request) and hands everything received to `read` until it decides. */
export function holdRequest(port: number, request: string, read: Reader): HeldRequest {
  const socket: Socket = connect({ port, host: '127.0.0.1', noDelay: true });
  let received: Buffer | null = null;
  const done = new Promise<Answer>((resolve) => {
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
  return { done, received: () => received, close: () => socket.destroy() };
}

const HEAD_END = Buffer.from('\r\n\r\n');

/** The status and the header block of a response once its head arrived (null before), and where its body begins. */
export function responseHead(received: Buffer): { status: number; headers: string; bodyAt: number } | null {
  const end = received.indexOf(HEAD_END);
  if (end < 0) return null;
  const headers = received.toString('latin1', 0, end);
  return { status: Number(headers.slice(9, 12)), headers, bodyAt: end + HEAD_END.length };
}

export type ResponseHead = NonNullable<ReturnType<typeof responseHead>>;

/** A response's Content-Length, or null when it has none. */
export function contentLength(head: ResponseHead): number | null {
  const length = /\r\ncontent-length: *(\d+)/i.exec(head.headers);
  return length ? Number(length[1]) : null;
}

/**
 * A reader of one Content-Length answer with status 200: done once its last byte arrived. The head
 * is parsed once; after that each chunk costs a length comparison.
 */
export function wholeAnswer(): Reader {
  let head: ResponseHead | null = null;
  let length: number | null = null;
  return (received) => {
    head ??= responseHead(received);
    if (!head) return null;
    if (head.status !== 200) return { error: `HTTP ${head.status}` };
    length ??= contentLength(head);
    if (length === null) return { error: 'an answer without Content-Length' };
    return received.length - head.bodyAt >= length ? true : null;
  };
}
