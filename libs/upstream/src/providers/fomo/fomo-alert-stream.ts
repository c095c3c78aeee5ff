import { WebSocket, type RawData } from 'ws';
import { alertSchema, type FomoAlert } from './fomo-token.schemas';

/**
 * One connection to FOMO's live app feed, `WSS /ws/alerts?key=` (upstreams.md §2.1: all plans, the
 * newest events replayed on connect, no credits).
 *
 * Messages are JSON text frames: `{"type":"alert","replay":bool,"alert":{...}}` (an alert as
 * `/v2/alerts` lists it) and `{"type":"ping","ts":...}`. Every alert is validated with the REST
 * feed's `alertSchema`; a frame that is not one of these is reported to `onInvalid` and skipped.
 *
 * The connection is the caller's to manage: it never reconnects by itself. `onClose` is called
 * exactly once per `connect()`, however it ended (refused upgrade, server close, network loss, no
 * message for `heartbeatTimeoutMs`, or `close()`), and the caller decides whether to reconnect and
 * how to backfill the gap from `/v2/alerts`. After `onClose`, `connect()` may be called again.
 *
 * The key travels only in the connection URL; no error message, close reason or invalid-message
 * sample handed to a callback contains it. Callbacks should not throw: they run inside the
 * socket's event handlers.
 */

export const FOMO_ALERT_STREAM_PATH = '/ws/alerts';
/** FOMO pings every 15 s or so; three missed pings mean the connection is dead. */
export const FOMO_STREAM_HEARTBEAT_TIMEOUT_MS = 45_000;
export const FOMO_STREAM_CONNECT_TIMEOUT_MS = 15_000;
/** Frames larger than this end the connection (an alert is well under a kilobyte). */
const MAX_FRAME_BYTES = 1 << 20;
const SAMPLE_CHARS = 200;

/**
 * How a connection ended:
 * - `refused`: the upgrade was answered with an HTTP status (`status`: 401 bad key, 429, 503...);
 * - `closed`: the server or the network ended it (`code` 1006 when there was no close frame);
 * - `error`: a socket or protocol error ended it (`error` says which);
 * - `heartbeat`: no message (alert or ping) arrived for `heartbeatTimeoutMs`; the socket was cut;
 * - `client`: `close()` was called.
 */
export type FomoStreamCloseKind = 'refused' | 'closed' | 'error' | 'heartbeat' | 'client';

export interface FomoStreamClose {
  kind: FomoStreamCloseKind;
  /** WebSocket close code: the server's, 1006 when the connection ended without one, 1000 for `close()`. */
  code: number;
  reason: string;
  /** HTTP status of a refused upgrade. */
  status?: number;
  error?: Error;
}

export interface FomoStreamInvalid {
  /** What was wrong, e.g. "not JSON" or the schema issues of an alert. */
  reason: string;
  /** The start of the frame. */
  sample: string;
}

export interface FomoAlertStreamOptions {
  /** FOMO's base URL, http(s) (the REST base); ws(s) is accepted as well. */
  url: string;
  key: string;
  /** No message for this long means a dead connection (default 45 s). */
  heartbeatTimeoutMs?: number;
  /** Upgrade not answered within this long: the connection fails (default 15 s). */
  connectTimeoutMs?: number;
  onAlert(alert: FomoAlert, replay: boolean): void;
  onOpen?(): void;
  onClose(close: FomoStreamClose): void;
  onInvalid?(invalid: FomoStreamInvalid): void;
}

export type FomoAlertStreamState = 'idle' | 'connecting' | 'open' | 'closed';

/** A stream error; its message never carries the key. */
export class FomoStreamError extends Error {
  override readonly name = 'FomoStreamError';
}

