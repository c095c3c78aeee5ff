import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { formatProbeTable, outcomeOf, runProbes, type ProbeResult } from './provider-check';
import { UpstreamError } from './upstream.types';

const run = promisify(execFile);
const ROOT = join(__dirname, '../../..');

/** Runs `npm run providers:check` as an operator would, without a shell, and returns its exit code and output. */
async function providersCheck(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const command = ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register', 'scripts/providers-check.ts', ...args];
  try {
    const { stdout, stderr } = await run(process.execPath, command, { cwd: ROOT, env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'error' } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const rowsOf = (table: string) =>
  table
    .split('\n')
    .slice(1)
    .filter((line) => /^(ok|drift|refused|unreachable)\s/.test(line));

describe('outcomeOf', () => {
  it.each([
    [
      new UpstreamError('jupiter', 'malformed', 'jupiter:/price/v3: malformed payload: at So111.usdPrice: expected number'),
      'drift',
      'at So111.usdPrice: expected number',
    ],
    [new UpstreamError('fomo', 'rejected', 'fomo:/v2/me: answered HTTP 401', 401), 'refused', 'fomo:/v2/me: answered HTTP 401'],
    [new UpstreamError('fomo', 'no_keys', 'fomo:/v2/me: every key is exhausted'), 'refused', 'fomo:/v2/me: every key is exhausted'],
    [new UpstreamError('fomo', 'http', 'answered HTTP 404 (not found)', 404), 'refused', 'answered HTTP 404 (not found)'],
    [new UpstreamError('jupiter', 'http', 'answered HTTP 503', 503), 'unreachable', 'answered HTTP 503'],
    [new UpstreamError('jupiter', 'timeout', 'no answer within 8000 ms'), 'unreachable', 'no answer within 8000 ms'],
    [new UpstreamError('launchpad', 'unconfigured', 'LAUNCHPAD_API_URL is not set'), 'unreachable', 'LAUNCHPAD_API_URL is not set'],
    [
      new TypeError("Cannot read properties of undefined (reading 'map')"),
      'drift',
      "the client could not read the answer: Cannot read properties of undefined (reading 'map')",
    ],
  ])('%# %p is %s', (error, outcome, detail) => {
    expect(outcomeOf(error)).toEqual({ outcome, detail });
  });
});

describe('runProbes and the table', () => {
  it('runs every probe once, keeps their order, and counts the outcomes', async () => {
    let running = 0;
    let most = 0;
    const probe = (endpoint: string, answer: () => Promise<unknown>) => ({
      provider: 'p',
      endpoint,
      asks: 'x',
      run: async () => {
        most = Math.max(most, ++running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        return answer();
      },
    });
    const results = await runProbes(
      [
        probe('p:/a', () => Promise.resolve({})),
        probe('p:/b', () => Promise.reject(new UpstreamError('p', 'malformed', 'p:/b: malformed payload: at rows.0.id: expected string'))),
        probe('p:/c', () => Promise.reject(new UpstreamError('p', 'network', 'p:/c: network error (ECONNREFUSED)'))),
        probe('p:/d', () => Promise.resolve([])),
        probe('p:/e', () => Promise.resolve([])),
      ],
      2,
    );
    expect(most).toBe(2);
    expect(results.map((r: ProbeResult) => [r.endpoint, r.outcome])).toEqual([
      ['p:/a', 'ok'],
      ['p:/b', 'drift'],
      ['p:/c', 'unreachable'],
      ['p:/d', 'ok'],
      ['p:/e', 'ok'],
    ]);
    const table = formatProbeTable(results);
    expect(rowsOf(table)).toHaveLength(5);
    expect(table).toContain('at rows.0.id: expected string');
    expect(table).toContain('5 endpoints: 3 ok, 1 drift, 0 refused, 1 unreachable');
  });
});

describe('npm run providers:check', () => {
  it('against the sandbox: every endpoint ok, exit 0', async () => {
    const { code, stdout, stderr } = await providersCheck(['--sandbox']);
    expect({ code, stderr: stderr.trim() }).toEqual({ code: 0, stderr: '' });
    const rows = rowsOf(stdout);
    expect(rows.length).toBeGreaterThan(60);
    expect(rows.filter((row) => !row.startsWith('ok '))).toEqual([]);
  }, 120_000);

  it('against a sandbox serving a drifted payload: that endpoint is drift with its path, exit 1', async () => {
    const drifted = JSON.stringify([{ provider: 'jupiter', route: '/price/v3', malformed: 'shape' }]);
    const { code, stdout } = await providersCheck(['--sandbox', '--sandbox-faults', drifted]);
    expect(code).toBe(1);
    const driftRows = rowsOf(stdout).filter((row) => row.startsWith('drift'));
    expect(driftRows).toHaveLength(1);
    expect(driftRows[0]).toContain('jupiter:/price/v3');
    expect(driftRows[0]).toMatch(/at \S+: /);
  }, 120_000);

  it('refuses an argument it does not know, exit 2', async () => {
    const { code, stderr } = await providersCheck(['--live-please']);
    expect(code).toBe(2);
    expect(stderr).toContain('usage: npm run providers:check');
  }, 60_000);
});
