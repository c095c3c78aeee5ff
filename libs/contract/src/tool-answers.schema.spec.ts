import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { TOOL_CATALOG } from '@scout/core';
import type { JsonSchema } from './answer-schema.types';
import { ANSWER_SCHEMAS, inlined, reachableDefinitions } from './answer-schemas';
import { ANSWER_SCHEMA_FILE, formatAnswerSchemas, generateAnswerSchemas } from './generate';

/** The committed answer schema document is what the handlers' answer types generate, for every tool. */
describe('tool-answers.schema.json', () => {
  const root = resolve(__dirname, '../../..');

  it('is what `npm run schemas` writes from the current answer types', () => {
    const committed = readFileSync(resolve(root, ANSWER_SCHEMA_FILE), 'utf8').split('\n');
    const fresh = formatAnswerSchemas(generateAnswerSchemas(root)).split('\n');
    const line = fresh.findIndex((text, i) => text !== committed[i]);
    const stale =
      line === -1 && fresh.length === committed.length
        ? null
        : `${ANSWER_SCHEMA_FILE} is stale from line ${line + 1} (${fresh[line]?.trim()}): run npm run schemas`;
    expect(stale).toBeNull();
  }, 120_000);

  it('has a schema for every tool of the catalog, and for nothing else', () => {
    expect(Object.keys(ANSWER_SCHEMAS.tools).sort()).toEqual(Object.keys(TOOL_CATALOG).sort());
  });

  it('gives every tool an object answer whose references all resolve, without type arrays', () => {
    for (const [tool, { schema }] of Object.entries(ANSWER_SCHEMAS.tools)) {
      const names = reachableDefinitions(schema);
      expect({ tool, missing: names.filter((name) => !(name in ANSWER_SCHEMAS.definitions)) }).toEqual({ tool, missing: [] });
      const full = inlined(schema);
      expect({ tool, type: full.type }).toEqual({ tool, type: 'object' });
      expect({ tool, typeArrays: JSON.stringify(full).match(/"type":\[/g) ?? [] }).toEqual({ tool, typeArrays: [] });
    }
  });

  it('describes every property a tool or route answer reaches (its doc comment: what it is, its unit, when it is null)', () => {
    const undescribed: string[] = [];
    const visit = (node: unknown, where: string): void => {
      if (Array.isArray(node)) return node.forEach((item) => visit(item, where));
      if (typeof node !== 'object' || node === null) return;
      const schema = node as JsonSchema;
      for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
        if (typeof property.description !== 'string' || property.description.trim() === '') undescribed.push(`${where}.${name}`);
        visit(property, `${where}.${name}`);
      }
      for (const key of ['anyOf', 'items', 'additionalProperties']) visit(schema[key], where);
    };
    for (const [name, definition] of Object.entries(ANSWER_SCHEMAS.definitions)) visit(definition, name);
    for (const [subject, { schema }] of [...Object.entries(ANSWER_SCHEMAS.tools), ...Object.entries(ANSWER_SCHEMAS.routes)]) visit(schema, subject);
    expect(undescribed).toEqual([]);
  });

  it('publishes every shape under its declared name, none numbered by the generator (`ChainFigures_1`)', () => {
    expect(Object.keys(ANSWER_SCHEMAS.definitions).filter((name) => /_\d+$/.test(name))).toEqual([]);
  });

  it('gives every account and admin route an object answer whose references all resolve', () => {
    expect(Object.keys(ANSWER_SCHEMAS.routes).length).toBeGreaterThanOrEqual(30);
    for (const [route, { schema }] of Object.entries(ANSWER_SCHEMAS.routes)) {
      const names = reachableDefinitions(schema);
      expect({ route, missing: names.filter((name) => !(name in ANSWER_SCHEMAS.definitions)) }).toEqual({ route, missing: [] });
      expect({ route, type: ANSWER_SCHEMAS.definitions[(schema.$ref as string).split('/').pop()!]?.type }).toEqual({ route, type: 'object' });
    }
  });
});
