/**
 * The soak (`npm run soak -- <seconds>`, default 3600): two API processes and a worker on a fresh
 * database of the local PostgreSQL server (the chaos tier's Cluster, without its disruptions),
 * Redis when CHAOS_REDIS_URL or REDIS_URL names one, under 64 connections of mixed tool calls
 * from autocannon for the whole run, in windows of SOAK_WINDOW_S seconds (default 60). Each
 * window's rate and p99 are kept, and each API process's RSS (VmRSS from /proc) every window.
 * At the end `ledger:verify` runs on the database.
 *
 * Goals (issue 22), judged for runs of 10 minutes or more: RSS growth under 10 % after warm-up
 * (the first tenth of the run), the p99 of the last ten minutes within 1.2x of the first ten, no
 * failed call, ledger:verify clean. A shorter run (CI's) prints the same figures and fails only
 * on failed calls or a dirty ledger. Exit status: 0 goals met, 1 missed, 2 could not run.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { adminPost, ledgerVerify } from '../processes/cluster-admin';
import { Cluster } from '../chaos/cluster';

const SECONDS = Number(process.argv[2] ?? process.env.SOAK_SECONDS ?? 3600);
const WINDOW_S = Number(process.env.SOAK_WINDOW_S ?? (SECONDS >= 600 ? 60 : 10));
const CONNECTIONS = 64;
const ACCOUNTS = 8;
const JUDGED_FROM_S = 600;
const GOALS = { rssGrowth: 0.1, p99LastVsFirst: 1.2 };

const log = (line: string) => process.stdout.write(`[soak] ${line}\n`);

/** The tool calls of the mix, cycled by every connection (paths relative to an API). */
const MIX: Array<{ method: 'GET' | 'POST'; path: string; body?: object }> = [
  { method: 'GET', path: '/api/v1/tools/service_chain_health' },
  { method: 'GET', path: '/api/v1/tools/service_token_prices?tokens=So11111111111111111111111111111111111111112' },
  { method: 'POST', path: '/api/v1/tools/service_protocol_report', body: { protocol: 'aave' } },
  { method: 'GET', path: '/api/v1/tools/service_token_yields?symbol=USDC&limit=5' },
  { method: 'GET', path: '/api/v1/tools/service_stablecoins' },
  { method: 'GET', path: '/api/v1/tools/service_account' },
  { method: 'GET', path: '/api/v1/me' },
];

interface Window {
  at: number;
  rps: number;
  p99: number;
  failed: number;
  rssMb: number[];
}

const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))!;
  return Math.round(Number(line.split(/\s+/)[1]) / 1024);
};

