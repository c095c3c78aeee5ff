/**
 * `WSS /ws/alerts?key=<key>`: FOMO's app feed as a stream (upstreams.md §2.1: all plans, replay on
 * connect, costs nothing). The events are the feed of alerts.ts, so what a socket receives is what
 * `/v2/alerts` lists.
 *
 * Wire format: JSON text frames, one message each.
 *   {"type":"alert","replay":true,"alert":{...}}   on connect, the ring (the newest 100 events at
 *                                                 that instant), oldest first
 *   {"type":"alert","replay":false,"alert":{...}}  then each new event once the sandbox clock has
 *                                                 passed its `ts`, oldest first, each exactly once
 *   {"type":"ping","ts":"2026-06-15T12:34:56.000Z"} every `pingMs` (default 15 s), the sandbox clock
 * `alert` has the fields of a `/v2/alerts` alert (eventId, type, alertType, userId, tradeId, trader,
 * token, tokenAddress, chain, chainId, usdValue, tradeUsd, text, ts).
 *
 * Live events: every `tickMs` (default 200 ms) each socket is sent the events in (last, now], where
 * `last` is the clock when it was last served, so a pinned clock moved forward delivers the events
 * of the interval in one go, and a clock moved back delivers nothing until it passes `last` again.
 *
 * Refusals happen at the upgrade, as HTTP answers with FOMO's error body: 401 for a missing or
 * unknown key (the REST routes' messages), and whatever the fault rules say (ws-upgrade.ts).
 * Dropping (`drop`, the control route) closes every socket with 1012 "service restart", or cuts it
 * without a close frame (`terminate`), as a network loss would.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { iso } from '../../util';
import type { FeedEvent, FomoAlertFeed } from './alerts';
import type { FomoCredits } from './credits';

export interface FomoStreamOptions {
  /** How often the clock is compared with what each socket was sent (default 200 ms). */
  tickMs?: number;
  /** Heartbeat period (default 15 s). */
  pingMs?: number;
}

export type DropMode = 'close' | 'terminate';

/** A refused upgrade: status and FOMO's error body. */
export interface StreamRefusal {
  status: number;
  body: { error: string; message: string };
}

export const ALERT_STREAM_PATH = '/ws/alerts';
/** Close code and reason of a socket dropped by the control route. */
export const DROP_CLOSE = { code: 1012, reason: 'stream dropped (sandbox control)' } as const;

export class FomoAlertStreams {
  private readonly wss = new WebSocketServer({ noServer: true });
  /** Open sockets and the clock up to which each has been sent the feed. */
  private readonly sockets = new Map<WebSocket, { last: number }>();
  private ticker: NodeJS.Timeout | null = null;
  private pinger: NodeJS.Timeout | null = null;
  private readonly tickMs: number;
  private readonly pingMs: number;

  constructor(
    private readonly feed: () => FomoAlertFeed,
    private readonly now: () => number,
    private readonly credits: FomoCredits,
    options: FomoStreamOptions = {},
  ) {
    this.tickMs = options.tickMs ?? 200;
    this.pingMs = options.pingMs ?? 15_000;
  }

  get openCount(): number {
    return this.sockets.size;
  }

  /** The key check of the REST routes, on `?key=`: null when the key may connect. */
  authorize(req: IncomingMessage): StreamRefusal | null {
    const key = new URL(req.url ?? '/', 'http://sandbox').searchParams.get('key');
    if (!key) return { status: 401, body: { error: 'unauthorized', message: 'API key required' } };
    if (!this.credits.known(key)) return { status: 401, body: { error: 'unauthorized', message: 'Invalid API key' } };
    return null;
  }

  /** Completes an authorized upgrade; `firstFrame` replaces the first message (malformed faults). */
  accept(req: IncomingMessage, socket: Duplex, head: Buffer, firstFrame?: (frame: string) => string): void {
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      const t = this.now();
      const replay = this.feed().ring(t).reverse();
      let rewrite = firstFrame;
      for (const e of replay) {
        const frame = alertFrame(e, true);
        ws.send(rewrite ? rewrite(frame) : frame);
        rewrite = undefined;
      }
      this.sockets.set(ws, { last: t });
      ws.on('close', () => this.forget(ws));
      ws.on('error', () => this.forget(ws));
      this.startTimers();
    });
  }

  /** Closes every open socket (1012), or cuts it (`terminate`); how many there were. */
  drop(mode: DropMode = 'close'): number {
    const n = this.sockets.size;
    for (const ws of [...this.sockets.keys()]) {
      if (mode === 'terminate') ws.terminate();
      else ws.close(DROP_CLOSE.code, DROP_CLOSE.reason);
      this.forget(ws);
    }
    return n;
  }

  /** Cuts every socket and stops the timers (sandbox shutdown); later upgrades are still served. */
  close(): void {
    this.drop('terminate');
  }

  private forget(ws: WebSocket): void {
    this.sockets.delete(ws);
    if (this.sockets.size === 0) this.stopTimers();
  }

  /** Sends each socket the events its clock has passed since it was last served. */
  private tick(): void {
    const t = this.now();
    for (const [ws, s] of this.sockets) {
      if (t <= s.last || ws.readyState !== WebSocket.OPEN) continue;
      const events = this.feed().between(s.last, t);
      s.last = t;
      for (const e of events) ws.send(alertFrame(e, false));
    }
  }

  private ping(): void {
    const frame = JSON.stringify({ type: 'ping', ts: iso(this.now()) });
    for (const ws of this.sockets.keys()) if (ws.readyState === WebSocket.OPEN) ws.send(frame);
  }

  private startTimers(): void {
    // Timers run only while a socket is open, and never keep the process alive.
    this.ticker ??= setInterval(() => this.tick(), this.tickMs).unref();
    this.pinger ??= setInterval(() => this.ping(), this.pingMs).unref();
  }

  private stopTimers(): void {
    if (this.ticker) clearInterval(this.ticker);
    if (this.pinger) clearInterval(this.pinger);
    this.ticker = this.pinger = null;
  }
}

function alertFrame(e: FeedEvent, replay: boolean): string {
  return JSON.stringify({ type: 'alert', replay, alert: e.body });
}
