/**
 * WebSocket upgrades on the sandbox's HTTP server. Only FOMO's `/fomo/ws/alerts` is served; any
 * other upgrade is a 404 in the provider's error shape.
 *
 * An upgrade goes the way a REST request does: it is classified and counted (provider `fomo`, route
 * `/ws/alerts`), the fault rules decide, then the key is checked. Faults apply at the upgrade:
 * latencyMs delays it; status, keyRefused and rateLimited refuse it with that HTTP answer; timeout
 * holds the socket unanswered; malformed lets the socket open with a broken first message.
 */
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { authMessage, defaultMessage, errorBody, rateLimitMessage } from './errors';
import { malformBody, type FaultControl, type Provider, type RequestRecord } from './faults';
import { ALERT_STREAM_PATH, type FomoAlertStreams } from './providers/fomo/alert-stream';

/** The server's request classifier (server.ts), passed in so this module does not import the server. */
type Classify = (path: string) => { provider: Provider; route: string } | null;

export interface UpgradeHandler {
  handle(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Destroys held and delayed upgrades (sandbox close). */
  close(): void;
}

export function upgradeHandler(control: FaultControl, streams: FomoAlertStreams, classifyPath: Classify): UpgradeHandler {
  const pending = new Set<Duplex>();
  const timers = new Set<NodeJS.Timeout>();

  const refuse = (socket: Duplex, rec: RequestRecord | null, status: number, body: unknown, headers: Record<string, string> = {}) => {
    if (rec) rec.status = status;
    const json = JSON.stringify(body);
    const head = { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(json)), Connection: 'close', ...headers };
    const lines = Object.entries(head).map(([k, v]) => `${k}: ${v}`);
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${lines.join('\r\n')}\r\n\r\n${json}`);
  };

  const handle = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const c = classifyPath(url.pathname);
    if (!c) return refuse(socket, null, 404, { message: 'Not Found' });
    const rec = control.record({ provider: c.provider, method: req.method ?? 'GET', route: c.route, query: url.search.slice(1), at: Date.now() });
    if (c.provider !== 'fomo' || c.route !== ALERT_STREAM_PATH) return refuse(socket, rec, 404, errorBody(c.provider, 404, `Cannot upgrade ${url.pathname}`));
    const decision = control.decide(c.provider, c.route);
    if (decision.matched.length) rec.faulted = decision.matched;
    const act = () => {
      const e = decision.effect;
      switch (e.kind) {
        case 'timeout':
          pending.add(socket);
          socket.on('close', () => pending.delete(socket));
          return;
        case 'keyRefused':
          return refuse(socket, rec, 401, errorBody('fomo', 401, authMessage('fomo')));
        case 'rateLimited':
          return refuse(socket, rec, 429, errorBody('fomo', 429, rateLimitMessage('fomo')), { 'Retry-After': String(e.retryAfterSec) });
        case 'status':
          return refuse(socket, rec, e.status, errorBody('fomo', e.status, e.message ?? defaultMessage(e.status)));
      }
      const refused = streams.authorize(req);
      if (refused) return refuse(socket, rec, refused.status, refused.body);
      rec.status = 101;
      streams.accept(req, socket, head, e.kind === 'malformed' ? (frame) => malformBody(frame, e.mode).body : undefined);
    };
    if (decision.latencyMs > 0) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!socket.destroyed) act();
      }, decision.latencyMs);
      timers.add(timer);
      return;
    }
    act();
  };

  return {
    handle,
    close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      for (const s of pending) s.destroy();
      pending.clear();
    },
  };
}
