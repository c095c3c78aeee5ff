/**
 * Answer validation cost (libs/contract): what checking every tool answer against its schema
 * (AnswerConformance, in ToolCallService.envelope) costs, in one process, no server:
 *  1. Compiling: the API's background warm-up (warmUpAnswerValidators, one tool per macrotask, as
 *     main.ts starts it after listen) over every catalog tool, in this fresh process, as cold as a
 *     new API process: the sum of the compiles, the median and the slowest single tool (the longest
 *     the warm-up holds the event loop; also what that tool's first call pays when no warm-up ran),
 *     the event loop's longest delay meanwhile, and the wall time. Then once more in a new
 *     validator of the same process (ajv's own code warm), for comparison.
 *  2. Validating: each tool's example answer (`answerExample`: tool-answer-examples.json, lists
 *     shortened to 2 items) checked in batches of BENCH_BATCH (a sample is the batch's time over its
 *     size): the first batch after the compile ("first": V8 has not optimised the validator yet, as
 *     for a tool called now and then), then, after BENCH_WARM_ROUNDS untimed batches of each tool,
 *     BENCH_ROUNDS batches round-robin over the tools ("steady"). Beside each, `JSON.stringify` of
 *     the whole envelope: the serialisation every answer already pays. Printed: the median across
 *     tools (of each tool's median), the p99 over every batch of every tool, the worst tool, and
 *     the check's cost over the serialisation's.
 *
 * Times are wall clock, and for the goals also this process's CPU time (process.cpuUsage), which
 * other processes on the two shared cores do not inflate: at a load average of 8 the wall-clock
 * p99 grew several-fold and the slowest compile by half while the CPU figures held.
 *
 * Goals (exit 1 when one is missed, or when an example answer is off its schema):
 *  - one answer of every tool, steady: the check ≤ BENCH_CHECK_SHARE (default 0.5) × its
 *    serialisation, two costs measured side by side (the check's share of what an answer costs
 *    anyway);
 *  - steady check p99 ≤ BENCH_VALIDATE_P99_US (default 50 µs of CPU) per answer: a metered call
 *    costs the API about 250-300 µs of CPU (bench:http, docs/benchmarks.md), so even a slow answer's check
 *    stays a small part of its call;
 *  - the warm-up's slowest single compile ≤ BENCH_COMPILE_MAX_MS (default 150 ms of CPU): the
 *    longest a request arriving during the warm-up waits behind it, once per process (30-80 ms
 *    measured on a quiet 2-core machine; the margin is for a compile that meets a garbage collection).
 *
 *   npm run bench:answers
 *
 * Env: BENCH_ROUNDS (default 40), BENCH_BATCH (100), BENCH_WARM_ROUNDS (20).
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { AnswerValidator, answerExample, warmUpAnswerValidators, type AnswerWarmUpReport } from '@scout/contract';
import { TOOL_NAMES } from '@scout/core';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const BATCH = Number(process.env.BENCH_BATCH ?? 100);
const WARM_ROUNDS = Number(process.env.BENCH_WARM_ROUNDS ?? 20);
const MAX_SHARE = Number(process.env.BENCH_CHECK_SHARE ?? 0.5);
const VALIDATE_P99_US = Number(process.env.BENCH_VALIDATE_P99_US ?? 50);
const COMPILE_MAX_MS = Number(process.env.BENCH_COMPILE_MAX_MS ?? 150);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};
const median = (values: number[]) => percentile(values, 50);
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const worstBy = <T>(items: T[], value: (item: T) => number) => items.reduce((a, b) => (value(b) > value(a) ? b : a));
const ms = (n: number) => `${n.toFixed(1)} ms`;
const us = (n: number) => `${n.toFixed(1)} µs`;

/** Wall-clock and CPU milliseconds of `run`. */
function timed<T>(run: () => T): { value: T; wall: number; cpu: number } {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const value = run();
  const used = process.cpuUsage(cpu);
  return { value, wall: performance.now() - started, cpu: (used.user + used.system) / 1000 };
}

interface CompileRun {
  report: AnswerWarmUpReport;
  perTool: Array<{ tool: string; wall: number; cpu: number }>;
  wallMs: number;
  loopDelayMaxMs: number;
}

/** The warm-up as the API runs it, each compile timed, the event loop's delay watched meanwhile. */
async function warmUp(validator: AnswerValidator): Promise<CompileRun> {
  const perTool: CompileRun['perTool'] = [];
  const timedValidator = {
    isCompiled: (tool: string) => validator.isCompiled(tool),
    compile: (tool: string) => {
      const { value, wall, cpu } = timed(() => validator.compile(tool));
      perTool.push({ tool, wall, cpu });
      return value;
    },
  };
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const started = performance.now();
  const report = await warmUpAnswerValidators(timedValidator, TOOL_NAMES, {
    onError: (tool, error) => process.stderr.write(`${tool}: ${error instanceof Error ? error.message : String(error)}\n`),
  }).done;
  const wallMs = performance.now() - started;
  delay.disable();
  return { report, perTool, wallMs, loopDelayMaxMs: delay.max / 1e6 };
}