async function main(): Promise<number> {
  let database: TestDatabase | undefined;
  let cluster: Cluster | undefined;
  try {
    database = await createTestDatabase(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
    const adminKey = `sc_${randomBytes(24).toString('base64url')}`;
    cluster = new Cluster({
      databaseUrl: database.url,
      redisUrl: process.env.CHAOS_REDIS_URL || process.env.REDIS_URL || undefined,
      adminKey,
      toolDeadlineMs: 20_000,
      holdGraceMs: 5_000,
      shutdownGraceMs: 10_000,
    });
    await cluster.start();
    const base = cluster.apis[0].url;
    const keys: string[] = [];
    for (let i = 0; i < ACCOUNTS; i++) {
      const created = await adminPost<{ account: { id: string }; apiKey: string }>(base, adminKey, '/api/v1/admin/accounts', { name: `soak ${i}` });
      await adminPost(base, adminKey, `/api/v1/admin/accounts/${created.account.id}/credits`, { credits: 1_000_000_000, kind: 'grant', reason: 'soak load' });
      keys.push(created.apiKey);
    }
    const requests = keys.flatMap((key) =>
      MIX.map((call) => ({
        method: call.method,
        path: call.path,
        headers: { authorization: `Bearer ${key}`, ...(call.body ? { 'content-type': 'application/json' } : {}) },
        ...(call.body ? { body: JSON.stringify(call.body) } : {}),
      })),
    );
    // Every call of the mix answers 200 before the load starts (and its upstream answers are cached).
    for (const call of requests.slice(0, MIX.length)) {
      const res = await fetch(`${base}${call.path}`, { method: call.method, headers: call.headers, body: call.body });
      if (res.status !== 200) throw new Error(`${call.method} ${call.path}: ${res.status} ${await res.text()}`);
    }
    log(`${SECONDS} s at ${CONNECTIONS} connections over ${cluster.apis.length} APIs, ${MIX.length} calls × ${ACCOUNTS} accounts, windows of ${WINDOW_S} s`);
    const windows: Window[] = [];
    const started = Date.now();
    // Whole windows only: a last sliver of a second would judge the p99 of a handful of calls.
    while (Date.now() - started + WINDOW_S * 500 < SECONDS * 1000) {
      const seconds = WINDOW_S;
      // Connections spread over both APIs (autocannon takes several urls; its types know one).
      const urls = cluster.apis.map((a) => a.url) as unknown as string;
      const result = await autocannon({ url: urls, connections: CONNECTIONS, duration: seconds, requests, timeout: 30 });
      const window = {
        at: Math.round((Date.now() - started) / 1000),
        rps: Math.round(result['2xx'] / seconds),
        p99: result.latency.p99,
        failed: result.non2xx + result.errors + result.timeouts,
        rssMb: cluster.apis.map((a) => rssMb(a.proc.child.pid!)),
      };
      windows.push(window);
      log(`t=${window.at}s ${window.rps} rps, p99 ${window.p99} ms, failed ${window.failed}, RSS ${window.rssMb.join(' / ')} MB`);
    }
    await cluster.stop();
    const verify = ledgerVerify(database.url, 600_000);
    return report(windows, verify);
  } catch (error) {
    process.stderr.write(`[soak] could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    if (cluster) process.stderr.write(cluster.output() + '\n');
    return 2;
  } finally {
    await cluster?.stop().catch(() => undefined);
    await database?.dispose().catch(() => undefined);
  }
}

function report(windows: Window[], verify: { clean: boolean; output: string }): number {
  const judged = SECONDS >= JUDGED_FROM_S;
  const warmedUp = windows.find((w) => w.at >= SECONDS / 10) ?? windows[0];
  const last = windows[windows.length - 1];
  const growth = Math.max(...last.rssMb.map((mb, i) => mb / warmedUp.rssMb[i] - 1));
  const span = Math.round(Math.min(600, SECONDS / 3));
  const p99Of = (ws: Window[]) => Math.max(...ws.map((w) => w.p99));
  const firstP99 = p99Of(windows.filter((w) => w.at <= span));
  const lastP99 = p99Of(windows.filter((w) => w.at > SECONDS - span));
  const failed = windows.reduce((sum, w) => sum + w.failed, 0);
  const calls = windows.reduce((sum, w) => sum + w.rps * WINDOW_S, 0);
  const rows = [
    { figure: 'calls answered 2xx (about)', value: calls.toLocaleString('en'), goal: '', met: true },
    { figure: 'failed calls', value: String(failed), goal: '0', met: failed === 0 },
    {
      figure: `RSS growth after warm-up (t=${warmedUp.at}s → end), worst API`,
      value: `${(growth * 100).toFixed(1)} %`,
      goal: '< 10 %',
      met: !judged || growth < GOALS.rssGrowth,
    },
    {
      figure: `p99 of the last ${span} s / the first ${span} s`,
      value: `${lastP99} / ${firstP99} ms (×${(lastP99 / firstP99).toFixed(2)})`,
      goal: '<= ×1.2',
      met: !judged || lastP99 <= GOALS.p99LastVsFirst * firstP99,
    },
    { figure: 'ledger:verify', value: verify.clean ? 'clean' : 'VIOLATIONS', goal: 'clean', met: verify.clean },
  ];
  console.table(rows.map((r) => ({ ...r, met: r.met ? 'yes' : 'NO' })));
  if (!judged) log(`a run under ${JUDGED_FROM_S} s: RSS and p99 are printed, not judged`);
  if (!verify.clean) process.stdout.write(verify.output);
  const missed = rows.filter((r) => !r.met).length;
  log(missed === 0 ? 'soak: goals met' : `soak: ${missed} goal(s) missed`);
  return missed === 0 ? 0 : 1;
}

const HARD_STOP_MS = SECONDS * 1000 + 600_000;
setTimeout(() => {
  process.stderr.write('[soak] hard time limit reached\n');
  process.exit(2);
}, HARD_STOP_MS).unref();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(2));

void main().then((code) => process.exit(code));
