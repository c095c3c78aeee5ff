import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { answerExample } from '@scout/contract';
import { TOOL_AREAS, TOOL_CATALOG, TOOL_NAMES, type JsonSchema, type RegisteredTool, type ToolArea } from '@scout/core';
import { buildLlmsTxt } from '../catalog/llms-txt.builder';
import { buildOpenApiDocument } from '../catalog/openapi.builder';
import { code, inline, slug, table } from './markdown';
import { registeredTools } from './registered-tools';

/** The document, from the repository root. */
export const TOOLS_DOC = 'docs/tools.md';

/** What the document shows of a registered tool. */
export type DocumentedTool = Pick<RegisteredTool, 'name' | 'cost' | 'summary' | 'description' | 'public' | 'inputSchema'>;

/** An area of the catalog: its section title (llms.txt's) and what it groups (the OpenAPI tag's description). */
export interface AreaText {
  title: string;
  description: string;
}

export interface ToolsDocInput {
  tools: DocumentedTool[];
  areas: Record<ToolArea, AreaText>;
  /** The committed example answer of a tool (libs/contract), or null. */
  example: (tool: string) => unknown;
}

type Schema = JsonSchema & {
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
};

/** A JSON value as inline code: strings bare, anything else as JSON. */
const value = (v: unknown) => code(typeof v === 'string' ? v : JSON.stringify(v));
/** A default as inline code, always as JSON so `"60"` and `60` read apart. */
const json = (v: unknown) => code(JSON.stringify(v));

function credits(cost: number): string {
  if (cost === 0) return 'free';
  return cost === 1 ? '1 credit' : `${cost} credits`;
}

/** The cost as a tool's heading line says it: `**free**`, `**250 credits** a call`. */
const price = (cost: number) => (cost === 0 ? '**free**' : `**${credits(cost)}** a call`);

/** The type of a property: `integer`, `string (uuid)`, `array of string`, `integer or string`. */
export function typeOf(schema: Schema): string {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return [...new Set(branches.map(typeOf))].join(' or ');
  if (schema.type === 'array') return schema.items ? `array of ${typeOf(schema.items)}` : 'array';
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : (schema.type ?? 'any');
  return schema.format ? `${type} (${schema.format})` : type;
}

/** A numeric range in words: `1-100`, `≥ 0`, `> 0, ≤ 5`. */
function range(low: number | undefined, high: number | undefined, lowOpen = false, highOpen = false): string | null {
  if (low !== undefined && high !== undefined && !lowOpen && !highOpen) return low < 0 ? `${low} to ${high}` : `${low}-${high}`;
  const parts = [low === undefined ? null : `${lowOpen ? '>' : '≥'} ${low}`, high === undefined ? null : `${highOpen ? '<' : '≤'} ${high}`];
  const said = parts.filter((part): part is string => part !== null);
  return said.length ? said.join(', ') : null;
}

/** A count in words: `1-25 items`, `at least 1 item`, `up to 25 items`, `exactly 44 characters`. */
function count(low: number | undefined, high: number | undefined, unit: string): string | null {
  const of = (n: number) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (low !== undefined && low === high) return `exactly ${of(low)}`;
  if (low !== undefined && high !== undefined) return `${low}-${of(high)}`;
  if (low !== undefined) return `at least ${of(low)}`;
  if (high !== undefined) return `up to ${of(high)}`;
  return null;
}

/** What a property accepts beyond its type, in words: allowed values, bounds, lengths, pattern, list sizes. */
export function limitsOf(schema: Schema): string[] {
  const out: string[] = [];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const described = branches.map((branch) => ({ type: typeOf(branch), limits: limitsOf(branch) }));
    if (described.some((branch) => branch.limits.length)) {
      out.push(described.map((branch) => (branch.limits.length ? `${branch.type} ${branch.limits.join(', ')}` : branch.type)).join('; or '));
    }
  }
  if (schema.enum) out.push(`one of ${schema.enum.map(value).join(', ')}`);
  if (schema.const !== undefined) out.push(`exactly ${value(schema.const)}`);
  const low = schema.exclusiveMinimum ?? schema.minimum;
  const high = schema.exclusiveMaximum ?? schema.maximum;
  const numbers = range(low, high, schema.exclusiveMinimum !== undefined, schema.exclusiveMaximum !== undefined);
  if (numbers) out.push(numbers);
  const length = count(schema.minLength, schema.maxLength, 'character');
  if (length) out.push(length);
  if (schema.pattern !== undefined) out.push(`matches ${code(schema.pattern)}`);
  const items = count(schema.minItems, schema.maxItems, 'item');
  if (items) out.push(items);
  if (schema.uniqueItems) out.push('no repeats');
  if (schema.items) {
    const each = limitsOf(schema.items);
    if (each.length) out.push(`each ${each.join(', ')}`);
  }
  return out;
}

