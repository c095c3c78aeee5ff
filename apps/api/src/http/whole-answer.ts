import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * A finished answer (status, headers set on the response, a whole body) sent as the bytes
 * node:http's `res.end(body)` sends, in one socket write, answers finished together written back
 * to back. One feed event finishes thousands of held watches at once: node:http would build each
 * header block header by header, queue it with the body behind a corked socket and write both with
 * `writev` a tick later, each answer's write spaced from the next by the JavaScript of the next
 * answer. Here each block is built by one loop, the bytes leave in one `write` per socket, all the
 * answers finished in one turn of the microtask queue one after another, then node:http ends each
 * response as usual (its 'finish', the keep-alive timer, the next request on the connection).
 *
 * Only a response node:http would answer with a plain header block takes this path: a persistent
 * HTTP/1.1 connection this response owns (no pipelined answer ahead of it), nothing written yet,
 * no header whose presence changes node:http's block (Connection, Transfer-Encoding, Date, ...), no
 * header of several values, ASCII only. Any other goes through `res.end(body)`. whole-answer.spec.ts
 * holds this Node's own bytes against these.
 */

/** node:http's own fields of a response that its header block depends on (node:_http_outgoing). */
type Outgoing = ServerResponse & {
  _header: string | null;
  _headerSent: boolean;
  _removedConnection: boolean;
  _defaultKeepAlive: boolean;
  _keepAliveTimeout: number;
  _maxRequestsPerSocket: number;
  _expect_continue: boolean;
  _hasBody: boolean;
  shouldKeepAlive: boolean;
  maxRequestsOnConnectionReached: boolean;
  chunkedEncoding: boolean;
  outputData: unknown[];
};

/** Headers node:http reads while it writes the block (matchHeader): their answers go through it. */
const READ_BY_NODE = ['connection', 'transfer-encoding', 'date', 'expect', 'trailer', 'keep-alive', 'content-disposition'];
const NOT_ASCII = /[^\x00-\x7f]/;

/** The Date header's value, made once a second as node:http makes it. */
let date = '';
let dateUntil = 0;

function httpDate(): string {
  const now = Date.now();
  if (now >= dateUntil) {
    date = new Date(now).toUTCString();
    dateUntil = now - (now % 1000) + 1000;
  }
  return date;
}

/** The socket when node:http would write this response's header block as a plain list now; else null. */
function plainSocket(res: Outgoing): Socket | null {
  const socket: (Socket & { _httpMessage?: unknown }) | null = res.socket;
  if (!socket || socket._httpMessage !== res || !socket.writable) return null;
  if (res._header !== null || !res._hasBody || res._expect_continue || res.chunkedEncoding) return null;
  if (!res.shouldKeepAlive || res.maxRequestsOnConnectionReached || res._removedConnection || !res._defaultKeepAlive || !res.sendDate) return null;
  if (!Array.isArray(res.outputData) || res.outputData.length > 0) return null;
  return socket;
}

/** node:http's own table of a response's headers (lower-case name to [name as set, value]), in the order set. */
type HeaderTable = Record<string, [string, unknown]>;

/** The symbol node:http keeps that table under, found once on the first response (null: not found). */
let tableKey: symbol | null | undefined;

function headerTable(res: ServerResponse): HeaderTable | null {
  tableKey ??= Object.getOwnPropertySymbols(res).find((s) => s.description === 'kOutHeaders') ?? null;
  return tableKey ? ((res as unknown as Record<symbol, HeaderTable | null>)[tableKey] ?? null) : null;
}

/** The status line node:http writes, or null for a status without a body. */
function statusLine(res: Outgoing): string | null {
  const status = res.statusCode;
  if (status < 200 || status === 204 || status === 304) return null;
  return `HTTP/1.1 ${status} ${res.statusMessage || STATUS_CODES[status] || 'unknown'}\r\n`;
}

/** The header lines of `entries`, as _storeHeader writes them; null when one is not a plain value. */
function headerLines(entries: Array<[string, unknown]>, from = 0): string | null {
  let lines = '';
  for (let i = from; i < entries.length; i++) {
    const [name, value] = entries[i];
    if (typeof value !== 'string' && typeof value !== 'number') return null;
    lines += `${name}: ${value}\r\n`;
  }
  return NOT_ASCII.test(lines) ? null : lines;
}

