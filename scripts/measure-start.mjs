// Measures how long `npm start` takes to answer: the time from spawning it to the first 200 of
// GET /healthz, then stops it (SIGTERM to the process group it started, by its PID) and waits for
// it to exit. Each run is one start; run it twice for a first and a second start.
//
// Usage: node scripts/measure-start.mjs [--dir <tree>] [--fresh] [--runs <n>] [--port <p>] [--data-dir <d>] [--timeout-ms <ms>]
//   --dir       the repository tree to start (default: the current directory)
//   --fresh     before the first run, delete <tree>/dist and the data directory: a first start
//   --runs      starts measured one after the other (default 1)
//   --port      PORT of the started API (default 3995)
//   --data-dir  DATA_DIR of its embedded PostgreSQL (default /tmp/startcheck)
// Prints one line per run: `run <i>: <ms> ms to the first 200 of /healthz`, and a JSON summary last.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: process.cwd() },
    fresh: { type: 'boolean', default: false },
    runs: { type: 'string', default: '1' },
    port: { type: 'string', default: '3995' },
    'data-dir': { type: 'string', default: '/tmp/startcheck' },
    'timeout-ms': { type: 'string', default: '180000' },
  },
});
const dir = resolve(values.dir);
const port = Number(values.port);
const dataDir = values['data-dir'];
const timeoutMs = Number(values['timeout-ms']);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function healthzAnswers() {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/** Whether every process of the group led by `pid` has exited, waiting up to `waitMs`. */
async function groupGone(pid, waitMs) {
  const until = performance.now() + waitMs;
  for (;;) {
    try {
      process.kill(-pid, 0);
    } catch {
      return true;
    }
    if (performance.now() > until) return false;
    await sleep(100);
  }
}

/** Starts `npm start` in its own process group, waits for /healthz, stops it; resolves the time to the first 200. */
async function measureOnce(run) {
  if (await healthzAnswers()) throw new Error(`something already answers on port ${port}`);
  const startedAt = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((r) => child.once('exit', (code, signal) => r({ code, signal })));
  let exitedEarly = null;
  void exited.then((how) => (exitedEarly = how));
  let elapsedMs = null;
  try {
    while (performance.now() - startedAt < timeoutMs) {
      if (exitedEarly) throw new Error(`npm start exited (${JSON.stringify(exitedEarly)}) before answering:\n${output.slice(-4000)}`);
      if (await healthzAnswers()) {
        elapsedMs = Math.round(performance.now() - startedAt);
        break;
      }
      await sleep(50);
    }
    if (elapsedMs === null) throw new Error(`no 200 from /healthz within ${timeoutMs} ms:\n${output.slice(-4000)}`);
  } finally {
    // The group of the npm process started here (npm, its shell, node): by its PID, nothing else.
    if (!exitedEarly) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await exited;
    }
    // npm may leave before the API it started has drained: wait until no process of the group is left.
    if (!(await groupGone(child.pid, 40_000))) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      await groupGone(child.pid, 10_000);
    }
  }
  process.stdout.write(`run ${run}: ${elapsedMs} ms to the first 200 of /healthz\n`);
  return elapsedMs;
}

if (values.fresh) {
  rmSync(resolve(dir, 'dist'), { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}
const results = [];
for (let run = 1; run <= Number(values.runs); run += 1) results.push(await measureOnce(run));
process.stdout.write(`${JSON.stringify({ dir, port, dataDir, fresh: values.fresh, msToFirstHealthz: results })}\n`);