function describe(schema: Schema): string {
  const examples = schema.examples?.length ? `Example${schema.examples.length > 1 ? 's' : ''}: ${schema.examples.map(value).join(', ')}.` : '';
  return [schema.description ?? '', examples].filter((part) => part !== '').join(' ');
}

/** The objects a property holds: its own properties, or those of its items (each branch of a union of items). */
function nested(schema: Schema, path: string): Array<{ path: string; schema: Schema }> {
  if (schema.properties) return [{ path, schema }];
  if (schema.items) {
    const items = schema.items.anyOf ?? schema.items.oneOf ?? [schema.items];
    return items.filter((item) => item.properties).map((item) => ({ path: `${path}[]`, schema: item }));
  }
  return [];
}

/** The rows of an object's properties, then of the objects they hold (`before.token`, `tokens[].chain`). */
function inputRows(object: Schema, prefix = ''): string[][] {
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties ?? {}).flatMap(([name, property]) => {
    const path = `${prefix}${name}`;
    const own = [
      code(path),
      inline(typeOf(property), true),
      required.has(name) ? 'yes' : 'no',
      property.default === undefined ? '' : inline(json(property.default), true),
      inline(limitsOf(property).join(', '), true),
      inline(describe(property), true),
    ];
    return [own, ...nested(property, path).flatMap((inner) => inputRows(inner.schema, `${inner.path}.`))];
  });
}

/** What a top-level `anyOf` / `oneOf` of required sets asks: at least one, or exactly one, of the named inputs. */
function alternatives(schema: Schema): string | null {
  const say = (branches: Schema[] | undefined, words: string) => {
    if (!branches?.length) return null;
    const options = branches.map((branch) => {
      const names = (branch.required ?? []).map(code).join(' and ');
      const only = branch.required?.length === 1 ? branch.required[0] : null;
      const limits = Object.entries(branch.properties ?? {}).flatMap(([name, property]) =>
        limitsOf(property).map((limit) => (name === only ? limit : `${code(name)}: ${limit}`)),
      );
      return limits.length ? `${names} (${limits.join(', ')})` : names;
    });
    return `${words}: ${options.join('; or ')}.`;
  };
  return [say(schema.anyOf, 'Give at least one of'), say(schema.oneOf, 'Give exactly one of')].filter((line) => line !== null).join(' ') || null;
}

function toolSection(tool: DocumentedTool, example: unknown): string[] {
  const schema = tool.inputSchema as Schema;
  const access = tool.public ? 'no key needed' : 'key needed';
  const lines = [`### ${tool.name}`, '', `\`/api/v1/tools/${tool.name}\` (GET or POST) · ${price(tool.cost)} · ${access}`, '', inline(tool.summary)];
  if (tool.description && tool.description.trim() !== tool.summary.trim()) lines.push('', inline(tool.description));
  lines.push('');
  const rows = inputRows(schema);
  if (rows.length === 0) lines.push('No inputs.');
  else {
    lines.push('**Inputs**', '');
    if (schema.description) lines.push(inline(schema.description), '');
    lines.push(...table(['input', 'type', 'required', 'default', 'accepts', 'description'], rows));
    const either = alternatives(schema);
    if (either) lines.push('', inline(either));
  }
  lines.push('');
  if (example === null || example === undefined) lines.push('No example answer is committed for this tool.');
  else lines.push('<details>', '<summary>Example answer</summary>', '', '```json', JSON.stringify(example, null, 2), '```', '', '</details>');
  return lines;
}

