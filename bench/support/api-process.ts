import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import ts from 'typescript';
import { REPO_ROOT, type ScoutProcess } from '../../test/processes/child-processes';
import type { MemoryReport } from './memory-probe';

/**
 * The API as its own process for a benchmark: apps/api/src/main.ts, either compiled (`built`, as
 * `npm start` runs it) or under ts-node (`ts-node`), with the memory probe preloaded, so the bench
 * can read the process's own RSS from /proc and its heap through the probe.
 */
export type ApiRuntime = 'built' | 'ts-node';

/**
 * Where `built` compiles to: inside this checkout (node_modules may be shared by several checkouts,
 * and one checkout's bench must not run another's build), under the ignored dist/.
 */
const BUILD_DIR = join(REPO_ROOT, 'dist', 'bench-api');
const PROBE_SOURCE = join(REPO_ROOT, 'bench', 'support', 'memory-probe.ts');
const BARE_ROUTE_SOURCE = join(REPO_ROOT, 'bench', 'support', 'bare-route-main.ts');
const HELD_FLOOR_SOURCE = join(REPO_ROOT, 'bench', 'support', 'held-floor-main.ts');

function run(command: string, args: string[]): void {
  const result = spawnSync(process.execPath, [command, ...args], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
}

/** One bench-only file transpiled next to the compiled API (decorators and their metadata kept). */
function transpileInto(source: string, name: string): string {
  const { outputText } = ts.transpileModule(readFileSync(source, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, experimentalDecorators: true, emitDecoratorMetadata: true },
  });
  const file = join(BUILD_DIR, name);
  writeFileSync(file, outputText);
  return file;
}

/**
 * Compiles the API (tsconfig.build.json, paths rewritten by tsc-alias) and the probe; returns the
 * node arguments that run them. With `bareRoute`, the API runs with the bench's bare route added
 * (bench/support/bare-route-main.ts).
 */
function buildApi(bareRoute: boolean): string[] {
  mkdirSync(BUILD_DIR, { recursive: true });
  run(require.resolve('typescript/bin/tsc'), ['-p', 'tsconfig.build.json', '--outDir', BUILD_DIR]);
  run(require.resolve('tsc-alias/dist/bin/index.js'), ['-p', 'tsconfig.build.json', '--outDir', BUILD_DIR]);
  const probe = transpileInto(PROBE_SOURCE, 'bench-memory-probe.js');
  const main = join(BUILD_DIR, 'apps', 'api', 'src', 'main.js');
  if (!existsSync(main)) throw new Error(`the build did not produce ${main}`);
  return ['-r', probe, bareRoute ? transpileInto(BARE_ROUTE_SOURCE, 'bench-bare-route-main.js') : main];
}

/** How to start the API: builds first for `built`; `bareRoute` (built only) adds the bench's bare route. */
export function prepareApi(runtime: ApiRuntime, options: { bareRoute?: boolean } = {}): string[] {
  if (runtime === 'built') return buildApi(options.bareRoute ?? false);
  return ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register', '-r', PROBE_SOURCE, 'apps/api/src/main.ts'];
}

/** How to start the watch bench's floor (bench/support/held-floor-main.ts) like the API, probe included. */
export function prepareHeldFloor(): string[] {
  mkdirSync(BUILD_DIR, { recursive: true });
  return ['-r', transpileInto(PROBE_SOURCE, 'bench-memory-probe.js'), transpileInto(HELD_FLOOR_SOURCE, 'bench-held-floor-main.js')];
}

export interface ApiProcess extends ScoutProcess {
  pid: number;
  /** The process's resident memory now and its peak (VmRSS, VmHWM), in bytes. */
  rss(): { rss: number; peak: number };
  /** Starts the peak (VmHWM) over from now; false where the kernel does not allow it. */
  resetPeak(): boolean;
  /** Open file descriptors of the process. */
  openFiles(): number;
  /** CPU time the process has used so far (user and system), in milliseconds (10 ms steps). */
  cpuMs(): number;
  /** The heap figures of the process, before and after a full collection (through the probe). */
  heap(): Promise<MemoryReport>;
}

let exitHookInstalled = false;
const live = new Set<ApiProcess>();

/** Starts the API with exactly `env` (plus PATH, HOME, TZ); `nodeArgs` from {@link prepareApi}. */
export function startApiProcess(nodeArgs: string[], env: Record<string, string>): ApiProcess {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => live.forEach((p) => p.signal('SIGKILL')));
  }
  const memoryFile = join(tmpdir(), `scout-bench-memory-${process.pid}-${Date.now()}.json`);
  // Opt-in node flags for the API only, e.g. BENCH_API_NODE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof".
  const extraFlags = (process.env.BENCH_API_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, ['--expose-gc', ...extraFlags, ...nodeArgs], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      TZ: 'UTC',
      TS_NODE_PROJECT: 'tsconfig.json',
      SCOUT_BENCH_MEMORY_FILE: memoryFile,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  // BENCH_API_OUTPUT=FILE keeps all of the API's output (e.g. with BENCH_API_NODE_FLAGS=--trace-gc).
  const outputFile = process.env.BENCH_API_OUTPUT;
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-100_000);
    if (outputFile) appendFileSync(outputFile, chunk);
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const status = (field: string) => {
    const line = readFileSync(`/proc/${child.pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${field}:`));
    if (!line) throw new Error(`no ${field} in /proc/${child.pid}/status`);
    return Number(line.split(/\s+/)[1]) * 1024;
  };
  const api: ApiProcess = {
    name: 'api',
    child,
    pid: child.pid!,
    output: () => log,
    exited,
    signal: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
    rss: () => ({ rss: status('VmRSS'), peak: status('VmHWM') }),
    resetPeak: () => {
      try {
        writeFileSync(`/proc/${child.pid}/clear_refs`, '5');
        return true;
      } catch {
        return false;
      }
    },
    openFiles: () => readdirSync(`/proc/${child.pid}/fd`).length,
    cpuMs: () => {
      // Fields 14 and 15 of /proc/PID/stat (after the parenthesised name): utime and stime, in ticks of 1/100 s.
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    },
    async heap() {
      rmSync(memoryFile, { force: true });
      child.kill('SIGUSR2');
      const deadline = Date.now() + 10_000;
      while (!existsSync(memoryFile)) {
        if (Date.now() > deadline) throw new Error('the API process did not answer the memory probe');
        await sleep(20);
      }
      return JSON.parse(readFileSync(memoryFile, 'utf8')) as MemoryReport;
    },
  };
  live.add(api);
  void exited.then(() => {
    live.delete(api);
    rmSync(memoryFile, { force: true });
  });
  return api;
}