/** Per-answer µs (wall and CPU) of batches of one operation on one tool's answer. */
interface Samples {
  wall: number[];
  cpu: number[];
}

interface ToolTimes {
  tool: string;
  bytes: number;
  /** The first batch after the compile: V8 has not optimised the validator yet. */
  first: { check: number; stringify: number };
  check: Samples;
  stringify: Samples;
}

/** Per-answer µs of one batch of `run`. */
function batch(run: () => void): { wall: number; cpu: number } {
  const { wall, cpu } = timed(() => {
    for (let i = 0; i < BATCH; i++) run();
  });
  return { wall: (wall * 1000) / BATCH, cpu: (cpu * 1000) / BATCH };
}

function record(samples: Samples, sample: { wall: number; cpu: number }): void {
  samples.wall.push(sample.wall);
  samples.cpu.push(sample.cpu);
}

function measureAnswers(validator: AnswerValidator): { tools: ToolTimes[]; offSchema: string[] } {
  const offSchema: string[] = [];
  const subjects: Array<{ times: ToolTimes; check: () => void; stringify: () => void }> = [];
  let sink = 0;
  for (const tool of TOOL_NAMES) {
    const envelope = answerExample(tool) as { data?: unknown } | null;
    if (!envelope) {
      offSchema.push(`${tool}: no example answer (npm run examples)`);
      continue;
    }
    subjects.push({
      times: {
        tool,
        bytes: Buffer.byteLength(JSON.stringify(envelope)),
        first: { check: 0, stringify: 0 },
        check: { wall: [], cpu: [] },
        stringify: { wall: [], cpu: [] },
      },
      check: () => (sink += validator.check(tool, envelope.data).length),
      stringify: () => (sink += JSON.stringify(envelope).length),
    });
  }
  // First: each validator's first answers, as a tool called now and then meets it.
  for (const s of subjects) s.times.first = { check: batch(s.check).wall, stringify: batch(s.stringify).wall };
  for (const { times } of subjects) {
    const drift = validator.check(times.tool, (answerExample(times.tool) as { data?: unknown }).data);
    if (drift.length > 0) offSchema.push(`${times.tool}: ${drift.length} drift(s), first ${drift[0].path} ${drift[0].message}`);
  }
  // Untimed until V8 has settled on every validator (about 1,500 answers each on Node 20).
  for (let round = 0; round < WARM_ROUNDS; round++) {
    for (const s of subjects) {
      batch(s.check);
      batch(s.stringify);
    }
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const s of subjects) {
      // Alternate which goes first, so neither always meets the other's garbage.
      if (round % 2 === 0) {
        record(s.times.check, batch(s.check));
        record(s.times.stringify, batch(s.stringify));
      } else {
        record(s.times.stringify, batch(s.stringify));
        record(s.times.check, batch(s.check));
      }
    }
  }
  if (sink < 0) process.stdout.write('\n');
  return { tools: subjects.map((s) => s.times), offSchema };
}

