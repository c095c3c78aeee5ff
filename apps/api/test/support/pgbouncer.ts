import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { freePort } from './test-app';

/**
 * PgBouncer as a child process in front of one database, in transaction mode: what a deployment
 * with many API instances puts between them and PostgreSQL. Debian's package (`apt-get install
 * pgbouncer`, which .ci/run does) puts the binary in /usr/sbin.
 */
export interface PgBouncer {
  /** The database through the pooler: the same name, user and password, PgBouncer's port. */
  url: string;
  /** Rows of an admin console command (SHOW POOLS, SHOW SERVERS, SHOW CLIENTS, SHOW STATS). */
  show(command: string): Promise<Record<string, unknown>[]>;
  /** What PgBouncer logged (the last 100 kB). */
  output(): string;
  stop(): Promise<void>;
}

export interface PgBouncerSettings {
  /** Server connections to the database, at most (default_pool_size, and max_db_connections). */
  poolSize: number;
  maxClients?: number;
}

/** The pgbouncer binary on PATH or in Debian's /usr/sbin; null when it is not installed. */
export function findPgBouncer(): string | null {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin'].filter((d) => d !== '');
  for (const dir of dirs) if (existsSync(join(dir, 'pgbouncer'))) return join(dir, 'pgbouncer');
  return null;
}

/** Starts PgBouncer in transaction mode on a free loopback port in front of the database at `databaseUrl`. */
export async function startPgBouncer(binary: string, databaseUrl: string, settings: PgBouncerSettings): Promise<PgBouncer> {
  const target = new URL(databaseUrl);
  const database = decodeURIComponent(target.pathname.slice(1));
  const user = decodeURIComponent(target.username || 'postgres');
  const password = decodeURIComponent(target.password);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'scout-pgbouncer-'));
  // Run as root (CI), PgBouncer must be told to drop to another user, who must read these files.
  chmodSync(dir, 0o755);
  const write = (name: string, text: string) => writeFileSync(join(dir, name), text, { mode: 0o644 });
  const quote = (value: string) => `"${value.replace(/"/g, '""')}"`;
  write('userlist.txt', `${quote(user)} ${quote(password)}\n`);
  write(
    'pgbouncer.ini',
    [
      '[databases]',
      `${database} = host=${target.hostname} port=${target.port || '5432'} dbname=${database}`,
      '',
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'userlist.txt')}`,
      `admin_users = ${user}`,
      'pool_mode = transaction',
      `default_pool_size = ${settings.poolSize}`,
      `max_db_connections = ${settings.poolSize}`,
      'min_pool_size = 0',
      'reserve_pool_size = 0',
      `max_client_conn = ${settings.maxClients ?? 100}`,
      // Clients queue for a server connection; fail a test in good time rather than after two minutes.
      'query_wait_timeout = 30',
      // node-postgres sends neither, but other clients (psql, JDBC) do; `options` stays refused (see docs/operations.md).
      'ignore_startup_parameters = extra_float_digits',
      'log_connections = 0',
      'log_disconnections = 0',
      '',
    ].join('\n'),
  );
  const asRoot = process.getuid?.() === 0;
  const child = spawn(binary, [...(asRoot ? ['-u', 'nobody'] : []), join(dir, 'pgbouncer.ini')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const append = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-100_000));
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);

  const show = async (command: string) => {
    const admin = new Client({ host: '127.0.0.1', port, user, password: password || undefined, database: 'pgbouncer' });
    await admin.connect();
    try {
      return (await admin.query(command)).rows as Record<string, unknown>[];
    } finally {
      await admin.end();
    }
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`pgbouncer exited at start:\n${log}`);
    }
    try {
      await show('SHOW VERSION');
      break;
    } catch (error) {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`pgbouncer did not answer on port ${port}: ${(error as Error).message}\n${log}`);
      }
      await sleep(100);
    }
  }
  return { url: url.toString(), show, output: () => log, stop };
}
