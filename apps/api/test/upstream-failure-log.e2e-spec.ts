import { randomUUID } from 'node:crypto';
import { FIXTURES, SANDBOX_KEYS } from '@scout/sandbox';
import { startTestApp, type TestApp } from './support/test-app';
import { SANDBOX_NOW } from './support/fixed-time';

/**
 * The warning each upstream failure writes, as the booted app writes it (pino, JSON lines on
 * stdout): level warn, the source, the endpoint, the HTTP status or the JSON path, and the id of the
 * request it failed for (the caller's x-request-id). No provider key in any line. The fields
 * themselves are specified in libs/upstream/src/upstream-failure-log.spec.ts.
 */

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
/** Log lines, read loosely: the assertions say what matters. */
type Json = any;

/**
 * nestjs-pino keeps one process-wide root logger, built by the first app that asks; reset it around
 * this file's app (as auth.e2e-spec.ts does), whose stdout is captured.
 */
function resetNestjsPinoRootLogger(): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const pinoLogger = require('nestjs-pino/PinoLogger') as { __resetOutOfContextForTests?: () => void };
  if (typeof pinoLogger.__resetOutOfContextForTests !== 'function') throw new Error('nestjs-pino __resetOutOfContextForTests not found');
  pinoLogger.__resetOutOfContextForTests();
}

describe('an upstream failure is one warn line naming source, endpoint, status or path, and the request id', () => {
  let t: TestApp;
  let stdoutSpy: jest.SpyInstance;
  const chunks: string[] = [];

  beforeAll(async () => {
    // pino writes through process.stdout.write when it has been replaced before the logger is built.
    stdoutSpy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown, ...rest: unknown[]) => {
      chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
      (rest.find((r) => typeof r === 'function') as (() => void) | undefined)?.();
      return true;
    });
    resetNestjsPinoRootLogger();
    t = await startTestApp({ env: { UPSTREAM_RETRIES: '0', LOG_LEVEL: 'warn', LOG_SYNC: 'true' }, sandbox: { now: () => SANDBOX_NOW } });
  });
  afterAll(async () => {
    await t?.close();
    stdoutSpy?.mockRestore();
    resetNestjsPinoRootLogger();
  });
  afterEach(() => t.sandbox.control.clear());

  /** The JSON lines written for one request id that say an upstream failed. */
  async function failureLines(requestId: string): Promise<Json[]> {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const lines = chunks
        .join('')
        .split('\n')
        .filter((line) => line.includes(requestId) && line.startsWith('{'))
        .map((line): Json => JSON.parse(line))
        .filter((line) => typeof line.msg === 'string' && line.msg.startsWith('upstream '));
      if (lines.length > 0 || Date.now() > deadline) return lines;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('an HTTP 503: one warn line with the source, endpoint, status and request id', async () => {
    const { apiKey } = await t.createAccount('failure log 503');
    const requestId = `upstream-503-${randomUUID().slice(0, 8)}`;
    t.sandbox.control.add({ provider: 'defillama', route: '/api/hacks', status: 503 });
    const res = await t.http().get('/api/v1/tools/service_defi_hacks').set(bearer(apiKey)).set('x-request-id', requestId);
    expect(res.status).toBe(502);
    const lines = await failureLines(requestId);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 40,
      source: 'defillama-api',
      endpoint: 'defillama:/hacks',
      failure: 'http',
      upstreamStatus: 503,
      path: null,
      requestId,
      tool: 'service_defi_hacks',
    });
    // The caller's error.details and the line's detail are the same words.
    expect(res.body.error.details).toBe(`defillama-api: ${lines[0].detail}`);
  });

  it("a payload off Scout's schema: the JSON path of the caller's error.details", async () => {
    const { apiKey } = await t.createAccount('failure log drift');
    const requestId = `upstream-drift-${randomUUID().slice(0, 8)}`;
    t.sandbox.control.add({ provider: 'defillama', route: '/api/hacks', malformed: 'shape', times: 1 });
    const res = await t.http().get('/api/v1/tools/service_defi_hacks').set(bearer(apiKey)).set('x-request-id', requestId);
    expect(res.status).toBe(502);
    const lines = await failureLines(requestId);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, source: 'defillama-api', endpoint: 'defillama:/hacks', failure: 'malformed', upstreamStatus: null, requestId });
    expect(typeof lines[0].path).toBe('string');
    expect(res.body.error.details).toContain(`malformed payload: at ${lines[0].path}:`);
  });

  it('keyed providers failing (the key in the path, the key in a header): no key anywhere in the logs', async () => {
    const { apiKey } = await t.createAccount('failure log keys');
    t.sandbox.control.add({ provider: 'alchemy', status: 500 });
    t.sandbox.control.add({ provider: 'jupiter', status: 500 });
    const calls = [
      // The token data API carries its key in the URL path.
      { source: 'token-data-prices', path: `/api/v1/tools/service_token_prices_multichain?tokens=base:${FIXTURES.baseUsdc}` },
      // Jupiter carries its key in x-api-key.
      { source: 'jupiter', path: `/api/v1/tools/service_token_prices?tokens=${FIXTURES.solMint}` },
    ];
    for (const { source, path } of calls) {
      const requestId = `upstream-keys-${source}-${randomUUID().slice(0, 8)}`;
      const res = await t.http().get(path).set(bearer(apiKey)).set('x-request-id', requestId);
      expect({ source, status: res.status }).toEqual({ source, status: 502 });
      const lines = await failureLines(requestId);
      expect(lines).toEqual([expect.objectContaining({ level: 40, source, upstreamStatus: 500, requestId })]);
    }
    const all = chunks.join('');
    for (const secret of Object.values(SANDBOX_KEYS)) expect(all).not.toContain(secret);
  });
});
