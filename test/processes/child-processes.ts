import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

/** The repository root: every child runs from here so ts-node finds tsconfig.json and its paths. */
export const REPO_ROOT = resolve(__dirname, '..', '..');

/** Entry points run as real processes (ts-node, types not checked: `npm run typecheck` does that). */
export const ENTRIES = {
  api: 'apps/api/src/main.ts',
  worker: 'apps/worker/src/main.ts',
  sandbox: 'apps/sandbox/src/main.ts',
} as const;

const LIVE = new Set<ChildProcess>();
let exitHookInstalled = false;

/** Whatever way this process ends, no child outlives it. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const child of LIVE) child.kill('SIGKILL');
  });
}

export interface ScoutProcess {
  name: string;
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr, last 200 kB). */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  exited: Promise<number | null>;
  signal(signal: NodeJS.Signals): void;
}

/** A port the kernel just handed out on 127.0.0.1, free at the time of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * Starts one of Scout's entry points as a child process with exactly `env` (plus PATH, HOME, TZ),
 * so nothing leaks in from the parent's environment, such as another DATABASE_URL.
 */
export function startScoutProcess(name: string, entry: keyof typeof ENTRIES, env: Record<string, string>): ScoutProcess {
  installExitHook();
  const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register', ENTRIES[entry]], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TZ: 'UTC', TS_NODE_PROJECT: 'tsconfig.json', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  LIVE.add(child);
  let log = '';
  const append = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-200_000);
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  const exited = new Promise<number | null>((resolveExit) => {
    child.once('exit', (code) => {
      LIVE.delete(child);
      resolveExit(code);
    });
  });
  return {
    name,
    child,
    output: () => log,
    exited,
    signal: (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
  };
}

/** Polls `url` until it answers `status`, the process dies, or `timeoutMs` passes (then throws). */
export async function waitForHttp(url: string, proc: ScoutProcess | null, timeoutMs: number, status = 200): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (proc && (proc.child.exitCode !== null || proc.child.signalCode !== null)) {
      throw new Error(`${proc.name} exited before ${url} answered:\n${proc.output().slice(-4000)}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === status) return;
      last = `HTTP ${res.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer ${status} within ${timeoutMs} ms (last: ${last})${proc ? `\n${proc.output().slice(-4000)}` : ''}`);
}

/** Ends a child: `signal` first, SIGKILL if it has not exited within `graceMs`. */
export async function stopProcess(proc: ScoutProcess, signal: NodeJS.Signals = 'SIGTERM', graceMs = 10_000): Promise<number | null> {
  proc.signal(signal);
  const timer = setTimeout(() => proc.signal('SIGKILL'), graceMs);
  try {
    return await proc.exited;
  } finally {
    clearTimeout(timer);
  }
}

/** The sandbox's keys (apps/sandbox SANDBOX_KEYS), repeated here so this file imports no app code. */
const SANDBOX_JUPITER_KEY = 'sandbox-jupiter-key';
const SANDBOX_ALCHEMY_KEY = 'sandbox-alchemy-key';

/** API settings that point every provider at a sandbox running at `sandboxUrl`, in live mode. */
export function sandboxProviderEnv(sandboxUrl: string): Record<string, string> {
  return {
    UPSTREAM_MODE: 'live',
    DEFILLAMA_API_URL: `${sandboxUrl}/defillama/api`,
    DEFILLAMA_COINS_URL: `${sandboxUrl}/defillama/coins`,
    DEFILLAMA_STABLECOINS_URL: `${sandboxUrl}/defillama/stablecoins`,
    DEFILLAMA_YIELDS_URL: `${sandboxUrl}/defillama/yields`,
    JUPITER_URL: `${sandboxUrl}/jupiter`,
    JUPITER_API_KEYS: SANDBOX_JUPITER_KEY,
    TOKEN_DATA_PRICES_URL: `${sandboxUrl}/alchemy/prices/v1`,
    TOKEN_DATA_RPC_URL: `${sandboxUrl}/alchemy/{network}/v2`,
    TOKEN_DATA_PORTFOLIO_URL: `${sandboxUrl}/alchemy/data/v1`,
    TOKEN_DATA_API_KEYS: SANDBOX_ALCHEMY_KEY,
  };
}
