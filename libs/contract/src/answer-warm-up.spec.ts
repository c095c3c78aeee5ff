import { Test } from '@nestjs/testing';
import { TOOL_NAMES } from '@scout/core';
import { AnswerConformance } from './answer-drift';
import { AnswerValidator } from './answer-validator';
import { warmUpAnswerValidators } from './answer-warm-up';

/** A validator that only records what it is asked to compile, in order, into `events`. */
function recordingValidator(events: string[], refuses: string[] = []) {
  const compiled = new Set<string>();
  return {
    compiled,
    compile(tool: string): boolean {
      events.push(`compile ${tool}`);
      if (refuses.includes(tool)) throw new Error(`${tool}: strict mode: unknown keyword`);
      compiled.add(tool);
      return true;
    },
    isCompiled: (tool: string) => compiled.has(tool),
  };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('warmUpAnswerValidators', () => {
  it('compiles nothing inside the call, then one tool per macrotask: other work runs between any two compiles', async () => {
    const events: string[] = [];
    const warm = warmUpAnswerValidators(recordingValidator(events), ['a', 'b', 'c', 'd']);
    expect(events).toEqual([]);
    let ticking = true;
    const tick = () => {
      events.push('tick');
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const report = await warm.done;
    ticking = false;
    const compiles = events.filter((e) => e.startsWith('compile'));
    expect(compiles).toEqual(['compile a', 'compile b', 'compile c', 'compile d']);
    events.forEach((event, i) => {
      if (i > 0 && event.startsWith('compile')) expect(events[i - 1]).toBe('tick');
    });
    expect(report).toMatchObject({ tools: 4, compiled: 4, alreadyCompiled: 0, failed: [], withoutSchema: [], stopped: false });
    expect(report.slowest?.tool).toMatch(/^[abcd]$/);
  });

  it('skips a tool an answer already compiled, and logs a schema ajv refuses without stopping', async () => {
    const events: string[] = [];
    const validator = recordingValidator(events, ['b']);
    validator.compiled.add('c');
    const onError = jest.fn(() => {
      throw new Error('the logger itself failed');
    });
    const report = await warmUpAnswerValidators(validator, ['a', 'b', 'c', 'd'], { onError }).done;
    expect(events).toEqual(['compile a', 'compile b', 'compile d']);
    expect(onError).toHaveBeenCalledWith('b', expect.objectContaining({ message: 'b: strict mode: unknown keyword' }));
    expect(report).toMatchObject({ compiled: 2, alreadyCompiled: 1, failed: ['b'], stopped: false });
  });

  it('stops before the next tool when asked, and compiles nothing after', async () => {
    const events: string[] = [];
    const warm = warmUpAnswerValidators(recordingValidator(events), ['a', 'b', 'c', 'd']);
    await nextTurn();
    warm.stop();
    const report = await warm.done;
    for (let i = 0; i < 5; i++) await nextTurn();
    expect(events).toEqual(['compile a']);
    expect(report).toMatchObject({ compiled: 1, stopped: true });
  });

  it('counts a catalog tool without a schema apart', async () => {
    const report = await warmUpAnswerValidators(new AnswerValidator(), ['service_unknown']).done;
    expect(report).toMatchObject({ compiled: 0, withoutSchema: ['service_unknown'], failed: [] });
  });
});

describe('AnswerConformance.warmUp', () => {
  it("compiles every catalog tool's validator but one an answer compiled first, once however often asked, and says so in the log", async () => {
    const log = jest.fn();
    const conformance = new AnswerConformance({ warn: jest.fn(), log });
    const warm = conformance.warmUp();
    expect(conformance.warmUp()).toBe(warm);
    // A call before its tool's turn compiles lazily, as without a warm-up.
    const [first] = TOOL_NAMES;
    conformance.check(first, {});
    expect(conformance.isCompiled(first)).toBe(true);
    const report = await warm.done;
    expect(TOOL_NAMES.filter((tool) => !conformance.isCompiled(tool))).toEqual([]);
    expect(report).toMatchObject({
      tools: TOOL_NAMES.length,
      compiled: TOOL_NAMES.length - 1,
      alreadyCompiled: 1,
      failed: [],
      withoutSchema: [],
      stopped: false,
    });
    await nextTurn();
    expect(log).toHaveBeenCalledWith(expect.stringMatching(new RegExp(`^answer validators ready: ${TOOL_NAMES.length - 1} compiled in \\d+ ms`)));
  });

  it('stops when Nest closes the application (onModuleDestroy), leaving the rest to compile lazily', async () => {
    const moduleRef = await Test.createTestingModule({
      providers: [{ provide: AnswerConformance, useFactory: () => new AnswerConformance({ warn: jest.fn() }) }],
    }).compile();
    const conformance = moduleRef.get(AnswerConformance);
    const warm = conformance.warmUp();
    await nextTurn();
    await moduleRef.close();
    const report = await warm.done;
    expect(report.stopped).toBe(true);
    expect(report.compiled).toBeLessThan(TOOL_NAMES.length);
    expect(TOOL_NAMES.filter((tool) => conformance.isCompiled(tool))).toHaveLength(report.compiled);
  });
});
