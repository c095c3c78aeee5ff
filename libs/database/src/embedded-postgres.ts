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
