/**
 * Watch benchmark: how many live watches one API process holds at once, what they cost in memory,
 * and how fast one new feed event reaches all of them. It measures the real API process, started on
 * its own (apps/api/src/main.ts, compiled as `npm start` runs it), on a throwaway database:
 *  1. the API boots (live upstream mode pointed at a sandbox in this process, no worker in it) and
 *     an account with a key is made through the admin API;
 *  2. a warm-up of 50 watches answered by one event, then the baseline: VmRSS from /proc and the
 *     heap after a full collection (through bench/support/memory-probe.ts);
 *  3. N watches opened at once (`service_fomo_watch_stream`, 120 s, maxEvents 1, no replay, all on
 *     one token), in waves, each wave counted in the API's own fan-out (GET /api/v1/admin/upstreams,
 *     feed.openWatches) before the next; then RSS, heap and open files with all N held;
 *  4. one event stored through FeedStore (pg_notify, as ingestion does); every watch must answer 200
 *     with that event: the time from the insert to each answer's bytes reaching the client (plain
 *     sockets, bench/support/held-requests.ts) is the fan-out time; the CPU the API and this process
 *     spent meanwhile is printed beside it (on a shared machine it tells the API's work from waiting);
 *  5. the same for N Server-Sent Event streams (GET /api/v1/stream/alerts) on a fresh API process;
 *  6. the floors: N of the same watch requests held by Node's own HTTP server (no framework,
 *     bench/support/held-floor-main.ts), answered at one signal with the bytes of a real watch
 *     answer from step 4: what the fan-out costs before any of Scout's code runs. Twice: answered
 *     through node:http's response objects, then as prebuilt bytes in one socket write each (the
 *     least any Node process can spend per answer).
 * The watch tool is free (no hold, no charge to post): its answer waits only for one balance read,
 * shared by every watch of the account answered at once (apps/api/src/tools/balance-reads.ts).
 * Each kind is measured next to its floor (watch tool, node:http floor, streams, raw floor), and
 * the whole sequence BENCH_WATCH_ROUNDS times: one fan-out lasts half a second, and on a shared machine
 * one of them alone can be off by a third either way.
 * The goals are judged against the floors of the same round (bench/support/watch-goals.ts), on the
 * median over the rounds: the streams' last answer at most 1.25× the raw-socket floor's, the watch
 * tool's at most 1.5× the node:http floor's; RSS (held and peak) under BENCH_RSS_LIMIT_MB in every
 * round, and no failed answer; the absolute times are printed beside them. Exits 1 when a goal is missed.
 *
 *   npm run bench:watch                      # embedded PGlite (in this process)
 *   DATABASE_URL=postgres://... npm run bench:watch
 *
 * Env: BENCH_WATCHES (default 10000), BENCH_WATCH_ROUNDS (3), BENCH_RSS_LIMIT_MB (600), BENCH_TOOL (0: skip the watch tool;
 * the floors answer with its answer, so skip them too), BENCH_SSE (0: skip the streams), BENCH_FLOOR
 * (0: skip the floors; the ratios are then not judged), BENCH_API (built | ts-node; default
 * built), BENCH_API_NODE_FLAGS (node flags for the API only, e.g. "--cpu-prof
 * --cpu-prof-dir=/tmp/prof"). Needs `ulimit -n` above
 * BENCH_WATCHES + 1000 (a process cannot raise its own limit from Node: raise it in the shell).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool as PgPool } from 'pg';
import type { DataSource } from 'typeorm';
import { FeedStore, type FeedEvent } from '@scout/feeds';
import { startSandbox } from '@scout/sandbox';
import { freePort, sandboxProviderEnv, stopProcess, waitForHttp } from '../test/processes/child-processes';
import { createTestDatabase } from '../test/test-database';
import { prepareApi, prepareHeldFloor, startApiProcess, type ApiProcess, type ApiRuntime } from './support/api-process';
import { holdRequest, responseHead, wholeAnswer, type HeldRequest } from './support/held-requests';
import { isFloor, judge, printFigures, type Kind, type PhaseResult } from './support/watch-goals';

const WATCHES = Number(process.env.BENCH_WATCHES ?? 10_000);
const RSS_LIMIT_MB = Number(process.env.BENCH_RSS_LIMIT_MB ?? 600);
const WITH_TOOL = process.env.BENCH_TOOL !== '0';
const WITH_SSE = process.env.BENCH_SSE !== '0';
const WITH_FLOOR = process.env.BENCH_FLOOR !== '0';
const RUNTIME = (process.env.BENCH_API ?? 'built') as ApiRuntime;
/** Rounds of every kind measured; a ratio's goal is judged on its median over the rounds. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_WATCH_ROUNDS ?? 3));
const WARM_UP = 50;
/** Watches opened before the API is asked to count them; below the listen backlog (511). */
const WAVE = 400;
/** How long after the event every watch must have answered. */
const FAN_OUT_TIMEOUT_MS = 30_000;

