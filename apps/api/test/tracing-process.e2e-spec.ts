import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { startSandbox, type RunningSandbox } from '@scout/sandbox';
import { freePort, sandboxProviderEnv, startScoutProcess, stopProcess, waitForHttp, type ScoutProcess } from '../../../test/processes/child-processes';
import { randomKey, testDatabaseUrl } from './support/test-app';

/**
 * Tracing as it runs in production: the real API process (apps/api/src/main.ts) with
 * OTEL_EXPORTER_OTLP_ENDPOINT set, so its tracing preload starts the SDK before anything is loaded
 * and the OTLP exporter sends the spans over HTTP (JSON) to a collector stand-in here. A tool call
 * with a `traceparent` gives: the HTTP server span continuing it, the `scout.tool_call` span under
 * it, and as the call's children the upstream fetches (undici) and the ledger statements (pg,
 * which in-process jest tests cannot show: tracing.e2e-spec.ts); the request log line carries the
 * trace id. And nothing secret in any span.
 */
jest.setTimeout(90_000);

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Array<{ key: string; value: Record<string, unknown> }>;
  scope: string;
  service: string;
}

const SPAN_KIND_SERVER = 2;
const attr = (span: OtlpSpan, key: string) => {
  const found = span.attributes.find((a) => a.key === key);
  return found ? Object.values(found.value)[0] : undefined;
};

describe('traces from the API process, exported over OTLP', () => {
  let sandbox: RunningSandbox;
  let api: ScoutProcess;
  let collector: Server;
  let base: string;
  const bodies: string[] = [];
  const adminKey = randomKey();

  beforeAll(async () => {
    collector = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        if (req.url === '/v1/traces') bodies.push(body);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const collectorPort = (collector.address() as { port: number }).port;
    sandbox = await startSandbox({});
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    api = startScoutProcess('api', 'api', {
      ...sandboxProviderEnv(sandbox.url),
      DATABASE_URL: testDatabaseUrl(),
      DB_MIGRATE_ON_START: 'false',
      WORKER_IN_PROCESS: 'false',
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_BOOTSTRAP_KEY: adminKey,
      RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '1000000',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collectorPort}`,
      // Spans leave every 100 ms instead of every 5 s.
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    await waitForHttp(`${base}/readyz`, api, 60_000);
  });

  afterAll(async () => {
    if (api) await stopProcess(api, 'SIGTERM');
    await sandbox?.close();
    await new Promise((resolve) => collector?.close(resolve));
  });

  function received(): OtlpSpan[] {
    const spans: OtlpSpan[] = [];
    for (const body of bodies) {
      const message = JSON.parse(body) as {
        resourceSpans: Array<{
          resource: { attributes: OtlpSpan['attributes'] };
          scopeSpans: Array<{ scope: { name: string }; spans: Array<Omit<OtlpSpan, 'scope' | 'service'>> }>;
        }>;
      };
      for (const resourceSpans of message.resourceSpans) {
        const service = String(Object.values(resourceSpans.resource.attributes.find((a) => a.key === 'service.name')?.value ?? {})[0]);
        for (const scopeSpans of resourceSpans.scopeSpans) for (const span of scopeSpans.spans) spans.push({ ...span, scope: scopeSpans.scope.name, service });
      }
    }
    return spans;
  }

  it('a tool call: server span continuing the traceparent, scout.tool_call under it, undici and pg children; the trace id in its log line', async () => {
    const created = await fetch(`${base}/api/v1/admin/accounts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${adminKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'traced process account' }),
    });
    expect(created.status).toBe(201);
    const { apiKey } = (await created.json()) as { apiKey: string };
    const traceId = randomBytes(16).toString('hex');
    const callerSpanId = randomBytes(8).toString('hex');
    const res = await fetch(`${base}/api/v1/tools/service_chain_health`, {
      headers: { Authorization: `Bearer ${apiKey}`, traceparent: `00-${traceId}-${callerSpanId}-01` },
    });
    expect(res.status).toBe(200);
    const requestId = res.headers.get('x-request-id')!;
    await res.arrayBuffer();

    let spans: OtlpSpan[] = [];
    const deadline = Date.now() + 20_000;
    for (;;) {
      spans = received().filter((span) => span.traceId === traceId);
      if (
        spans.some((s) => s.name === 'scout.tool_call') &&
        spans.some((s) => s.kind === SPAN_KIND_SERVER && attr(s, 'url.path') === '/api/v1/tools/service_chain_health')
      )
        break;
      if (Date.now() > deadline) throw new Error(`trace incomplete: ${spans.map((s) => s.name).join(', ')}\n${api.output().slice(-3000)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const server = spans.find((s) => s.kind === SPAN_KIND_SERVER && attr(s, 'url.path') === '/api/v1/tools/service_chain_health')!;
    expect(server.parentSpanId).toBe(callerSpanId);
    expect(server.service).toBe('scout-api');
    const call = spans.find((s) => s.name === 'scout.tool_call')!;
    expect(call.parentSpanId).toBe(server.spanId);
    expect([attr(call, 'scout.tool'), attr(call, 'scout.channel'), attr(call, 'scout.outcome'), attr(call, 'scout.request_id')]).toEqual([
      'service_chain_health',
      'rest',
      'answered',
      requestId,
    ]);
    expect(Number(attr(call, 'scout.credits'))).toBe(250);

    const children = spans.filter((s) => s.parentSpanId === call.spanId);
    const fetches = children.filter((s) => s.scope === '@opentelemetry/instrumentation-undici');
    const statements = children.filter((s) => s.scope === '@opentelemetry/instrumentation-pg' && s.name.startsWith('pg.query'));
    expect(fetches.length).toBeGreaterThan(0);
    // The hold placed and posted: the ledger's statements, their SQL recorded, never their parameters.
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.map((s) => String(attr(s, 'db.query.text'))).join('\n')).toMatch(/scout_hold|scout_post/);
    expect(statements.every((s) => attr(s, 'db.system.name') === 'postgresql')).toBe(true);

    const everything = JSON.stringify(received());
    expect(everything).not.toContain(apiKey.slice(3));
    expect(everything).not.toContain(adminKey.slice(3));
    expect(everything).not.toContain('sandbox-alchemy-key');

    const line = api
      .output()
      .split('\n')
      .find((l) => l.includes(requestId) && l.includes('request completed'));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ requestId, traceId, tool: 'service_chain_health', credits: 250 });
  });
});
