import { spawn } from 'node:child_process';
import { join } from 'node:path';

type Json = Record<string, any>;

const ROOT = join(__dirname, '../../..');

describe('standalone sandbox (apps/sandbox/src/main.ts as its own process)', () => {
  it('reads SANDBOX_PORT, SANDBOX_SEED and SANDBOX_FAULTS and prints its URL', async () => {
    const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register', join(ROOT, 'apps/sandbox/src/main.ts')], {
      env: {
        ...process.env,
        SANDBOX_PORT: '0',
        SANDBOX_SEED: '7',
        SANDBOX_FAULTS: JSON.stringify([{ provider: 'defillama', route: '/api/hacks', status: 418 }]),
        TS_NODE_PROJECT: join(ROOT, 'tsconfig.json'),
      },
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        const timer = setTimeout(() => reject(new Error(`no URL printed: ${out}`)), 20_000);
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /listening on (http:\/\/\S+)/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]);
          }
        });
        child.stderr.on('data', (d: Buffer) => (out += d.toString()));
        child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      expect((await fetch(`${url}/defillama/api/hacks`)).status).toBe(418);
      const health = (await (await fetch(`${url}/__control/health`)).json()) as Json;
      expect(health.seed).toBe(7);
    } finally {
      child.kill('SIGTERM');
    }
  }, 30_000);
});
