import type { Duplex } from 'node:stream';

/** What a refused request said about itself, read from the bytes Node's parser had. */
export interface RefusedRequest {
  /** The request target of the request line, e.g. `/api/v1/tools/service_health?x=1`; '' when unreadable. */
  target: string;
  /** The one Authorization header, if exactly one was read. */
  authorization: string | null;
  ip: string;
}

/** Of each line only its start is kept: room for a tool's path or a credential, not a 300 KB query. */
const MAX_KEPT = 8 * 1024;
const REQUEST_LINE_START = /^[A-Z]+ (\S+)/;
const REQUEST_LINE_END = / HTTP\/1\.[01]\r?$/;

/**
 * Reads a refused request's target and Authorization headers from its bytes as they come, chunk by
 * chunk, until the blank line that ends the header block or `maxBytes`. Memory stays bounded
 * however long a line is: only the start and the last characters of the current line are kept.
 */
export class RefusedRequestReader {
  private head = '';
  private tail = '';
  private lines = 0;
  private target = '';
  private readonly authorizations: string[] = [];
  private bytes = 0;
  private ended = false;
  private onComplete?: () => void;

  constructor(private readonly maxBytes: number) {}

  /** The header block was read to its end, or as far as this reader goes. */
  get complete(): boolean {
    return this.ended || this.bytes >= this.maxBytes;
  }

  push(chunk: Buffer | undefined): void {
    if (!chunk || this.complete) return;
    this.bytes += chunk.length;
    const text = chunk.toString('latin1');
    let from = 0;
    while (!this.ended) {
      const newline = text.indexOf('\n', from);
      const piece = text.slice(from, newline === -1 ? undefined : newline);
      if (this.head.length < MAX_KEPT) this.head += piece.slice(0, MAX_KEPT - this.head.length);
      this.tail = (this.tail + piece.slice(-16)).slice(-16);
      if (newline === -1) break;
      this.endLine();
      from = newline + 1;
    }
    if (this.complete) this.onComplete?.();
  }

  /** Resolves once complete, after `timeoutMs`, or when the socket ends or closes, whichever is first. */
  whenComplete(socket: Duplex, timeoutMs: number): Promise<void> {
    if (this.complete) return Promise.resolve();
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        socket.off('end', finish).off('close', finish);
        this.onComplete = undefined;
        resolve();
      };
      const timer = setTimeout(finish, timeoutMs);
      socket.once('end', finish).once('close', finish);
      this.onComplete = finish;
    });
  }

  request(ip: string): RefusedRequest {
    return { target: this.target, authorization: this.authorizations.length === 1 ? this.authorizations[0] : null, ip };
  }

  private endLine(): void {
    const [line, tail] = [this.head.replace(/\r$/, ''), this.tail];
    this.head = '';
    this.tail = '';
    const first = this.lines === 0;
    if (line === '') {
      // Blank lines before the request line are skipped (as Node's parser does); after it, one ends the block.
      this.ended = !first;
      return;
    }
    this.lines += 1;
    const requestLine = first && REQUEST_LINE_END.test(tail) ? REQUEST_LINE_START.exec(line) : null;
    if (requestLine) this.target = requestLine[1];
    else if (/^authorization:/i.test(line)) this.authorizations.push(line.slice(line.indexOf(':') + 1).trim());
  }
}
