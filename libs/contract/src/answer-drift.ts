import { Logger } from '@nestjs/common';
import { isToolName } from '@scout/core';
import { AnswerValidator, type AnswerDrift } from './answer-validator';

/** One answer field off its tool's schema, as logged and as the test tiers collect it. */
export interface ToolAnswerDrift extends AnswerDrift {
  tool: string;
}

const MAX_TRACKED = 1_000;

/**
 * Checks every tool answer against its schema. The answer is sent as it is (the caller paid for
 * it); a field off the schema is logged once per tool and path (array positions folded), so a
 * handler that drifted from its declared type shows in the log without flooding it. The test
 * tiers also record every drift (`recordAnswerDrift`) and fail a suite that met one.
 */
export class AnswerConformance {
  private readonly validator = new AnswerValidator();
  private readonly logged = new Set<string>();

  constructor(private readonly logger: Pick<Logger, 'warn'> = new Logger('AnswerSchema')) {}

  check(tool: string, data: unknown): ToolAnswerDrift[] {
    // Only the contract's tools have schemas (a spec holds every one to it); tests register fixture tools beside them.
    if (!isToolName(tool)) return [];
    const drift = this.validator.check(tool, data).map((d) => ({ tool, ...d }));
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
