import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export interface DatabaseProcess {
  url: string;
  port: number;
  /** Stops the database process and waits for it to exit. */
  kill(): Promise<void>;
}

const ROOT = join(__dirname, '..');

/** Starts test/embedded-db.child.ts in a child process and resolves once it serves. */
export function startDatabaseProcess(dataDir: string, port = 0): Promise<DatabaseProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['-r', 'ts-node/register/transpile-only', join(ROOT, 'test', 'embedded-db.child.ts'), dataDir, String(port)],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, TS_NODE_PROJECT: join(ROOT, 'tsconfig.json') } },
  );
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    child.once('exit', (code) => reject(new Error(`embedded database exited early (${code})`)));
    lines.once('line', (line) => {
      const { url, port: boundPort } = JSON.parse(line) as { url: string; port: number };
      resolve({
        url,
        port: boundPort,
        kill: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}
