import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { eventView, type FeedEvent } from '@scout/feeds';

/** One event as a stream sends it: its frame, and that frame as one chunk of a chunked body. */
interface Frame {
  frame: Buffer;
  /** The chunk's size line (hex), the frame and the chunk's closing CRLF: what res.write sends for it. */
  chunk: Buffer;
}

/** Frames already made, by event: the hub hands every stream the same event object. */
const frames = new WeakMap<FeedEvent, Frame>();
/** The last event framed: one event reaches every stream in turn, so this saves each a lookup. */
let last: { event: FeedEvent; made: Frame } | null = null;

function framed(e: FeedEvent): Frame {
  if (last?.event === e) return last.made;
  let made = frames.get(e);
  if (!made) {
    const frame = Buffer.from(`id: ${e.eventId}\nevent: alert\ndata: ${JSON.stringify(eventView(e))}\n\n`);
    made = { frame, chunk: Buffer.concat([Buffer.from(`${frame.length.toString(16)}\r\n`, 'latin1'), frame, Buffer.from('\r\n', 'latin1')]) };
    frames.set(e, made);
  }
  last = { event: e, made };
  return made;
}

/**
 * One event as a Server-Sent Events `alert` frame (id = the event id), serialised and encoded once
 * however many streams it goes to: 10,000 streams otherwise build and encode 10,000 copies.
 */
export function alertFrame(e: FeedEvent): Buffer {
  return framed(e).frame;
}

/** node:http's own fields read to tell that nothing of a response waits ahead of a direct write. */
type Outgoing = ServerResponse & { chunkedEncoding?: boolean; outputData?: unknown[] };

/**
 * The socket of an open stream that its frames can be written to directly: its headers went out,
 * its body is chunked, it owns the socket and node:http holds nothing of it back. None of that
 * changes while the stream is open (it owns the socket until it ends), so it is asked once.
 */
function directSocket(res: ServerResponse): Socket | null {
  const out = res as Outgoing;
  const socket: (Socket & { _httpMessage?: unknown }) | null = res.socket;
  const direct =
    socket !== null &&
    socket._httpMessage === res &&
    res.headersSent &&
    !res.writableEnded &&
    out.chunkedEncoding === true &&
    Array.isArray(out.outputData) &&
    out.outputData.length === 0;
  return direct ? socket : null;
}

/**
 * Writes an open stream's frames (made once its headers went out), with the bytes res.write would
 * send. A stream's body is chunked: res.write sends the chunk's size line, the frame and the closing
 * CRLF as three pieces, corking the socket until the next tick to write them together, for each of
 * 10,000 streams an event reaches, and reads the response's state each time. Here the event's whole
 * chunk is built once, and written to the socket in one call when the stream can take it directly
 * (directSocket); otherwise it goes through res.write.
 */
export class AlertWriter {
  private readonly socket: Socket | null;

  constructor(private readonly res: ServerResponse) {
    this.socket = directSocket(res);
  }

  /**
   * Writes the event's frame. Null when the bytes were taken, else what to wait on for 'drain' (its
   * buffer is full: the replay waits for a slow client instead of buffering an hour in memory).
   */
  write(e: FeedEvent): NodeJS.EventEmitter | null {
    const { frame, chunk } = framed(e);
    const socket = this.socket;
    if (socket?.writable) return socket.write(chunk) ? null : socket;
    return this.res.write(frame) ? null : this.res;
  }
}