const RUN = randomBytes(4).toString('hex');
/** A Solana-shaped token address (base58 letters only) no other event carries. */
const TOKEN = `Bench${RUN.replace(/[0OIl]/g, 'x')}${'1'.repeat(44)}`.slice(0, 44);

interface Target {
  eventId: string | null;
  /** How the event shows in a watch's answer, and in a stream. */
  marker?: Buffer;
  frame?: Buffer;
}

/** One real watch answer (its header block and body), answered again by the floor. */
let sampleAnswer: { head: string; body: string } | undefined;

let seq = 0;
function feedEvent(): FeedEvent {
  seq += 1;
  return {
    eventId: `bench-${RUN}-${seq}`,
    side: 'buy',
    userId: `bench-${RUN}`,
    trader: `bench${RUN}`,
    tradeId: `bench-trade-${RUN}-${seq}`,
    tokenAddress: TOKEN,
    tokenSymbol: 'BNCH',
    chain: 'solana',
    chainId: 1399811149,
    positionUsd: 1000,
    realizedPnlUsd: null,
    tradeUsd: 100,
    text: null,
    at: new Date().toISOString(),
  };
}

/** Reads what a finished answer carries once every answer is in: null when it is right, else what is wrong. */
type Check = ((received: Buffer, target: Target) => string | null) | null;

