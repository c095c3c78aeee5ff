import { performance } from 'node:perf_hooks';
import type { AnswerValidator } from './answer-validator';

/*
 * Why a background warm-up and not ajv's standalone code generated at build time:
 * - Standalone code is a second generated artefact beside tool-answers.schema.json: about 3.9 MB
 *   of JavaScript for the 80 tools (measured; the schema document is 0.29 MB), which `npm run
 *   schemas` would have to write, a spec would have to hold in step with the schema, and V8 would
 *   still parse and compile at load. `npm run build` is tsc alone, so it would also need a build step.
 * - The warm-up runs the same ajv code the test tiers run, keeps the schema the one source of
 *   truth, and costs 0.6-0.7 s of CPU once per process (`npm run bench:answers`), spent after the
 *   server listens, one tool per macrotask: the longest the event loop waits on it is the slowest
 *   single tool's compile (about 65 ms of CPU), once, where today that tool's first call waits as long.
 */

/** What a warm-up did, once it finished or was stopped. */
export interface AnswerWarmUpReport {
  /** The tools it was given. */
  tools: number;
  /** Validators the warm-up compiled itself. */
  compiled: number;
  /** Tools already compiled when their turn came (an answer came first, which compiled it lazily). */
  alreadyCompiled: number;
  /** Tools without a schema in the document (nothing to compile; their answers report it as drift). */
  withoutSchema: string[];
  /** Tools whose schema ajv refused (logged; their answers still try to compile it). */
  failed: string[];
  /** Whether `stop` ended it before the last tool. */
  stopped: boolean;
  /** Milliseconds spent compiling, summed over the tools (the CPU it took, not the wall time). */
  compileMs: number;
  /** The slowest single compile: the longest the warm-up held the event loop. */
  slowest: { tool: string; ms: number } | null;
}

export interface AnswerWarmUp {
  /** Settles (never rejects) when every tool is compiled, or at `stop`. */
  readonly done: Promise<AnswerWarmUpReport>;
  /** Stops before the next tool (a compile under way is synchronous and has already ended). */
  stop(): void;
}

export interface AnswerWarmUpOptions {
  /** A schema ajv refused: the warm-up goes on with the next tool. */
  onError?: (tool: string, error: unknown) => void;
}

/**
 * Compiles the validators of `tools` in the background, one tool per macrotask (setImmediate), so
 * timers, I/O and requests run between any two compiles. It never compiles synchronously inside
 * this call, skips a tool already compiled without spending a turn on it, and never throws: a
 * compile error goes to `onError` and the next tool follows.
 */
export function warmUpAnswerValidators(
  validator: Pick<AnswerValidator, 'compile' | 'isCompiled'>,
  tools: readonly string[],
  options: AnswerWarmUpOptions = {},
): AnswerWarmUp {
  const report: AnswerWarmUpReport = {
    tools: tools.length,
    compiled: 0,
    alreadyCompiled: 0,
    withoutSchema: [],
    failed: [],
    stopped: false,
    compileMs: 0,
    slowest: null,
  };
  let next = 0;
  let pending: NodeJS.Immediate | null = null;
  let finished = false;
  let resolve!: (report: AnswerWarmUpReport) => void;
  const done = new Promise<AnswerWarmUpReport>((r) => (resolve = r));

  const finish = () => {
    if (finished) return;
    finished = true;
    if (pending) clearImmediate(pending);
    pending = null;
    resolve(report);
  };

  const step = () => {
    pending = null;
    if (finished) return;
    while (next < tools.length && validator.isCompiled(tools[next])) {
      report.alreadyCompiled += 1;
      next += 1;
    }
    if (next >= tools.length) return finish();
    const tool = tools[next];
    next += 1;
    const started = performance.now();
    try {
      if (validator.compile(tool)) report.compiled += 1;
      else report.withoutSchema.push(tool);
    } catch (error) {
      report.failed.push(tool);
      try {
        options.onError?.(tool, error);
      } catch {
        // A failing logger must not end the warm-up, nor reach the app as an uncaught exception.
      }
    }
    const ms = performance.now() - started;
    report.compileMs += ms;
    if (!report.slowest || ms > report.slowest.ms) report.slowest = { tool, ms };
    pending = setImmediate(step);
  };

  pending = setImmediate(step);
  return {
    done,
    stop: () => {
      if (finished) return;
      report.stopped = true;
      finish();
    },
  };
}
