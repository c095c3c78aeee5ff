import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { SMTPServer } from 'smtp-server';
import type { TestApp } from '../support/test-app';

/** One request a webhook receiver got. */
export interface ReceivedHook {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local HTTP receiver answering each request with the next scripted status (then 200). */
export async function startReceiver(statuses: number[] = []): Promise<{ url: string; received: ReceivedHook[]; close(): Promise<void> }> {
  const received: ReceivedHook[] = [];
  const script = [...statuses];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = script.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A local SMTP listener (no TLS, no auth) keeping every message it accepts. */
export async function startSmtp(): Promise<{ url: string; mails: ReceivedMail[]; close(): Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Calls a tool with the key; the whole response. */
export function callTool(t: TestApp, apiKey: string, name: string, input: Record<string, unknown> = {}) {
  return t.http().post(`/api/v1/tools/${name}`).set('Authorization', `Bearer ${apiKey}`).send(input);
}

/** Waits until `check` returns something truthy (polling), or fails after `ms`. */
export async function eventually<T>(check: () => Promise<T | null | undefined | false>, ms = 15_000, what = 'condition'): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** A well-formed Solana mint no provider knows (44 base58 characters). */
export function fakeMint(): string {
  let s = '';
  for (let i = 0; i < 44; i++) s += BASE58[Math.floor(Math.random() * BASE58.length)];
  return s;
}

/** Inserts one trade into the stored feed (as the feed ingestion would). */
export async function insertFeedEvent(t: TestApp, e: { side: 'buy' | 'sell'; userId: string; token: string; chain?: string | null; at: Date }): Promise<void> {
  await t.sql.query(
    `INSERT INTO feed_events (event_id, side, user_id, trader, token_address, chain, at, source) VALUES ($1, $2, $3, $3, $4, $5, $6, 'stream')`,
    [`alerts-test-${Math.random().toString(36).slice(2)}-${Date.now()}`, e.side, e.userId, e.token, e.chain === undefined ? 'solana' : e.chain, e.at],
  );
}
