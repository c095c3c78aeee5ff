import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

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
    dataDir = resolve(options.dataDir, 'pg');
    mkdirSync(dataDir, { recursive: true });
  }
  const db = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  // Startup options such as -c search_path do not pass through the socket server; pin it here.
  await db.exec('SET search_path TO public');
  const server = new PGLiteSocketServer({
    db,
    host: '127.0.0.1',
    port: options.port ?? 0,
    maxConnections: options.maxConnections ?? 100,
  });
  keepExtendedQueriesTogether(server);
  await server.start();
  const port = (server as unknown as { port: number }).port;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
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