/** What node:http writes after the headers set: Date, then the keep-alive lines, then the blank line. */
function closingLines(res: Outgoing): string {
  let lines = `Date: ${httpDate()}\r\nConnection: keep-alive\r\n`;
  if (res._keepAliveTimeout) {
    const max = ~~res._maxRequestsPerSocket > 0 ? `, max=${res._maxRequestsPerSocket}` : '';
    lines += `Keep-Alive: timeout=${Math.floor(res._keepAliveTimeout / 1000)}${max}\r\n`;
  }
  return `${lines}\r\n`;
}

/**
 * The header block node:http writes for this response (`_storeHeader`), or null when it is not a
 * plain list. With `prepared`, the lines of the headers set before it are not made again: they are
 * reused when those entries are all still there, unchanged, first.
 */
function headerBlock(res: Outgoing, prepared: Prepared | null): string | null {
  const status = statusLine(res);
  const table = headerTable(res);
  // Without a Content-Length, node:http would add its own after the keep-alive lines.
  if (status === null || !table?.['content-length']) return null;
  for (const key of READ_BY_NODE) if (table[key]) return null;
  // As _storeHeader writes them: every entry, in the order set.
  const entries = Object.values(table);
  const known = prepared?.entries ?? [];
  const same = known.length <= entries.length && known.every((entry, i) => entries[i] === entry);
  const lines = same ? headerLines(entries, known.length) : headerLines(entries);
  if (lines === null) return null;
  return status + (same && prepared ? prepared.lines : '') + lines + closingLines(res);
}

/** A held answer's header lines made while it waited (prepareWhole). */
export interface Prepared {
  entries: Array<[string, unknown]>;
  lines: string;
}

/**
 * Makes the lines of the headers set so far (the pipeline's, the route's) while the call runs, so an
 * answer finished with many others makes only its own last few (prepared: sendJson, endWhole).
 * Null when they could not be written as a plain list.
 */
export function prepareWhole(res: ServerResponse): Prepared | null {
  const table = headerTable(res);
  if (!table) return null;
  const entries = Object.values(table);
  const first = headerLines(entries.slice(0, 1));
  const rest = headerLines(entries, 1);
  return first === null || rest === null ? null : { entries, lines: first + shared(rest) };
}

/** Header lines many held answers have alike (all but the request id's), kept once. */
const alike = new Map<string, string>();

function shared(lines: string): string {
  const known = alike.get(lines);
  if (known !== undefined) return known;
  // Bounded: a few routes' sets of headers, not one per request should a header ever vary.
  if (alike.size >= 32) alike.clear();
  alike.set(lines, lines);
  return lines;
}

interface Pending {
  res: Outgoing;
  body: string;
  prepared: Prepared | null;
}

let pending: Pending[] = [];

/**
 * Writes the answers finished in this turn of the microtask queue, back to back, then ends their
 * responses. A response that can no longer take the direct path (its client went away meanwhile)
 * is ended by node:http with its body, as it would have been.
 */
function flush(): void {
  const batch = pending;
  pending = [];
  const direct: Outgoing[] = [];
  for (const { res, body, prepared } of batch) {
    try {
      const socket = plainSocket(res);
      const head = socket ? headerBlock(res, prepared) : null;
      if (!socket || head === null) {
        res.end(body);
        continue;
      }
      socket.write(head + body);
      // What node:http's own writeHead and end would have recorded: the block is out.
      res.statusMessage ||= STATUS_CODES[res.statusCode] ?? 'unknown';
      res._header = head;
      res._headerSent = true;
      direct.push(res);
    } catch (error) {
      // One answer that cannot be written must not hold back the others: its connection is cut.
      res.destroy(error as Error);
    }
  }
  // Nothing is left to send: end() only finishes the responses (node:http's 'finish', keep-alive).
  for (const res of direct) res.end();
}

/**
 * Sends `body` (the response's headers, Content-Length included, already set) as the answer, in
 * the same bytes as `res.end(body)`: written with the other answers finished in this turn of the
 * microtask queue, once it is over. `prepared`: from prepareWhole on this response.
 */
export function endWhole(res: ServerResponse, body: string, prepared: Prepared | null = null): void {
  if (pending.length === 0) process.nextTick(flush);
  pending.push({ res: res as Outgoing, body, prepared });
}