async function main(): Promise<void> {
  const validator = new AnswerValidator();
  const cold = await warmUp(validator);
  const again = await warmUp(new AnswerValidator());

  const compileRow = (label: string, run: CompileRun) => {
    const slowestWall = worstBy(run.perTool, (t) => t.wall);
    const slowestCpu = worstBy(run.perTool, (t) => t.cpu);
    return {
      compile: label,
      tools: run.report.compiled,
      'sum (wall / CPU)': `${ms(sum(run.perTool.map((t) => t.wall)))} / ${ms(sum(run.perTool.map((t) => t.cpu)))}`,
      'median tool': ms(median(run.perTool.map((t) => t.wall))),
      'slowest tool, wall (the longest block)': `${ms(slowestWall.wall)} ${slowestWall.tool}`,
      'slowest tool, CPU': `${ms(slowestCpu.cpu)} ${slowestCpu.tool}`,
      'event loop max delay': ms(run.loopDelayMaxMs),
      'wall time': ms(run.wallMs),
    };
  };
  process.stdout.write(`\nanswer validators: ${TOOL_NAMES.length} catalog tools, ajv 8 strict, allErrors, Node ${process.version}\n`);
  console.table([compileRow('warm-up, fresh process (as after start)', cold), compileRow('again, new validator (ajv code warm)', again)]);

  const { tools, offSchema } = measureAnswers(validator);
  const steady = tools.map((t) => ({ ...t, c: median(t.check.wall), s: median(t.stringify.wall) }));
  const worstFirst = worstBy(tools, (t) => t.first.check);
  const worstFirstStringify = worstBy(tools, (t) => t.first.stringify);
  const worstCheck = worstBy(steady, (t) => t.c);
  const worstStringify = worstBy(steady, (t) => t.s);
  const ratios = steady.map((t) => t.c / t.s);
  const share = sum(steady.map((t) => t.c)) / sum(steady.map((t) => t.s));
  const checkP99Cpu = percentile(
    tools.flatMap((t) => t.check.cpu),
    99,
  );

  process.stdout.write(
    `\nper answer (a batch of ${BATCH} over ${BATCH}, wall clock unless marked), each tool's example answer; first: the first batch after the compile; ` +
      `steady: ${ROUNDS} rounds over ${tools.length} tools after ${WARM_ROUNDS * BATCH} untimed answers of each\n`,
  );
  console.table([
    {
      'per answer': 'check (AnswerValidator.check), first',
      'median across tools': us(median(tools.map((t) => t.first.check))),
      'p99 every batch (CPU)': '',
      'worst tool: median, p99': `${us(worstFirst.first.check)} ${worstFirst.tool}`,
    },
    {
      'per answer': 'JSON.stringify of the envelope, first',
      'median across tools': us(median(tools.map((t) => t.first.stringify))),
      'p99 every batch (CPU)': '',
      'worst tool: median, p99': `${us(worstFirstStringify.first.stringify)} ${worstFirstStringify.tool}`,
    },
    {
      'per answer': 'check, steady',
      'median across tools': us(median(steady.map((t) => t.c))),
      'p99 every batch (CPU)': `${us(
        percentile(
          tools.flatMap((t) => t.check.wall),
          99,
        ),
      )} (${us(checkP99Cpu)})`,
      'worst tool: median, p99': `${us(worstCheck.c)}, ${us(percentile(worstCheck.check.wall, 99))} ${worstCheck.tool}`,
    },
    {
      'per answer': 'JSON.stringify, steady',
      'median across tools': us(median(steady.map((t) => t.s))),
      'p99 every batch (CPU)': `${us(
        percentile(
          tools.flatMap((t) => t.stringify.wall),
          99,
        ),
      )} (${us(
        percentile(
          tools.flatMap((t) => t.stringify.cpu),
          99,
        ),
      )})`,
      'worst tool: median, p99': `${us(worstStringify.s)}, ${us(percentile(worstStringify.stringify.wall, 99))} ${worstStringify.tool}`,
    },
    {
      'per answer': 'check / stringify, steady',
      'median across tools': `${median(ratios).toFixed(2)}×`,
      'p99 every batch (CPU)': '',
      'worst tool: median, p99': `${Math.max(...ratios).toFixed(2)}×; one answer of every tool: ${share.toFixed(2)}×`,
    },
  ]);
  process.stdout.write('the five slowest checks, steady:\n');
  console.table(
    [...steady]
      .sort((a, b) => b.c - a.c)
      .slice(0, 5)
      .map((t) => ({
        tool: t.tool,
        'example bytes': t.bytes,
        'check, first': us(t.first.check),
        check: us(t.c),
        stringify: us(t.s),
        'check / stringify': `${(t.c / t.s).toFixed(2)}×`,
      })),
  );

  const slowestCompileCpu = worstBy(cold.perTool, (t) => t.cpu);
  const missed: string[] = [];
  if (offSchema.length > 0) missed.push(`example answers off their schema (the check timed its error path):\n  ${offSchema.join('\n  ')}`);
  if (cold.report.failed.length > 0 || cold.report.withoutSchema.length > 0)
    missed.push(`validators not compiled: failed ${cold.report.failed.join(', ') || 'none'}, without schema ${cold.report.withoutSchema.join(', ') || 'none'}`);
  if (share > MAX_SHARE) missed.push(`one answer of every tool: the check costs ${share.toFixed(2)}× its serialisation, the goal is at most ${MAX_SHARE}×`);
  if (checkP99Cpu > VALIDATE_P99_US) missed.push(`steady check p99 ${us(checkP99Cpu)} of CPU per answer, the goal is at most ${us(VALIDATE_P99_US)}`);
  if (slowestCompileCpu.cpu > COMPILE_MAX_MS)
    missed.push(
      `the warm-up's slowest compile took ${ms(slowestCompileCpu.cpu)} of CPU (${slowestCompileCpu.tool}), the goal is at most ${ms(COMPILE_MAX_MS)}`,
    );
  process.stdout.write(
    missed.length > 0
      ? `answer validation bench: MISSED\n${missed.join('\n')}\n`
      : `answer validation bench: goals met (check ≤ ${MAX_SHARE}× stringify, steady check p99 ≤ ${us(VALIDATE_P99_US)} of CPU, slowest compile ≤ ${ms(COMPILE_MAX_MS)} of CPU)\n`,
  );
  if (missed.length > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  process.stderr.write(`answer validation bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
