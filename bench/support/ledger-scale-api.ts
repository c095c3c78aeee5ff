import { randomBytes } from 'node:crypto';
import { DataSource, type Logger } from 'typeorm';
import { AppConfig, SystemClock } from '@scout/core';
import { dataSourceOptions } from '@scout/database';
import { LEDGER_ENTITIES, LedgerService, PlanService } from '@scout/ledger';
import { freePort, sandboxProviderEnv, waitForHttp } from '../../test/processes/child-processes';
import { startApiProcess, type ApiProcess } from './api-process';
import { median } from './load';

/**
 * The API side of bench/ledger-scale.bench.ts: an API process on a database, keys and credits
 * through its admin routes, reads timed through HTTP, and the SQL those reads run, captured from
 * the ledger's own services (LedgerService, PlanService) so its plans can be explained.
 */

export interface ScaleApi {
  api: ApiProcess;
  base: string;
  adminKey: string;
}

/** Starts the compiled API (nodeArgs from prepareApi) on a database, no worker in it. */
export async function startScaleApi(nodeArgs: string[], databaseUrl: string, sandboxUrl: string): Promise<ScaleApi> {
  const adminKey = `sc_${randomBytes(24).toString('base64url')}`;
  const port = await freePort();
  const api = startApiProcess(nodeArgs, {
    ...sandboxProviderEnv(sandboxUrl),
    FOMO_API_URL: `${sandboxUrl}/fomo`,
    FOMO_API_KEYS: 'sandbox-fomo-key',
    DATABASE_URL: databaseUrl,
    DB_MIGRATE_ON_START: 'false',
    WORKER_IN_PROCESS: 'false',
    HOST: '127.0.0.1',
    PORT: String(port),
    ADMIN_BOOTSTRAP_KEY: adminKey,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/api/v1/tools/service_health`, api, 120_000);
  return { api, base, adminKey };
}

async function admin<T>(api: ScaleApi, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await fetch(`${api.base}/api/v1/admin${path}`, {
    method,
    headers: { authorization: `Bearer ${api.adminKey}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as T;
}

/** An account opened through the admin API (a fresh database's), with its key. */
export async function openAccount(api: ScaleApi, name: string): Promise<{ id: string; apiKey: string }> {
  const { apiKey, account } = await admin<{ apiKey: string; account: { id: string } }>(api, 'POST', '/accounts', { name });
  return { id: account.id, apiKey };
}

/** A new key for an account the fill wrote (it has none). */
export async function newKey(api: ScaleApi, accountId: string): Promise<string> {
  return (await admin<{ apiKey: string }>(api, 'POST', `/accounts/${accountId}/keys`, { label: 'ledger-scale bench' })).apiKey;
}

/** A top-up large enough for every call the bench makes. */
export async function topUp(api: ScaleApi, accountId: string): Promise<void> {
  await admin(api, 'POST', `/accounts/${accountId}/credits`, { credits: 100_000_000_000, kind: 'topup', reason: 'ledger-scale bench' });
}

export interface TimedRoute {
  /** Median of the timed requests, ms, the whole body read. */
  ms: number;
  bytes: number;
}

/** One request to warm up, then `runs` one after another: the median time to the end of the body. */
export async function timeRoute(url: string, key: string, runs = 5): Promise<TimedRoute> {
  const once = async () => {
    const started = performance.now();
    const answer = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
    const body = await answer.arrayBuffer();
    if (answer.status !== 200) throw new Error(`${url}: ${answer.status} ${Buffer.from(body).toString().slice(0, 300)}`);
    return { ms: performance.now() - started, bytes: body.byteLength };
  };
  await once();
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const run = await once();
    times.push(run.ms);
    bytes = run.bytes;
  }
  return { ms: median(times), bytes };
}

export interface CapturedSql {
  read: string;
  sql: string;
  params: unknown[];
}

/** The month [from, to) and the reads the bench times, as the routes call the ledger's services. */
export interface ReadPeriod {
  from: Date;
  to: Date;
  /** The start of the admin usage view's default period: 30 UTC days ending today. */
  usageFrom: Date;
}

/**
 * The SQL that GET /me, the admin usage and ledger pages and the CSV export of a month run for an
 * account (through LedgerService and PlanService, as the API calls them), with its parameters.
 */
export async function captureReadSql(databaseUrl: string, accountId: string, period: ReadPeriod): Promise<CapturedSql[]> {
  const captured: CapturedSql[] = [];
  let read = '';
  const logger: Logger = {
    logQuery: (sql, params) => void captured.push({ read, sql, params: params ?? [] }),
    logQueryError: () => undefined,
    logQuerySlow: () => undefined,
    logSchemaBuild: () => undefined,
    logMigration: () => undefined,
    log: () => undefined,
  };
  const db = new DataSource({ ...dataSourceOptions({ url: databaseUrl, poolMax: 1, entities: LEDGER_ENTITIES }), logger });
  await db.initialize();
  try {
    const config = AppConfig.fromEnv({});
    const clock = new SystemClock();
    const ledger = new LedgerService(db, config, clock);
    const plans = new PlanService(db, clock);
    const as = async (name: string, run: () => Promise<unknown>) => {
      read = name;
      await run();
    };
    await as('GET /me', () => Promise.all([ledger.requireAccount(accountId), ledger.remaining(accountId), ledger.usageAllTime(accountId)]));
    await as('GET /me', () => plans.state(accountId));
    await as('admin usage (30 days)', () => ledger.usageInPeriod(accountId, period.usageFrom, null));
    await as('admin ledger page', () => ledger.entries(accountId, 50));
    await as('admin ledger page, refunds', () => ledger.entries(accountId, 50, undefined, { kinds: ['refund'] }));
    await as('CSV of a month (first batch)', async () => {
      for await (const batch of ledger.entriesInPeriod(accountId, period.from, period.to)) return batch;
    });
  } finally {
    await db.destroy();
  }
  // The account row and plan lookups by primary key are the same on any ledger: keep the ledger's reads.
  return captured.filter((c) => /credit_entries|credit_holds|credit_grants|usage_rollups|usage_totals|scout_spendable|plan_periods/.test(c.sql));
}
