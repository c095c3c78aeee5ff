import { fork } from 'node:child_process';
import { resolve } from 'node:path';
import { REPO_ROOT } from './child-processes';

/** What one child process's reads returned, and how they were metered. */
export interface ChildReads {
  values: Array<number | null>;
  calls: number;
  cachedCalls: number;
}

/**
 * Starts `processes` children (shared-cache-child.ts, under ts-node) on one upstream and one
 * Redis prefix, waits until every one is ready, then has each fire `perProcess` identical reads at
 * the same moment; resolves with each child's answers.
 */
export async function runSharedCacheChildren(options: {
  processes: number;
  perProcess: number;
  baseUrl: string;
  /** Null: no shared tier, each process caches on its own. */
  redisUrl: string | null;
  prefix: string;
  ttlMs: number;
}): Promise<ChildReads[]> {
  const children = Array.from({ length: options.processes }, () =>
    fork(resolve(__dirname, 'shared-cache-child.ts'), [], {
      cwd: REPO_ROOT,
      execArgv: ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register'],
      env: {
        ...process.env,
        TS_NODE_PROJECT: 'tsconfig.json',
        SHARED_BASE_URL: options.baseUrl,
        SHARED_REDIS_URL: options.redisUrl ?? '',
        SHARED_PREFIX: options.prefix,
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  try {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((ready, fail) => {
            child.once('message', () => ready());
            child.once('exit', (code) => fail(new Error(`a shared-cache child exited (${code}) before it was ready`)));
          }),
      ),
    );
    const answers = children.map(
      (child) =>
        new Promise<ChildReads>((done, fail) => {
          child.once('message', (m) => done(m as ChildReads));
          child.once('exit', (code) => fail(new Error(`a shared-cache child exited (${code}) before it answered`)));
        }),
    );
    for (const child of children) child.send({ count: options.perProcess, ttlMs: options.ttlMs });
    return await Promise.all(answers);
  } finally {
    await Promise.all(
      children.map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((done) => child.once('exit', done));
        child.kill();
        await exited;
      }),
    );
  }
}
