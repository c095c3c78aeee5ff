import type { DynamicModule, Type } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Pool } from 'pg';
import request from 'supertest';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { AppConfig, type Clock } from '@scout/core';
import { SANDBOX_KEYS, startSandbox, type RunningSandbox, type StartSandboxOptions } from '@scout/sandbox';
import { createApiApp } from '../../src/bootstrap';
import { testDatabaseUrl } from '../../../../test/test-database';
import { sandboxEndpoints, type UpstreamEndpoints } from '@scout/upstream';

export interface TestApp {
  app: NestExpressApplication;
  /** Base URL of the real HTTP server, e.g. http://127.0.0.1:41234 */
  url: string;
  adminKey: string;
  /** The sandbox upstream this app reads (its own, so faults set by a test stay in that test). */
  sandbox: RunningSandbox;
  /** Direct SQL on the test database, for asserting ledger rows. */
  sql: Pool;
  http(): ReturnType<typeof request>;
  createAccount(name?: string, plan?: string): Promise<{ accountId: string; apiKey: string; keyId: string }>;
  /** Credits the account can spend now, read straight from the ledger. */
  spendable(accountId: string): Promise<number>;
  /** How many usage entries (charged calls) the account has. */
  usageEntryCount(accountId: string): Promise<number>;
  /** Moves the account's balance to exactly `credits` through admin adjustments. */
  setBalance(accountId: string, credits: number): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  modules?: Array<Type | DynamicModule>;
  toolCosts?: Record<string, number>;
  sandbox?: StartSandboxOptions;
  /** Changes to the endpoints handed to the app, e.g. a Jupiter key pool the sandbox partly refuses. */
  upstreams?: Partial<UpstreamEndpoints>;
  /** The clock the app reads (plan periods start at its time); the system clock if absent. */
  clock?: Clock;
  /**
   * Listen on a free port chosen first and set PUBLIC_URL to it, for what must name the booted
   * address itself (the OAuth issuer and resource).
   */
  atPublicUrl?: boolean;
}

/** A loopback port free right now (the OS picks it; the socket is closed before it is used). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export { testDatabaseUrl };

export const randomKey = () => `sc_${randomBytes(24).toString('base64url')}`;

/** Boots the API through the same bootstrap as main.ts, listening on a free loopback port. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const adminKey = options.env?.ADMIN_BOOTSTRAP_KEY ?? randomKey();
  const port = options.atPublicUrl ? await freePort() : 0;
  const config = AppConfig.fromEnv({
    DATABASE_URL: testDatabaseUrl(),
    DB_MIGRATE_ON_START: 'false',
    DB_POOL_MAX: '30',
    LOG_LEVEL: 'silent',
    // JSON lines whatever stdout is (a terminal would make them pretty): tests that read the logs parse them.
    LOG_FORMAT: 'json',
    ADMIN_BOOTSTRAP_KEY: adminKey,
    ...(options.atPublicUrl ? { PUBLIC_URL: `http://127.0.0.1:${port}` } : {}),
    // With REDIS_URL, an app's cached upstream answers stay its own unless a test shares a prefix.
    UPSTREAM_CACHE_PREFIX: `scout_test_cache_${randomBytes(6).toString('hex')}:`,
    ...options.env,
  });
  const sandbox = await startSandbox(options.sandbox ?? {});
  const endpoints = { ...sandboxEndpoints({ urls: sandbox.urls, keys: SANDBOX_KEYS }), ...options.upstreams };
  const app = await createApiApp(config, testDatabaseUrl(), endpoints, {
    modules: options.modules,
    toolCosts: options.toolCosts,
    clock: options.clock,
  });
  await app.listen(port, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  const url = `http://127.0.0.1:${address.port}`;
  const sql = new Pool({ connectionString: testDatabaseUrl(), max: 3 });
  const http = () => request(url);

  const testApp: TestApp = {
    app,
    url,
    adminKey,
    sandbox,
    sql,
    http,
    async createAccount(name = 'test account', plan?: string) {
      const res = await http()
        .post('/api/v1/admin/accounts')
        .set('Authorization', `Bearer ${adminKey}`)
        .send(plan ? { name, plan } : { name });
      if (res.status !== 201) throw new Error(`createAccount: ${res.status} ${JSON.stringify(res.body)}`);
      return { accountId: res.body.account.id, apiKey: res.body.apiKey, keyId: res.body.keyId };
    },
    async spendable(accountId: string) {
      const { rows } = await sql.query('SELECT scout_spendable($1) AS s', [accountId]);
      return Number(rows[0].s);
    },
    async usageEntryCount(accountId: string) {
      const { rows } = await sql.query(`SELECT count(*)::int AS n FROM credit_entries WHERE account_id = $1 AND kind = 'usage'`, [accountId]);
      return rows[0].n as number;
    },
    async setBalance(accountId: string, credits: number) {
      const account = await http().get(`/api/v1/admin/accounts/${accountId}`).set('Authorization', `Bearer ${adminKey}`);
      const delta = credits - account.body.account.balance;
      if (delta === 0) return;
      const res = await http()
        .post(`/api/v1/admin/accounts/${accountId}/credits`)
        .set('Authorization', `Bearer ${adminKey}`)
        .send({ credits: delta, kind: 'adjustment', reason: 'test set-up' });
      if (res.status !== 201) throw new Error(`setBalance: ${res.status} ${JSON.stringify(res.body)}`);
    },
    async close() {
      await sql.end();
      await app.close();
      await sandbox.close();
    },
  };
  return testApp;
}