/** The feed's WebSocket URL for a FOMO base URL; throws (without echoing the key) when the base is not http(s) or ws(s). */
export function fomoAlertStreamUrl(baseUrl: string, key: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new FomoStreamError('FOMO stream: the base URL is not a valid URL');
  }
  const schemes: Record<string, string> = { 'http:': 'ws:', 'https:': 'wss:', 'ws:': 'ws:', 'wss:': 'wss:' };
  const scheme = schemes[url.protocol];
  if (!scheme) throw new FomoStreamError(`FOMO stream: the base URL must be http(s) or ws(s), not ${url.protocol}`);
  url.protocol = scheme;
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${FOMO_ALERT_STREAM_PATH}`;
  url.search = '';
  url.hash = '';
  url.searchParams.set('key', key);
  return url.toString();
}

export class FomoAlertStream {
  private ws: WebSocket | null = null;
  private current: FomoAlertStreamState = 'idle';
  private heartbeat: NodeJS.Timeout | null = null;
  private lastError: Error | null = null;
  private readonly url: string;
  private readonly secrets: string[];

  constructor(private readonly options: FomoAlertStreamOptions) {
    if (!options.key) throw new FomoStreamError('FOMO stream: a key is required');
    this.url = fomoAlertStreamUrl(options.url, options.key);
    // The key as given and as it appears URL-encoded: either is masked wherever text leaves.
    this.secrets = [...new Set([options.key, encodeURIComponent(options.key), new URL(this.url).searchParams.toString().slice('key='.length)])];
  }

  get state(): FomoAlertStreamState {
    return this.current;
  }

  /** Opens the connection; the outcome comes through onOpen / onClose. */
  connect(): void {
    if (this.current === 'connecting' || this.current === 'open') throw new FomoStreamError('FOMO stream: already connected');
    this.current = 'connecting';
    this.lastError = null;
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.url, { handshakeTimeout: this.options.connectTimeoutMs ?? FOMO_STREAM_CONNECT_TIMEOUT_MS, maxPayload: MAX_FRAME_BYTES });
    } catch (e) {
      this.finish({ kind: 'error', code: 1006, reason: 'could not open the connection', error: this.safeError(e) });
      return;
    }
    this.ws = ws;
    ws.on('open', () => {
      if (this.ws !== ws || this.current !== 'connecting') return;
      this.current = 'open';
      this.armHeartbeat();
      this.options.onOpen?.();
    });
    ws.on('message', (data, isBinary) => {
      if (this.ws === ws && this.current === 'open') this.receive(data, isBinary);
    });
    ws.on('unexpected-response', (req, res) => {
      const status = res.statusCode ?? 0;
      res.resume();
      req.destroy();
      if (this.ws !== ws) return;
      const reason = `upgrade refused: HTTP ${status}${res.statusMessage ? ` ${res.statusMessage}` : ''}`;
      this.finish({ kind: 'refused', code: 1006, reason, status, error: new FomoStreamError(`FOMO stream ${reason}`) });
    });
    ws.on('error', (e) => {
      if (this.ws === ws) this.lastError = this.safeError(e);
    });
    ws.on('close', (code, reason) => {
      if (this.ws !== ws) return;
      const error = this.lastError ?? undefined;
      this.finish({ kind: error ? 'error' : 'closed', code, reason: this.redact(String(reason)) || (error ? error.message : ''), ...(error ? { error } : {}) });
    });
  }

  /** Ends the connection (onClose with kind `client`); nothing happens when none is open. */
  close(): void {
    if (this.current !== 'connecting' && this.current !== 'open') return;
    const ws = this.ws;
    this.finish({ kind: 'client', code: 1000, reason: 'closed by client' });
    if (ws?.readyState === WebSocket.OPEN) ws.close(1000);
    else ws?.terminate();
  }

  private receive(data: RawData, isBinary: boolean): void {
    this.armHeartbeat();
    const text = isBinary ? '' : rawText(data);
    if (isBinary) return this.invalid('binary frame', text);
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return this.invalid('not JSON', text);
    }
    if (typeof message !== 'object' || message === null || Array.isArray(message)) return this.invalid('not a JSON object', text);
    const { type, replay, alert } = message as { type?: unknown; replay?: unknown; alert?: unknown };
    if (type === 'ping') return;
    if (type !== 'alert') return this.invalid(`unknown message type ${JSON.stringify(type) ?? 'undefined'}`, text);
    const parsed = alertSchema.safeParse(alert);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'alert'}: ${i.message}`).join('; ');
      return this.invalid(`alert does not match the schema (${issues})`, text);
    }
    this.options.onAlert(parsed.data, replay === true);
  }

  private invalid(reason: string, text: string): void {
    this.options.onInvalid?.({ reason: this.redact(reason), sample: this.redact(text.slice(0, SAMPLE_CHARS)) });
  }

  private armHeartbeat(): void {
    if (this.heartbeat) {
      this.heartbeat.refresh();
      return;
    }
    const ms = this.options.heartbeatTimeoutMs ?? FOMO_STREAM_HEARTBEAT_TIMEOUT_MS;
    this.heartbeat = setTimeout(() => {
      const ws = this.ws;
      this.finish({
        kind: 'heartbeat',
        code: 1006,
        reason: `no message for ${ms} ms`,
        error: new FomoStreamError(`FOMO stream: no message for ${ms} ms (heartbeat timeout)`),
      });
      ws?.terminate();
    }, ms);
    this.heartbeat.unref();
  }

  /** Ends this connection once: timers stop, later socket events are ignored, onClose is called. */
  private finish(close: FomoStreamClose): void {
    if (this.current === 'closed' || this.current === 'idle') return;
    if (this.heartbeat) clearTimeout(this.heartbeat);
    this.heartbeat = null;
    this.ws = null;
    this.current = 'closed';
    this.options.onClose(close);
  }

  private safeError(e: unknown): FomoStreamError {
    return new FomoStreamError(this.redact(`FOMO stream: ${e instanceof Error ? e.message : String(e)}`));
  }

  private redact(text: string): string {
    let out = text;
    for (const s of this.secrets) if (s) out = out.split(s).join('[key]');
    return out;
  }
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}
