import { resolve } from 'node:path';
import { Test } from '@nestjs/testing';
import { AppConfig, CoreModule, TOOL_AREAS, TOOL_CATALOG, TOOL_NAMES, ToolRegistry, type JsonSchema, type RegisteredTool, type ToolArea } from '@scout/core';
import { DefiModule } from '@scout/defi';
import type { DefiLlamaClient } from '@scout/upstream';
import { registeredTools } from './registered-tools';
import { areaTexts, buildToolsDoc, limitsOf, typeOf, type DocumentedTool } from './tools-doc';

const root = resolve(__dirname, '../../../..');

const areas = Object.fromEntries(TOOL_AREAS.map((area) => [area, { title: `Area ${area}`, description: `What ${area} holds.` }])) as Record<
  ToolArea,
  { title: string; description: string }
>;

const tool = (name: string, inputSchema: JsonSchema, extra: Partial<DocumentedTool> = {}): DocumentedTool => ({
  name: name as DocumentedTool['name'],
  cost: TOOL_CATALOG[name as keyof typeof TOOL_CATALOG].cost,
  summary: `What ${name} answers.`,
  inputSchema,
  ...extra,
});

describe('the documentation registry (registeredTools)', () => {
  let tools: RegisteredTool[];
  beforeAll(async () => {
    tools = await registeredTools(root);
  }, 120_000);

  it('lists every catalog tool once, at its catalog cost', () => {
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOL_NAMES].sort());
    for (const t of tools) expect({ name: t.name, cost: t.cost }).toEqual({ name: t.name, cost: TOOL_CATALOG[t.name].cost });
  });

  it('registers what Nest discovery registers when the module boots (the DeFi tools)', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [CoreModule.forRoot(AppConfig.fromEnv({})), DefiModule.forRoot({ useFactory: () => ({}) as DefiLlamaClient })],
    }).compile();
    await moduleRef.init();
    const booted = moduleRef.get(ToolRegistry).list();
    await moduleRef.close();
    const shape = ({ name, cost, summary, description, public: open, inputSchema, input, readsOnly }: RegisteredTool) => ({
      name,
      cost,
      summary,
      description,
      open,
      inputSchema,
      input,
      readsOnly,
    });
    expect(booted.length).toBeGreaterThanOrEqual(10);
    const scanned = new Map(tools.map((t) => [t.name, t]));
    for (const t of booted) expect(shape(scanned.get(t.name)!)).toEqual(shape(t));
  });

  it('reads every area title and description the API serves', () => {
    const texts = areaTexts(tools, '0.0.0');
    expect(texts.traders.title).toBe('Tracked traders');
    expect(texts.defi.description).toMatch(/^Chains and DeFi: TVL/);
    expect(Object.keys(texts).sort()).toEqual([...TOOL_AREAS].sort());
  });
});

describe('buildToolsDoc', () => {
  it('groups tools by area in catalog order, with cost, words, inputs and the example answer', () => {
    const text = buildToolsDoc({
      areas,
      example: (name) => (name === 'service_account' ? { data: { plan: 'free' } } : null),
      tools: [
        tool('service_chain_health', {
          type: 'object',
          properties: { limit: { type: 'integer', minimum: 1, maximum: 100, default: 20, description: 'How many.' } },
          required: ['limit'],
        }),
        tool('service_health', { type: 'object', properties: {} }, { public: true, description: 'Longer words.' }),
        tool('service_account', { type: 'object', properties: {} }),
      ],
    });
    const headings = text.split('\n').filter((line) => /^#{2,3} /.test(line));
    expect(headings).toEqual(['## Area account', '### service_health', '### service_account', '## Area defi', '### service_chain_health']);
    expect(text).toContain('| [Area account](#area-account) | 2 | What account holds. |');
    expect(text).toContain('`/api/v1/tools/service_health` (GET or POST) · **free** · no key needed\n\nWhat service_health answers.\n\nLonger words.');
    expect(text).toContain('`/api/v1/tools/service_chain_health` (GET or POST) · **250 credits** a call · key needed');
    expect(text).toContain('| `limit` | integer | yes | `20` | 1-100 | How many. |');
    expect(text).toContain('<summary>Example answer</summary>\n\n```json\n{\n  "data": {\n    "plan": "free"\n  }\n}\n```');
    expect(text).toContain(
      '### service_health\n\n`/api/v1/tools/service_health` (GET or POST) · **free** · no key needed\n\nWhat service_health answers.\n\nLonger words.\n\nNo inputs.\n\nNo example answer',
    );
  });

  it('describes nested inputs, unions, lists and alternatives, escaping pipes in patterns', () => {
    const text = buildToolsDoc({
      areas,
      example: () => null,
      tools: [
        tool('service_token_prices_multichain', {
          type: 'object',
          properties: {
            tokens: {
              type: 'array',
              maxItems: 25,
              items: {
                anyOf: [
                  { type: 'string', pattern: '^(solana|base):\\S+$' },
                  { type: 'object', properties: { chain: { type: 'string', enum: ['solana', 'base'] } }, required: ['chain'] },
                ],
              },
            },
            symbols: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 12 } },
          },
          anyOf: [
            { required: ['tokens'], properties: { tokens: { minItems: 1 } } },
            { required: ['symbols'], properties: { symbols: { minItems: 1 } } },
          ],
        }),
      ],
    });
    expect(text).toContain('| `tokens` | array of string or object | no |  | up to 25 items, each string matches `^(solana\\|base):\\S+$`; or object |  |');
    expect(text).toContain('| `tokens[].chain` | string | yes |  | one of `solana`, `base` |  |');
    expect(text).toContain('| `symbols` | array of string | no |  | each 1-12 characters |  |');
    expect(text).toContain('Give at least one of: `tokens` (at least 1 item); or `symbols` (at least 1 item).');
  });

  it('words types and bounds', () => {
    expect(typeOf({ anyOf: [{ type: 'integer' }, { type: 'string' }] })).toBe('integer or string');
    expect(typeOf({ type: 'string', format: 'uuid' })).toBe('string (uuid)');
    expect(limitsOf({ type: 'number', exclusiveMinimum: 0, maximum: 5 })).toEqual(['> 0, ≤ 5']);
    expect(limitsOf({ type: 'integer', minimum: -10, maximum: 10 })).toEqual(['-10 to 10']);
    expect(limitsOf({ type: 'string', minLength: 44, maxLength: 44 })).toEqual(['exactly 44 characters']);
    expect(limitsOf({ type: 'array', minItems: 1, maxItems: 7, uniqueItems: true })).toEqual(['1-7 items', 'no repeats']);
    expect(limitsOf({ anyOf: [{ type: 'number', minimum: 0 }, { type: 'null' }] })).toEqual(['number ≥ 0; or null']);
  });
});
