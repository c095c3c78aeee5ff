import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ANSWER_EXAMPLES_FILE, AnswerValidator, shortenedExample } from '@scout/contract';
import { TOOL_NAMES } from '@scout/core';
import type { KnownInputs } from './support/known-inputs';
import { startKnownInputsApp } from './support/known-inputs-app';
import { entriesText } from './support/schema-arbitraries';
import type { TestApp } from './support/test-app';

/**
 * The example answers the OpenAPI document shows (libs/contract/src/tool-answer-examples.json) are
 * real sandbox answers: each tool called with its first known input on the pinned-clock app, its
 * lists cut to two items. `npm run examples` writes them (WRITE_EXAMPLES=1); otherwise this checks
 * that every tool has one and that each still validates against the tool's current schema, so a
 * renamed or retyped field makes the examples stale and fails here.
 */
const WRITE = process.env.WRITE_EXAMPLES === '1';
const file = resolve(__dirname, '../../..', ANSWER_EXAMPLES_FILE);

describe('example answers: real sandbox answers, current with the schemas', () => {
  let t: TestApp;
  let key: string;
  let known: KnownInputs;

  // The app is booted only to write: the check reads the file.
  beforeAll(async () => {
    if (WRITE) ({ t, key, known } = await startKnownInputsApp('answer examples'));
  }, 120_000);
  afterAll(() => t?.close());

  (WRITE ? it : it.skip)(
    'writes every tool example from its answer to its first known input',
    async () => {
      const examples: Record<string, unknown> = {};
      for (const name of TOOL_NAMES) {
        const res = await t
          .http()
          .post(`/api/v1/tools/${name}`)
          .set({ Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' })
          .send(entriesText(known[name]?.[0] ?? []));
        expect({ name, status: res.status }).toEqual({ name, status: 200 });
        examples[name] = shortenedExample(res.body);
      }
      writeFileSync(file, `${JSON.stringify(examples, null, 2)}\n`);
    },
    300_000,
  );

  it('has an example for every tool, each an answer its schema accepts', () => {
    const examples = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { data: unknown; meta: { tool: string } }>;
    expect(Object.keys(examples).sort()).toEqual([...TOOL_NAMES].sort());
    const validator = new AnswerValidator();
    for (const name of TOOL_NAMES) {
      expect({ name, tool: examples[name].meta.tool, drift: validator.check(name, examples[name].data) }).toEqual({ name, tool: name, drift: [] });
    }
  });
});