/** docs/tools.md: every tool by area, in catalog order, with its cost, words, inputs and an example answer. */
export function buildToolsDoc({ tools, areas, example }: ToolsDocInput): string {
  const order = new Map<string, number>(TOOL_NAMES.map((name, i) => [name, i]));
  const byArea = TOOL_AREAS.map((area) => ({
    area,
    ...areas[area],
    tools: tools
      .filter((tool) => (TOOL_CATALOG as Record<string, { area: ToolArea } | undefined>)[tool.name]?.area === area)
      .sort((a, b) => (order.get(a.name) ?? 0) - (order.get(b.name) ?? 0)),
  })).filter((group) => group.tools.length > 0);
  const lines = [
    '# Tools',
    '',
    '<!-- Generated by `npm run docs` from the tool registry (each @Tool handler: summary, description, input DTO), TOOL_CATALOG (cost, area), the OpenAPI tags and libs/contract/src/tool-answer-examples.json: do not edit this file. -->',
    '',
    `Scout serves ${tools.length} tools. Call one with \`GET /api/v1/tools/<name>\` (inputs as query parameters) or \`POST /api/v1/tools/<name>\` (a JSON body of the same fields), or over MCP (\`tools/call\`); an answered call costs the credits shown. Inputs are JSON Schema in \`GET /api/v1/tools\` and the OpenAPI document; the example answers are real sandbox answers with every list cut to its first items.`,
    '',
    ...table(
      ['area', 'tools', 'what it groups'],
      byArea.map((group) => [`[${group.title}](#${slug(group.title)})`, String(group.tools.length), inline(group.description, true)]),
    ),
  ];
  for (const group of byArea) {
    lines.push(
      '',
      `## ${group.title}`,
      '',
      inline(group.description),
      '',
      ...table(
        ['tool', 'cost', 'summary'],
        group.tools.map((tool) => [`[${tool.name}](#${slug(tool.name)})`, credits(tool.cost), inline(tool.summary, true)]),
      ),
    );
    for (const tool of group.tools) lines.push('', ...toolSection(tool, example(tool.name)));
  }
  return `${lines.join('\n')}\n`;
}

/** Each area's section title as llms.txt gives it (its `## Tools: <title>` heading over the area's tools). */
export function areaTitlesOf(llmsTxt: string): Partial<Record<ToolArea, string>> {
  const titles: Partial<Record<ToolArea, string>> = {};
  let title: string | null = null;
  for (const line of llmsTxt.split('\n')) {
    const heading = /^## Tools: (.+)$/.exec(line);
    if (heading) title = heading[1];
    else if (line.startsWith('## ')) title = null;
    const tool = /^- \[([a-z0-9_]+)\]\(/.exec(line);
    const area = tool ? (TOOL_CATALOG as Record<string, { area: ToolArea } | undefined>)[tool[1]]?.area : undefined;
    if (title && area) titles[area] ??= title;
  }
  return titles;
}

/**
 * The areas' words as the API serves them: descriptions from the OpenAPI document's tags (one per
 * area), titles from llms.txt's sections. An area without either stops the generator.
 */
export function areaTexts(tools: RegisteredTool[], version: string): Record<ToolArea, AreaText> {
  const tags = (buildOpenApiDocument(tools, version).tags ?? []) as Array<{ name: string; description?: string }>;
  const titles = areaTitlesOf(buildLlmsTxt({ publicUrl: '', tools }));
  const out = {} as Record<ToolArea, AreaText>;
  for (const area of TOOL_AREAS) {
    const description = tags.find((tag) => tag.name === area)?.description;
    const title = titles[area];
    if (!description || !title) throw new Error(`area ${area}: no ${description ? 'llms.txt section' : 'OpenAPI tag description'}`);
    out[area] = { title, description };
  }
  return out;
}

/** docs/tools.md as the registry lists the tools now. */
export async function generateToolsDoc(root: string): Promise<string> {
  const tools = await registeredTools(root);
  const { version } = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { version: string };
  return buildToolsDoc({ tools, areas: areaTexts(tools, version), example: answerExample });
}
