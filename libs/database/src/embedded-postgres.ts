import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/**
 * The schema BullMQ's PostgreSQL backend uses on the embedded database (BullMQ's default). It is
 * the only one that works there: the search path cannot be set per connection.
 */
export const EMBEDDED_QUEUE_SCHEMA = 'bullmq';

export interface EmbeddedPostgres {
  /** A postgres:// URL any pg client can use. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** Directory for the database files; omit for an in-memory database (tests). */
  dataDir?: string;
  /** TCP port on 127.0.0.1; 0 picks a free one. */
  port?: number;
  maxConnections?: number;
}

/**
 * PostgreSQL compiled to WASM (PGlite), served over the real wire protocol on loopback, so the
 * same pg driver, TypeORM and SQL run as against a PostgreSQL server. The socket server
 * multiplexes client connections onto PGlite's single session and keeps a transaction's queries
 * together.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions = {}): Promise<EmbeddedPostgres> {
  let dataDir: string | undefined;
  if (options.dataDir) {
    const holder = runningEmbeddedPostgres(options.dataDir);
    if (holder) {
      throw new Error(
        `${resolve(options.dataDir)} is in use by process ${holder.pid}, which serves it on ${holder.url}: stop that process first, or connect to that URL`,
      );
    }
    dataDir = resolve(options.dataDir, 'pg');
    mkdirSync(dataDir, { recursive: true });
  }
  const db = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  // Startup options such as -c search_path do not pass through the socket server, and every
  // connection shares this one session: pin the path here. Scout's tables stay in public (first,
  // so unqualified CREATEs land there); BullMQ's PostgreSQL backend names its tables and functions
  // unqualified and relies on its schema being on the path.
  await db.exec(`SET search_path TO public, ${EMBEDDED_QUEUE_SCHEMA}`);
  const server = new PGLiteSocketServer({
    db,
    host: '127.0.0.1',
    port: options.port ?? 0,
    maxConnections: options.maxConnections ?? 100,
  });
  keepExtendedQueriesTogether(server);
  routeNotifications(server);
  await server.start();
  const port = (server as unknown as { port: number }).port;
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const lockFile = options.dataDir ? join(resolve(options.dataDir), LOCK_FILE) : undefined;
  if (lockFile) writeFileSync(lockFile, JSON.stringify({ pid: process.pid, url } satisfies EmbeddedLock));
  return {
    url,
    port,
    async stop() {
      await server.stop();
      await db.close();
      if (lockFile) rmSync(lockFile, { force: true });
    },
  };
}

/** Written in a data directory while a process serves it, so that no second process opens it. */
const LOCK_FILE = 'scout-embedded.json';

export interface EmbeddedLock {
  pid: number;
  /** Where that process serves the database. */
  url: string;
}

/**
 * The live process serving the embedded database of dataDir, if any (a lock left by a process that
 * died does not count). PGlite has no lock of its own: two processes on one directory corrupt it.
 */
export function runningEmbeddedPostgres(dataDir: string): EmbeddedLock | null {
  const lockFile = join(resolve(dataDir), LOCK_FILE);
  if (!existsSync(lockFile)) return null;
  let lock: EmbeddedLock;
  try {
    lock = JSON.parse(readFileSync(lockFile, 'utf8')) as EmbeddedLock;
  } catch {
    return null;
  }
  try {
    process.kill(lock.pid, 0); // signal 0: only asks whether the process exists
    return lock;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? lock : null;
  }
}

/** Whether dataDir holds an embedded database (a directory `npm start` has run on). */
export function hasEmbeddedDatabase(dataDir: string): boolean {
  return existsSync(join(resolve(dataDir), 'pg', 'PG_VERSION'));
}

/** One client message waiting for PGlite, as pglite-socket 0.2.17 queues it. */
interface QueuedMessage {
  handlerId: number;
  message: Uint8Array;
  resolve(bytes: number): void;
  reject(error: unknown): void;
  onData(data: Uint8Array): void;
}

interface MessageQueue {
  queue: QueuedMessage[];
  processing: boolean;
  lastHandlerId: number | null;
  db: PGlite;
  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number>;
  processQueue(): Promise<void>;
  clearQueueForHandler(handlerId: number): void;
}

/** Extended-protocol messages that leave the unnamed statement or portal half-built until Sync. */
const MID_EXCHANGE = new Set([0x50, 0x42, 0x44, 0x45, 0x43, 0x48]); // P B D E C H
const SYNC = 0x53; // S

/**
 * pglite-socket (0.2.17, pinned) shares PGlite's single session between connections message by
 * message, keeping only open transactions together. A parameterised query is several messages
 * (Parse, Bind, Describe, Execute, Sync) built on the session's unnamed statement and portal, so
 * another connection's Parse in between breaks it ("portal \"\" does not exist"). This keeps each
 * connection's exchange together until its Sync, as well as its transactions.
 */
