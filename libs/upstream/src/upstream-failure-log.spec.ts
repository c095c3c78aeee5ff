import { z } from 'zod';
import { RequestContext, type ToolContext } from '@scout/core';
import { HttpUpstreamSource } from './http-upstream-source';
import { json, ProgrammableUpstream, toolContext } from './test/programmable-upstream';
import { UnconfiguredUpstreamSource } from './unconfigured-upstream-source';
import { UpstreamFailureLog } from './upstream-failure-log';
import { UpstreamError, type KeyPlacement } from './upstream.types';

const KEY = 'fx-secret-key-0123456789abcdef';

interface Line {
  fields: Record<string, unknown>;
  message: string;
}

/** A failure log that keeps its lines, and the lines. */
function recording(): { log: UpstreamFailureLog; lines: Line[] } {
  const lines: Line[] = [];
  return { log: new UpstreamFailureLog({ warn: (fields: Record<string, unknown>, message: string) => lines.push({ fields, message }) }), lines };
}

const upstream = new ProgrammableUpstream();
let baseUrl: string;
const opened: HttpUpstreamSource[] = [];

function source(log: UpstreamFailureLog, keyPlacement: KeyPlacement = { kind: 'header', header: 'x-api-key' }, retries = 0): HttpUpstreamSource {
  const s = new HttpUpstreamSource(
    { name: 'fx', baseUrl, keys: [KEY], keyPlacement, timeoutMs: 2_000, retries },
    // No real waits between retries.
    { failureLog: log, sleep: () => Promise.resolve() },
  );
  opened.push(s);
  return s;
}

const call = { endpoint: 'fx:/items', path: '/items' };
const schema = z.object({ items: z.array(z.object({ price: z.number() })) });
const parse = (raw: unknown) => schema.parse(raw);

function within<T>(context: ToolContext, fn: () => Promise<T>): Promise<unknown> {
  return RequestContext.run(context, fn).catch((e: unknown) => e);
}

const withRequestId = (requestId: string): ToolContext => ({ ...toolContext(), requestId });

beforeAll(async () => {
  baseUrl = await upstream.start();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});
afterAll(() => upstream.stop());

describe('every upstream failure is one warning: source, endpoint, status or JSON path, request id, and no key', () => {
  it('an HTTP error: its status, the request id and tool, the same detail as the caller gets', async () => {
    upstream.reset((_req, res) => json(res, 503, { error: 'busy' }));
    const { log, lines } = recording();
    const failure = await within(withRequestId('req-503'), () => source(log).request(call, parse));
    expect(failure).toBeInstanceOf(UpstreamError);
    expect(lines).toHaveLength(1);
    expect(lines[0].fields).toEqual({
      source: 'fx',
      endpoint: 'fx:/items',
      failure: 'http',
      upstreamStatus: 503,
      path: null,
      requestId: 'req-503',
      tool: 'fixture',
      detail: (failure as UpstreamError).detail,
    });
    expect(lines[0].message).toBe('upstream fx failed on fx:/items (http, HTTP 503) for request req-503');
  });

  it("a payload off Scout's schema: the JSON path that failed, as in the caller's error.details", async () => {
    upstream.reset((_req, res) => json(res, 200, { items: [{ price: 1 }, { price: 'two' }] }));
    const { log, lines } = recording();
    const failure = (await within(withRequestId('req-drift'), () => source(log).request(call, parse))) as UpstreamError;
    expect(failure.failure).toBe('malformed');
    expect(failure.payloadPath).toBe('items.1.price');
    expect(failure.detail).toContain('at items.1.price');
    expect(lines).toHaveLength(1);
    expect(lines[0].fields).toMatchObject({
      source: 'fx',
      endpoint: 'fx:/items',
      failure: 'malformed',
      upstreamStatus: null,
      path: 'items.1.price',
      requestId: 'req-drift',
    });
    expect(lines[0].message).toContain("payload off Scout's schema at items.1.price");
  });

  it('a body that is not JSON: the path is the root', async () => {
    upstream.reset((_req, res) => json(res, 200, '<html>busy</html>'));
    const { log, lines } = recording();
    await within(withRequestId('req-html'), () => source(log).request(call, parse));
    expect(lines.map((l) => l.fields.path)).toEqual(['(root)']);
  });

  it('one line per failed request, not per attempt: retries that all fail write one warning', async () => {
    upstream.reset((_req, res) => json(res, 500, {}));
    const { log, lines } = recording();
    await within(withRequestId('req-retried'), () => source(log, { kind: 'header', header: 'x-api-key' }, 2).request(call, parse));
    expect(upstream.hits).toHaveLength(3);
    expect(lines).toHaveLength(1);
    expect(lines[0].fields).toMatchObject({ upstreamStatus: 500, requestId: 'req-retried' });
  });

  it('no key in the line: not from a refusal that echoes it, nor from a key carried in the path', async () => {
    upstream.reset((_req, res) => json(res, 400, { error: `unknown parameter for key ${KEY}` }));
    for (const placement of [{ kind: 'header', header: 'x-api-key' }, { kind: 'path' }] as KeyPlacement[]) {
      const { log, lines } = recording();
      const failure = (await within(withRequestId('req-key'), () => source(log, placement).request(call, parse))) as UpstreamError;
      expect(failure.upstreamStatus).toBe(400);
      expect(lines).toHaveLength(1);
      expect(lines[0].fields).toMatchObject({ upstreamStatus: 400, requestId: 'req-key' });
      expect(JSON.stringify(lines)).not.toContain(KEY);
      expect(JSON.stringify(lines)).toContain('key#1');
    }
  });

  it('a successful request writes nothing', async () => {
    upstream.reset((_req, res) => json(res, 200, { items: [{ price: 1 }] }));
    const { log, lines } = recording();
    await within(withRequestId('req-ok'), () => source(log).request(call, parse));
    expect(lines).toEqual([]);
  });

  it('outside a tool call (a worker job) the request id and tool are null', async () => {
    upstream.reset((_req, res) => json(res, 502, {}));
    const { log, lines } = recording();
    await source(log)
      .request(call, parse)
      .catch(() => undefined);
    expect(lines).toHaveLength(1);
    expect(lines[0].fields).toMatchObject({ requestId: null, tool: null, upstreamStatus: 502 });
    expect(lines[0].message).not.toContain('for request');
  });

  it('an unconfigured source: each refused call is a warning naming the setting', async () => {
    const { log, lines } = recording();
    const unconfigured = new UnconfiguredUpstreamSource('launchpad', 'LAUNCHPAD_API_URL', log);
    await within(withRequestId('req-unconfigured'), () => unconfigured.request({ endpoint: 'launchpad:/api/stats', path: '/api/stats' }, parse));
    expect(lines).toHaveLength(1);
    expect(lines[0].fields).toMatchObject({
      source: 'launchpad',
      endpoint: 'launchpad:/api/stats',
      failure: 'unconfigured',
      upstreamStatus: null,
      path: null,
      requestId: 'req-unconfigured',
      detail: expect.stringContaining('LAUNCHPAD_API_URL'),
    });
  });
});
