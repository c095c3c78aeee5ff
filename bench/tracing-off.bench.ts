/**
 * What tracing costs a tool call when it is off (issue 36), in one process, no server. The tool
 * call path (ToolCallService.call) goes through traceToolCall (apps/api/src/tools/tool-call.tracing.ts);
 * this times, per call, in interleaved rounds over the same ready answer:
 *  - direct:        the call's own work alone (`await run()`), as in a build without the tracing
 *                   module: the floor;
 *  - off:           traceToolCall with tracing off and no request around it: the span helper's
 *                   off path (a boolean test, then the call);
 *  - facts scope:   the call inside a new RequestFacts scope (AsyncLocalStorage.run), which the
 *                   HTTP pipeline opens once per request for its log line;
 *  - off + facts:   traceToolCall inside that scope, as every HTTP request runs it: the off path
 *                   plus recording what the request log line reports (one small object per call);
 *  - on:            tracing started (BatchSpanProcessor, an exporter that drops the spans): a
 *                   `scout.tool_call` span per call, for comparison.
 * Printed: nanoseconds per call (median over rounds, wall clock and this process's CPU time), and
 * each one's overhead over `direct`. Tracing off, the logger has no mixin and no BullMQ telemetry
 * is built (nothing to time); an HTTP request opens one AsyncLocalStorage scope for its facts.
 *
 * Goal (exit 1 when missed): the off path's overhead ≤ BENCH_OFF_OVERHEAD_NS (default 500 ns of
 * CPU) per call. A metered call costs the API about 250-300 µs of CPU (bench:http), so that bound
 * is under 0.2 % of a call: nothing measurable at the request level.
 *
 *   npm run bench:tracing
 *
 * Env: BENCH_ROUNDS (default 15), BENCH_CALLS (calls per round and variant, 100000).
 */
import { performance } from 'node:perf_hooks';
import type { ExportResult } from '@opentelemetry/core';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';
import { RequestFacts, startTracing, tracingActive } from '@scout/telemetry';
import { traceToolCall } from '../apps/api/src/tools/tool-call.tracing';
import type { ToolCallOutcome, ToolCallRequest } from '../apps/api/src/tools/tool-call.types';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const CALLS = Number(process.env.BENCH_CALLS ?? 100_000);
const OFF_OVERHEAD_NS = Number(process.env.BENCH_OFF_OVERHEAD_NS ?? 500);

const request = {
  tool: { name: 'service_chain_health', cost: 250 },
  caller: { accountId: '9c23c812-d149-41df-ac5a-8f7bfd5097aa', keyId: 'k', scopes: ['tools'], credential: 'api_key' },
  requestId: 'bench-request',
  channel: 'rest',
} as unknown as ToolCallRequest;
const outcome = {
  envelope: { credits: { creditsSpent: 250, calls: 2, cachedCalls: 0, endpoints: [], remaining: 1000 } },
  statusCode: 200,
  remaining: 1000,
  replayed: false,
} as unknown as ToolCallOutcome;
const answered = Promise.resolve(outcome);
const run = () => answered;

type Variant = 'direct' | 'off' | 'facts scope' | 'off + facts' | 'on';

const VARIANTS: Record<Variant, () => Promise<unknown>> = {
  direct: async () => {
    for (let i = 0; i < CALLS; i++) await run();
  },
  off: async () => {
    for (let i = 0; i < CALLS; i++) await traceToolCall(request, run);
  },
  'facts scope': async () => {
    for (let i = 0; i < CALLS; i++) await RequestFacts.run(new RequestFacts(), run);
  },
  'off + facts': async () => {
    for (let i = 0; i < CALLS; i++) {
      const facts = new RequestFacts();
      await RequestFacts.run(facts, () => traceToolCall(request, run));
    }
  },
  on: async () => {
    for (let i = 0; i < CALLS; i++) await traceToolCall(request, run);
  },
};

/** Nanoseconds per call of one round of `variant`, wall clock and CPU. */
async function round(variant: Variant): Promise<{ wall: number; cpu: number }> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  await VARIANTS[variant]();
  const used = process.cpuUsage(cpu);
  return { wall: ((performance.now() - started) * 1e6) / CALLS, cpu: ((used.user + used.system) * 1e3) / CALLS };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** An exporter that drops what it is given: the spans' cost in this process, not the network's. */
class DroppingExporter implements SpanExporter {
  export(_spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    done({ code: 0 });
  }
  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

async function measure(variants: Variant[]): Promise<Map<Variant, { wall: number[]; cpu: number[] }>> {
  const samples = new Map(variants.map((v) => [v, { wall: [] as number[], cpu: [] as number[] }]));
  // One untimed round each: V8 optimises the loops before they are timed.
  for (const variant of variants) await round(variant);
  for (let r = 0; r < ROUNDS; r++) {
    for (const variant of variants) {
      const { wall, cpu } = await round(variant);
      samples.get(variant)!.wall.push(wall);
      samples.get(variant)!.cpu.push(cpu);
    }
  }
  return samples;
}

async function main(): Promise<void> {
  process.stdout.write(`bench:tracing: ${ROUNDS} rounds of ${CALLS.toLocaleString('en')} calls per variant, interleaved\n`);
  if (tracingActive()) throw new Error('tracing must start off');
  const off = await measure(['direct', 'off', 'facts scope', 'off + facts']);
  const tracing = startTracing({ serviceName: 'bench', exporter: new DroppingExporter() });
  const on = await measure(['direct', 'on']);
  await tracing.shutdown();

  const direct = { wall: median(off.get('direct')!.wall), cpu: median(off.get('direct')!.cpu) };
  const rows = [
    ...[...off].map(([variant, s]) => ({ variant, wall: median(s.wall), cpu: median(s.cpu), base: direct })),
    ...[...on]
      .filter(([variant]) => variant === 'on')
      .map(([variant, s]) => ({
        variant,
        wall: median(s.wall),
        cpu: median(s.cpu),
        base: { wall: median(on.get('direct')!.wall), cpu: median(on.get('direct')!.cpu) },
      })),
  ];
  const ns = (n: number) => `${n.toFixed(0).padStart(6)} ns`;
  process.stdout.write('\nvariant        per call (wall)   (cpu)       over direct (wall)   (cpu)\n');
  for (const row of rows) {
    process.stdout.write(
      `${row.variant.padEnd(14)} ${ns(row.wall)}        ${ns(row.cpu)}   ${row.variant === 'direct' ? '        -' : ns(row.wall - row.base.wall)}            ${row.variant === 'direct' ? '        -' : ns(row.cpu - row.base.cpu)}\n`,
    );
  }
  const offOverhead = rows.find((row) => row.variant === 'off')!.cpu - direct.cpu;
  const met = offOverhead <= OFF_OVERHEAD_NS;
  process.stdout.write(
    `\ngoal: tracing off adds ≤ ${OFF_OVERHEAD_NS} ns of CPU per tool call: ${offOverhead.toFixed(0)} ns (${met ? 'met' : 'MISSED'}; ` +
      `a metered call is ~250-300 µs of CPU, so that is ${((Math.max(0, offOverhead) / 275_000) * 100).toFixed(3)} % of one)\n`,
  );
  process.exit(met ? 0 : 1);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:tracing failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