export function keepExtendedQueriesTogether(server: PGLiteSocketServer): void {
  const queue = (server as unknown as { queryQueue: MessageQueue }).queryQueue;
  let pinned: number | null = null;

  queue.processQueue = async function processQueue(this: MessageQueue): Promise<void> {
    if (this.processing || this.queue.length === 0) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const owner = pinned ?? (this.db.isInTransaction() ? this.lastHandlerId : null);
        const index = owner === null ? 0 : this.queue.findIndex((item) => item.handlerId === owner);
        if (index === -1) break; // the owner's next message restarts the queue
        const [item] = this.queue.splice(index, 1);
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (data: Uint8Array) => {
                bytes += data.length;
                item.onData(data);
              },
            }),
          );
        } catch (error) {
          item.reject(error);
          continue;
        }
        this.lastHandlerId = item.handlerId;
        const type = item.message[0];
        if (MID_EXCHANGE.has(type)) pinned = item.handlerId;
        else if (type === SYNC || pinned === item.handlerId) pinned = null;
        item.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  };

  const clearQueueForHandler = queue.clearQueueForHandler.bind(queue);
  queue.clearQueueForHandler = (handlerId: number) => {
    clearQueueForHandler(handlerId);
    if (pinned === handlerId) {
      pinned = null;
      void queue.processQueue();
    }
  };
}

const QUERY = 0x51; // Q
const PARSE = 0x50; // P
const NOTIFICATION = 0x41; // A (NotificationResponse)

/**
 * pglite-socket (0.2.17, pinned) runs every connection on PGlite's one session, so a NOTIFY's
 * NotificationResponse comes out in the reply of whichever connection ran the notifying statement,
 * and the connection that ran LISTEN never hears it. BullMQ's PostgreSQL backend wakes its workers
 * that way. This remembers which connection listens on which channel (from its LISTEN and UNLISTEN
 * statements) and moves each notification to the connections listening on its channel. Replies
 * that do not split into whole protocol messages pass through untouched.
 */
export function routeNotifications(server: PGLiteSocketServer): void {
  const queue = (server as unknown as { queryQueue: MessageQueue }).queryQueue;
  const listeners = new Map<string, Map<number, (data: Uint8Array) => void>>();

  const enqueue = queue.enqueue.bind(queue);
  queue.enqueue = (handlerId, message, onData) => {
    for (const [verb, channel] of listenStatements(message)) {
      if (verb === 'LISTEN') {
        const handlers = listeners.get(channel) ?? new Map<number, (data: Uint8Array) => void>();
        handlers.set(handlerId, onData);
        listeners.set(channel, handlers);
      } else {
        for (const [name, handlers] of listeners) if (channel === '*' || channel === name) handlers.delete(handlerId);
      }
    }
    let whole = true; // once a chunk splits a message, the rest of this reply passes through as is
    return enqueue(handlerId, message, (data) => {
      const messages = whole ? splitMessages(data) : null;
      if (!messages || !messages.some((m) => m[0] === NOTIFICATION)) {
        whole &&= messages !== null;
        onData(data);
        return;
      }
      const kept: Uint8Array[] = [];
      for (const m of messages) {
        if (m[0] !== NOTIFICATION) {
          kept.push(m);
          continue;
        }
        for (const [id, write] of listeners.get(notificationChannel(m)) ?? []) {
          if (id === handlerId) kept.push(m);
          else write(m);
        }
      }
      if (kept.length > 0) onData(Buffer.concat(kept));
    });
  };

  const clearQueueForHandler = queue.clearQueueForHandler.bind(queue);
  queue.clearQueueForHandler = (handlerId: number) => {
    for (const handlers of listeners.values()) handlers.delete(handlerId);
    clearQueueForHandler(handlerId);
  };
}

/** Whole backend messages (type byte, int32 length, body), or null if `data` does not split into them. */
function splitMessages(data: Uint8Array): Uint8Array[] | null {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const messages: Uint8Array[] = [];
  let at = 0;
  while (at < data.length) {
    if (at + 5 > data.length) return null;
    const end = at + 1 + view.getInt32(at + 1);
    if (end > data.length || end < at + 5) return null;
    messages.push(data.subarray(at, end));
    at = end;
  }
  return messages;
}

/** NotificationResponse: int32 pid, channel (C string), payload (C string). */
function notificationChannel(message: Uint8Array): string {
  const start = 9;
  const end = message.indexOf(0, start);
  return Buffer.from(message.subarray(start, end === -1 ? message.length : end)).toString('utf8');
}

/** The LISTEN / UNLISTEN statements of a simple query or a Parse message, channel names resolved. */
function listenStatements(message: Uint8Array): Array<['LISTEN' | 'UNLISTEN', string]> {
  let sql: string;
  if (message[0] === QUERY) {
    sql = Buffer.from(message.subarray(5, message.length - 1)).toString('utf8');
  } else if (message[0] === PARSE) {
    const nameEnd = message.indexOf(0, 5);
    const queryEnd = nameEnd === -1 ? -1 : message.indexOf(0, nameEnd + 1);
    if (queryEnd === -1) return [];
    sql = Buffer.from(message.subarray(nameEnd + 1, queryEnd)).toString('utf8');
  } else {
    return [];
  }
  if (!/listen/i.test(sql)) return [];
  const statements: Array<['LISTEN' | 'UNLISTEN', string]> = [];
  const code = sql.replace(/--[^\n]*/g, ' ').replace(/\/\*[\s\S]*?\*\//g, ' ');
  for (const statement of code.split(';')) {
    const match = /^\s*(LISTEN|UNLISTEN)\s+("(?:[^"]|"")+"|[A-Za-z_][\w$]*|\*)\s*$/i.exec(statement);
    if (!match) continue;
    const raw = match[2];
    const channel = raw.startsWith('"') ? raw.slice(1, -1).replace(/""/g, '"') : raw === '*' ? '*' : raw.toLowerCase();
    statements.push([match[1].toUpperCase() as 'LISTEN' | 'UNLISTEN', channel]);
  }
  return statements;
}
