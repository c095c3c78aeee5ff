import { spawnSync } from 'node:child_process';
import { REPO_ROOT } from './child-processes';

/** POSTs to a running API's admin routes with the bootstrap key; throws on anything but 2xx. */
export async function adminPost<T>(base: string, adminKey: string, path: string, body: object): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${adminKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** `npm run ledger:verify` on one database, as its own process: clean, and what it printed. */
export function ledgerVerify(url: string, timeoutMs: number): { clean: boolean; output: string } {
  const run = spawnSync(process.execPath, ['-r', 'ts-node/register/transpile-only', 'scripts/ledger-verify.ts', url], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    timeout: timeoutMs,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', TZ: 'UTC' },
  });
  return { clean: run.status === 0, output: `${run.stdout ?? ''}${run.stderr ?? ''}` };
}
