import { PROVIDERS } from '@scout/sandbox';
import { TOOL_CATALOG, TOOL_NAMES, type ToolName } from '@scout/core';
import type { KnownInputs } from './support/known-inputs';
import { startKnownInputsApp } from './support/known-inputs-app';
import { entriesText } from './support/schema-arbitraries';
import type { TestApp } from './support/test-app';

/**
 * The tools on the providers' documented variants (issue 34): the sandbox rewrites every provider
 * answer it can into a shape the provider's own documents allow and the everyday sandbox never
 * shows (a nullable field null, an optional one absent, an enum value Scout has not seen). Every
 * tool, called with its known input, must still answer 200 and be charged its cost: a reader that
 * trusts more than the document promises answers 502 here. The inputs are read before the variants
 * are switched on, so they name what the sandbox knows.
 */
describe('every tool answers on the providers documented variants', () => {
  let t: TestApp;
  let key: string;
  let known: KnownInputs;

  beforeAll(async () => {
    ({ t, key, known } = await startKnownInputsApp('documented variants'));
    t.sandbox.variants.set({ rate: 1 });
    t.sandbox.variants.resetServed();
    // What the input reading left in Scout's cache was read before the variants: not for these calls.
    const cleared = await t.http().post('/api/v1/tools/service_usage').set('Authorization', `Bearer ${key}`).send({ clearCache: true });
    expect(cleared.status).toBe(200);
  }, 120_000);
  afterAll(() => t?.close());

  it.each(TOOL_NAMES.map((name) => [name]))(
    '%s: 200 on documented variants, charged its cost',
    async (name: ToolName) => {
      const entries = known[name]?.[0];
      expect({ name, knownInput: entries !== undefined }).toEqual({ name, knownInput: true });
      const res = await t
        .http()
        .post(`/api/v1/tools/${name}`)
        .set({ Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' })
        .send(entriesText(entries));
      expect({ name, status: res.status, error: res.body.error }).toEqual({ name, status: 200, error: undefined });
      expect(res.body.credits.creditsSpent).toBe(TOOL_CATALOG[name].cost);
      // A part lost to a payload Scout could not read is a note ("did not answer (malformed)"), not a 502: a failure here too.
      expect({ name, malformed: JSON.stringify(res.body).match(/[^"]*malformed[^"]*/g) ?? [] }).toEqual({ name, malformed: [] });
    },
    60_000,
  );

  it('met documented variants of every provider', () => {
    const served = t.sandbox.variants.served();
    const providersMet = new Set(Object.keys(served).map((variant) => variant.split(' ')[0]));
    expect([...PROVIDERS].filter((provider) => !providersMet.has(provider))).toEqual([]);
  });
});
