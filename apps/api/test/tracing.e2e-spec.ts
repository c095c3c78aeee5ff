import { randomBytes } from 'node:crypto';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { startTracing, type TracingHandle } from '@scout/telemetry';
import { LogCapture } from './support/log-capture';
import { callToolOverMcp } from './support/mcp-call';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Traces (issue 36), in process: tracing started as the entry points start it, its spans kept in
 * memory. A tool call is one `scout.tool_call` span (tool, channel, credits, outcome) under the
 * HTTP server span that continued the caller's `traceparent`; its upstream fetches (undici) are
 * its children; its request log line carries the trace id. The ledger's pg statements become
 * children too, but the pg instrumentation patches modules as Node's require loads them, which
 * jest's module system bypasses: tracing-process.e2e-spec.ts shows them in a real process.
 */
const exporter = new InMemorySpanExporter();
const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const scopeOf = (span: ReadableSpan) => span.instrumentationScope.name;
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe('traces of a tool call', () => {
  const logs = new LogCapture();
  let tracing: TracingHandle;
  let t: TestApp;
  let apiKey: string;

  beforeAll(async () => {
    tracing = startTracing({ serviceName: 'scout-api-test', exporter, processor: 'simple', patchCoreModulesNow: true });
    logs.start();
    t = await startTestApp({ env: { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '1000000', LOG_LEVEL: 'info', LOG_FORMAT: 'json' } });
    ({ apiKey } = await t.createAccount('traced account'));
  });
  afterAll(async () => {
    await t?.close();
    logs.stop();
    await tracing?.shutdown();
  });

  /** The spans of a trace, once its HTTP server span and its tool call span have ended. */
  async function traceOf(traceId: string): Promise<ReadableSpan[]> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const spans = exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === traceId);
      const ended =
        spans.some((span) => span.name === 'scout.tool_call') && spans.some((span) => span.kind === SpanKind.SERVER && scopeOf(span).includes('http'));
      if (ended) return spans;
      if (Date.now() > deadline) throw new Error(`trace ${traceId} incomplete: ${spans.map((span) => span.name).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('REST: the scout.tool_call span continues the incoming traceparent, its upstream fetches are its children', async () => {
    const traceId = hex(16);
    const callerSpanId = hex(8);
    const res = await t
      .http()
      .get('/api/v1/tools/service_chain_health')
      .set('Authorization', `Bearer ${apiKey}`)
      .set('traceparent', `00-${traceId}-${callerSpanId}-01`);
    expect(res.status).toBe(200);

    const spans = await traceOf(traceId);
    const server = spans.find((span) => span.kind === SpanKind.SERVER && span.attributes['url.path'] === '/api/v1/tools/service_chain_health')!;
    expect(parentOf(server)).toBe(callerSpanId);
    const call = spans.find((span) => span.name === 'scout.tool_call')!;
    expect(parentOf(call)).toBe(server.spanContext().spanId);
    expect(call.attributes).toMatchObject({
      'scout.tool': 'service_chain_health',
      'scout.channel': 'rest',
      'scout.credits': 250,
      'scout.outcome': 'answered',
      'scout.cache_hit': false,
      'scout.request_id': res.headers['x-request-id'],
    });

    const upstream = spans.filter((span) => scopeOf(span) === '@opentelemetry/instrumentation-undici');
    expect(upstream.length).toBe(call.attributes['scout.upstream_calls']);
    expect(upstream.length).toBeGreaterThan(0);
    for (const fetchSpan of upstream) {
      expect(parentOf(fetchSpan)).toBe(call.spanContext().spanId);
      expect(fetchSpan.kind).toBe(SpanKind.CLIENT);
      expect(String(fetchSpan.attributes['url.full'])).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/defillama\//);
    }

    // The request's log line names the trace.
    const line = await logs.requestLine(String(res.headers['x-request-id']));
    expect(line.traceId).toBe(traceId);
  });

  it('MCP: the same span under POST /mcp, on channel mcp; a refused call is marked with its code', async () => {
    const traceId = hex(16);
    const callerSpanId = hex(8);
    const res = await fetch(`${t.url}/mcp`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${apiKey}`,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        traceparent: `00-${traceId}-${callerSpanId}-01`,
      },
      body: '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"service_token_yields","arguments":{"symbol":"USDC","limit":2}}}',
    });
    expect(res.status).toBe(200);
    await res.text();
    const spans = await traceOf(traceId);
    const server = spans.find((span) => span.kind === SpanKind.SERVER && span.attributes['url.path'] === '/mcp')!;
    expect(parentOf(server)).toBe(callerSpanId);
    const call = spans.find((span) => span.name === 'scout.tool_call')!;
    expect(call.attributes).toMatchObject({ 'scout.tool': 'service_token_yields', 'scout.channel': 'mcp', 'scout.credits': 250, 'scout.outcome': 'answered' });
    expect(spans.filter((span) => parentOf(span) === call.spanContext().spanId && scopeOf(span).includes('undici')).length).toBeGreaterThan(0);

    const refused = await callToolOverMcp(t.url, {
      credential: apiKey,
      tool: 'service_token_yields',
      argumentsText: '{"limit":0}',
      requestId: `trace-refused-${hex(4)}`,
    });
    expect(refused.status).toBe(200);
    const failed = await waitForSpan((span) => span.name === 'scout.tool_call' && span.attributes['scout.error_code'] === 'invalid_request');
    expect(failed.attributes).toMatchObject({ 'scout.outcome': 'failed', 'scout.credits': 0, 'scout.channel': 'mcp' });
  });

  it('no key in any span', async () => {
    await t
      .http()
      .get(`/api/v1/tools/service_chain_health?access_token=${apiKey}`)
      .set('traceparent', `00-${hex(16)}-${hex(8)}-01`);
    const text = JSON.stringify(exporter.getFinishedSpans().map((span) => ({ name: span.name, attributes: span.attributes, events: span.events })));
    expect(text).not.toContain(apiKey.slice(3));
    expect(text).not.toContain(t.adminKey.slice(3));
    expect(text).toContain('[not recorded]');
  });

  async function waitForSpan(match: (span: ReadableSpan) => boolean): Promise<ReadableSpan> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const found = exporter.getFinishedSpans().find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error('span not found');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
});