const describeError = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/** One held-open `service_fomo_watch_stream` call; answers once the event arrives. */
function openWatchCall(port: number, key: string): HeldRequest {
  const body = JSON.stringify({ token: TOKEN, durationSeconds: 120, maxEvents: 1, includeReplay: false });
  const request =
    `POST /api/v1/tools/service_fomo_watch_stream HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${key}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  return holdRequest(port, request, wholeAnswer());
}

/** What a whole watch answer must carry (checked once every answer is in): null when it does. */
function checkWatchAnswer(received: Buffer, target: Target): string | null {
  const head = responseHead(received)!;
  const answer = received.subarray(head.bodyAt);
  // The event id is unique to this run and event, and the watch has no replay: finding it (and
  // the end by maxEvents) is finding the event in data.events.
  if (!target.marker || !answer.includes(target.marker) || !answer.includes('"endedBy":"maxEvents"')) return 'answered without the event';
  sampleAnswer ??= { head: head.headers, body: answer.toString('utf8') };
  return null;
}

/** One `GET /api/v1/stream/alerts`; done when the event's `id:` line arrived. */
function openStream(port: number, key: string, target: Target): HeldRequest {
  const request = `GET /api/v1/stream/alerts?token=${TOKEN} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${key}\r\n\r\n`;
  let status: number | null = null;
  return holdRequest(port, request, (received) => {
    status ??= responseHead(received)?.status ?? null;
    if (status === null) return null;
    if (status !== 200) return { error: `HTTP ${status}` };
    // The frame is written whole, in one chunk: its `id:` line is in the newest bytes.
    return target.frame && received.includes(target.frame, Math.max(0, received.length - 4096)) ? true : null;
  });
}

class Bench {
  constructor(
    private readonly base: string,
    private readonly adminKey: string,
  ) {}

  async admin<T>(method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: { authorization: `Bearer ${this.adminKey}`, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  async openWatches(): Promise<number> {
    return (await this.admin<{ feed: { openWatches: number } }>('GET', '/api/v1/admin/upstreams')).feed.openWatches;
  }

  /** Polls the API's own count until it reaches `count` (or, with `atMost`, falls to it). */
  async untilOpen(count: number, what: string, atMost = false, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let seen = -1;
    while (Date.now() < deadline) {
      seen = await this.openWatches();
      if (atMost ? seen <= count : seen >= count) return;
      await sleep(100);
    }
    throw new Error(`${what}: the API counts ${seen} open watches, expected ${atMost ? 'at most' : 'at least'} ${count}`);
  }
}

interface FanOut {
  /** Milliseconds from the insert to each answer at the client, ascending. */
  latencies: number[];
  errors: string[];
  /** CPU milliseconds spent from the insert to the last answer, by the API and by this (client) process. */
  cpu: { api: number; bench: number };
  /** Milliseconds until the event was sent: the insert committed (the API's kinds), the floor told to answer. */
  sentMs: number;
}

/** Opens `count` watches of `kind` in waves, each wave counted by the API before the next. */
async function openMany(bench: Bench, count: number, open: () => HeldRequest): Promise<HeldRequest[]> {
  const opened: HeldRequest[] = [];
  while (opened.length < count) {
    const wave = Math.min(WAVE, count - opened.length);
    for (let i = 0; i < wave; i++) opened.push(open());
    await bench.untilOpen(opened.length, `opening ${opened.length} of ${count}`);
  }
  return opened;
}

/**
 * Sends one event (`send`) and waits for every watch's answer; resolves to the answer times after
 * sending began. `check` (for whole answers) then reads what each carries.
 */
async function fanOut(send: (event: FeedEvent) => Promise<unknown>, target: Target, opened: HeldRequest[], api: ApiProcess, check: Check): Promise<FanOut> {
  const event = feedEvent();
  target.eventId = event.eventId;
  target.marker = Buffer.from(`"eventId":"${event.eventId}"`);
  target.frame = Buffer.from(`id: ${event.eventId}\nevent: alert\n`);
  const apiCpu = api.cpuMs();
  const benchCpu = process.cpuUsage();
  const started = performance.now();
  await send(event);
  const sentMs = performance.now() - started;
  const timeout = sleep(FAN_OUT_TIMEOUT_MS, undefined, { ref: false }).then(() => ({ error: `no answer within ${FAN_OUT_TIMEOUT_MS} ms of the event` }));
  const answers = await Promise.all(opened.map((o) => Promise.race([o.done, timeout])));
  const cpu = { api: api.cpuMs() - apiCpu, bench: (({ user, system }) => (user + system) / 1000)(process.cpuUsage(benchCpu)) };
  const latencies: number[] = [];
  const errors: string[] = [];
  answers.forEach((a, i) => {
    if (!('at' in a)) return void errors.push(a.error);
    const problem = check?.(opened[i].received()!, target);
    if (problem) errors.push(problem);
    else latencies.push(a.at - started);
  });
  return { latencies: latencies.sort((x, y) => x - y), errors, cpu, sentMs };
}

/**
 * How an event reaches the processes measured: the API's through the feed (FeedStore.insert, as
 * ingestion stores it), the floor's by asking it to answer with a real watch answer carrying it.
 */
function sender(kind: Kind, base: string, store: FeedStore): (event: FeedEvent) => Promise<unknown> {
  if (!isFloor(kind)) return (event) => store.insert([event], 'stream');
  return async (event) => {
    if (!sampleAnswer) throw new Error('the floor answers with a real watch answer: run the watch tool first');
    const headers: Record<string, string> = {};
    for (const line of sampleAnswer.head.split('\r\n').slice(1)) {
      const at = line.indexOf(':');
      const name = line.slice(0, at).toLowerCase();
      if (!['content-length', 'connection', 'keep-alive', 'date', 'transfer-encoding'].includes(name)) headers[name] = line.slice(at + 1).trim();
    }
    const body = sampleAnswer.body.replace(/"eventId":"[^"]*"/g, `"eventId":"${event.eventId}"`);
    const res = await fetch(`${base}/bench/answer`, { method: 'POST', body: JSON.stringify({ headers, body }) });
    if (res.status !== 204) throw new Error(`the floor refused to answer: HTTP ${res.status}`);
  };
}

async function phase(kind: Kind, nodeArgs: string[], env: Record<string, string>, store: FeedStore): Promise<Omit<PhaseResult, 'round'>> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const write: Record<string, string> = kind === 'floor: raw socket' ? { FLOOR_WRITE: 'raw' } : {};
  const api: ApiProcess = startApiProcess(nodeArgs, { ...env, ...write, PORT: String(port) });
  const held: HeldRequest[] = [];
  const floor = isFloor(kind);
  // A stream is done when the event's frame arrived; whole answers are read afterwards.
  const check: Check = kind === 'SSE stream' ? null : checkWatchAnswer;
  const send = sender(kind, base, store);
  try {
    await waitForHttp(floor ? `${base}/api/v1/admin/upstreams` : `${base}/readyz`, api, 120_000);
    const bench = new Bench(base, env.ADMIN_BOOTSTRAP_KEY);
    const { apiKey } = floor ? { apiKey: 'floor' } : await bench.admin<{ apiKey: string }>('POST', '/api/v1/admin/accounts', { name: `watch bench ${RUN}` });
    const target: Target = { eventId: null };
    const open = () => {
      const request = kind === 'SSE stream' ? openStream(port, apiKey, target) : openWatchCall(port, apiKey);
      held.push(request);
      return request;
    };

    // Warm-up: the routes, the hub's LISTEN connection and the key cache, before the baseline.
    const warm = await fanOut(send, target, await openMany(bench, WARM_UP, open), api, check);
    if (warm.errors.length > 0) throw new Error(`warm-up failed: ${warm.errors[0]}`);
    held.splice(0).forEach((r) => r.close());
    await bench.untilOpen(0, 'after the warm-up', true);
    await sleep(1000);
    const baselineRss = api.rss().rss;
    const baselineHeap = (await api.heap()).afterGc.heapUsed;
    api.resetPeak();

    const started = performance.now();
    Object.assign(target, { eventId: null, marker: undefined, frame: undefined });
    const opened = await openMany(bench, WATCHES, open);
    const openSeconds = (performance.now() - started) / 1000;
    await sleep(1000);
    const openRss = api.rss().rss;
    const openFiles = api.openFiles();
    const openHeap = (await api.heap()).afterGc.heapUsed;
    const { latencies, errors, cpu, sentMs } = await fanOut(send, target, opened, api, check);
    const peakRss = api.rss().peak;
    // Closed only now: a stream's client going away must not compete with the fan-out it measures.
    held.splice(0).forEach((r) => r.close());
    await bench.untilOpen(0, 'after the event', true, 10_000).catch((error: unknown) => errors.push(describeError(error)));
    return { kind, open: opened.length, baselineRss, baselineHeap, openRss, openHeap, peakRss, openFiles, openSeconds, latencies, errors, cpu, sentMs };
  } finally {
    held.forEach((r) => r.close());
    await stopProcess(api, 'SIGTERM', 15_000);
  }
}

/** The soft limit on open files of this process (the API child inherits it). */
function openFileLimit(): number {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  return Number(line?.split(/\s{2,}/)[1] ?? Infinity);
}

async function main() {
  const limit = openFileLimit();
  if (limit < WATCHES + 1000) {
    throw new Error(
      `ulimit -n is ${limit}: ${WATCHES} watches need about ${WATCHES + 1000} open files in this process and in the API (raise it, or lower BENCH_WATCHES)`,
    );
  }
  const nodeArgs = prepareApi(RUNTIME);
  const database = await createTestDatabase(process.env.DATABASE_URL);
  const sandbox = await startSandbox();
  const sql = new PgPool({ connectionString: database.url, max: 2 });
  // An idle client cut off while the throwaway database is dropped must not crash the report.
  sql.on('error', () => undefined);
  const store = new FeedStore({ query: (text: string, params?: unknown[]) => sql.query(text, params).then((r) => r.rows) } as unknown as DataSource);
  const env = {
    ...sandboxProviderEnv(sandbox.url),
    DATABASE_URL: database.url,
    DB_MIGRATE_ON_START: 'false',
    WORKER_IN_PROCESS: 'false',
    HOST: '127.0.0.1',
    ADMIN_BOOTSTRAP_KEY: `sc_${randomBytes(24).toString('base64url')}`,
    LOG_LEVEL: 'warn',
  };
  const results: PhaseResult[] = [];
  // Each kind next to its floor, ROUNDS times over: a ratio is taken within one round (the kinds
  // seconds apart), so the host's speed, which drifts over minutes here, weighs on both alike.
  const order: Array<[Kind, boolean]> = [
    ['watch tool', WITH_TOOL],
    ['floor: node:http', WITH_TOOL && WITH_FLOOR],
    ['SSE stream', WITH_SSE],
    ['floor: raw socket', WITH_SSE && WITH_FLOOR && WITH_TOOL],
  ];
  // Transpiled once, and only when a floor runs (both need the watch tool's answer).
  const floorArgs = WITH_FLOOR && WITH_TOOL ? prepareHeldFloor() : [];
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [kind, wanted] of order) {
        if (!wanted) continue;
        const result = await phase(kind, isFloor(kind) ? floorArgs : nodeArgs, env, store);
        results.push({ ...result, round });
      }
    }
  } finally {
    await sql.end();
    await sandbox.close();
    await database.dispose();
  }

  const target = process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite in the bench process';
  process.stdout.write(
    `\nwatches: ${WATCHES} held at once per kind, ${ROUNDS} round${ROUNDS === 1 ? '' : 's'}, one API process (${RUNTIME === 'built' ? 'compiled, node' : 'ts-node'}, LOG_LEVEL=warn), ${target}, ulimit -n ${limit}\n`,
  );
  printFigures(results);
  const met = judge(results, RSS_LIMIT_MB);
  process.stdout.write(met ? 'watch bench: goals met\n' : 'watch bench: FAILED (a goal missed)\n');
  if (!met) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
