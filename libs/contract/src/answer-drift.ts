import { Logger, type OnModuleDestroy } from '@nestjs/common';
import { isToolName, TOOL_NAMES } from '@scout/core';
import { ANSWER_SCHEMAS } from './answer-schemas';
import { AnswerValidator, type AnswerDrift } from './answer-validator';
import { warmUpAnswerValidators, type AnswerWarmUp } from './answer-warm-up';

/** One answer field off its tool's (or route's) schema, as logged and as the test tiers collect it. */
export interface ToolAnswerDrift extends AnswerDrift {
  /** The tool, or the route as `METHOD /path`. */
  tool: string;
}

const MAX_TRACKED = 1_000;

/** Answers of each tool checked every one after the start, before sampling (`every`) begins. */
export const CHECKED_FIRST = 100;

/**
 * Checks every tool answer against its schema. The answer is sent as it is (the caller paid for
 * it); a field off the schema is logged once per tool and path (array positions folded), so a
 * handler that drifted from its declared type shows in the log without flooding it. The test
 * tiers also record every drift (`recordAnswerDrift`) and fail a suite that met one.
 *
 * A tool's validator compiles on its first answer (tens of milliseconds for the largest schemas)
 * unless `warmUp` compiled it first: the API process starts that once it listens (main.ts).
 *
 * With `every` above 1 (ANSWER_CHECK_EVERY), a tool's first CHECKED_FIRST answers are all checked,
 * then one in `every`, counted per tool: a handler's drift shows in its first answers or soon after,
 * and a large answer's check is not paid on each call. While the test tiers record drift, every
 * answer is checked.
 */
export class AnswerConformance implements OnModuleDestroy {
  private readonly validator = new AnswerValidator();
  private readonly logged = new Set<string>();
  /** Answers seen per tool or route (the sampling's count). */
  private readonly seen = new Map<string, number>();
  private warming: AnswerWarmUp | null = null;

  constructor(
    private readonly logger: Pick<Logger, 'warn'> & Partial<Pick<Logger, 'log'>> = new Logger('AnswerSchema'),
    private readonly every = 1,
  ) {
    if (!Number.isInteger(every) || every < 1) throw new Error(`every must be a positive integer, got ${every}`);
  }

  /**
   * Compiles every catalog tool's validator in the background, one tool per macrotask, so no
   * answer pays for it (answer-warm-up.ts). Started once (a second call returns the same warm-up);
   * stopped with the application (`onModuleDestroy`). A schema ajv refuses is logged and left to
   * compile lazily as before; the warm-up itself never throws. Only main.ts starts it: the int and
   * e2e tiers build many apps through createApiApp and keep compiling lazily, so none of them
   * spends the warm-up's CPU (0.6-0.7 s per app) on tools its tests never call.
   */
  warmUp(): AnswerWarmUp {
    if (this.warming) return this.warming;
    const warming = warmUpAnswerValidators(this.validator, TOOL_NAMES, {
      onError: (tool, error) =>
        this.logger.warn({ tool, error: error instanceof Error ? error.message : String(error) }, `${tool}'s answer schema did not compile in the warm-up`),
    });
    this.warming = warming;
    void warming.done
      .then((report) => {
        if (report.stopped) return;
        const slowest = report.slowest ? `, the slowest ${report.slowest.ms.toFixed(1)} ms (${report.slowest.tool})` : '';
        this.logger.log?.(`answer validators ready: ${report.compiled} compiled in ${report.compileMs.toFixed(0)} ms${slowest}`);
      })
      .catch(() => undefined);
    return warming;
  }

  /** Whether the tool's validator is compiled (by the warm-up or by an answer). */
  isCompiled(tool: string): boolean {
    return this.validator.isCompiled(tool);
  }

  onModuleDestroy(): void {
    this.warming?.stop();
  }

  check(tool: string, data: unknown): ToolAnswerDrift[] {
    // Only the contract's tools have schemas (a spec holds every one to it); tests register fixture tools beside them.
    if (!isToolName(tool) || !this.sampled(tool)) return [];
    return this.report(tool, this.validator.check(tool, data));
  }

  /**
   * Checks the body of an account, self-service or admin route (`GET /api/v1/me/keys`) against the
   * schema generated from its handler's return type; a route without one (a CSV export) passes.
   */
  checkRoute(route: string, body: unknown): ToolAnswerDrift[] {
    if (!(route in ANSWER_SCHEMAS.routes) || !this.sampled(route)) return [];
    return this.report(route, this.validator.check(route, body));
  }

  /** Whether this answer of `name` is checked: every one at first (and while recording), then one in `every`. */
  private sampled(name: string): boolean {
    if (this.every === 1 || recording) return true;
    const count = (this.seen.get(name) ?? 0) + 1;
    // Wraps at the next multiple of `every` past the first ones, so the count stays small forever.
    this.seen.set(name, count >= CHECKED_FIRST + this.every ? CHECKED_FIRST : count);
    return count <= CHECKED_FIRST || count === CHECKED_FIRST + this.every;
  }

  private report(tool: string, found: AnswerDrift[]): ToolAnswerDrift[] {
    const drift = found.map((d) => ({ tool, ...d }));
    for (const d of drift) {
      if (recording) recorded.push(d);
      const key = `${tool} ${d.path.replace(/\[\d+\]/g, '[*]')}`;
      if (this.logged.has(key)) continue;
      if (this.logged.size >= MAX_TRACKED) this.logged.clear();
      this.logged.add(key);
      this.logger.warn(d, `${tool} answered off its schema at ${d.path}: ${d.message}`);
    }
    return drift;
  }
}

let recording = false;
const recorded: ToolAnswerDrift[] = [];

/** From now on, every drift is kept for `takeAnswerDrift` (the test tiers; never in production, where it would only grow). */
export function recordAnswerDrift(): void {
  recording = true;
}

/** Every drift recorded since the last take, and forgets them. */
export function takeAnswerDrift(): ToolAnswerDrift[] {
  return recorded.splice(0);
}
