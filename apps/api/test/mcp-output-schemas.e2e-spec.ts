import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { AnswerValidator } from '@scout/contract';
import { TOOL_NAMES, type ToolName } from '@scout/core';
import type { KnownInputs } from './support/known-inputs';
import { startKnownInputsApp } from './support/known-inputs-app';
import { mcpClient } from './support/mcp-client';
import type { TestApp } from './support/test-app';

/** Keywords some MCP clients do not read: a type array (`["number","null"]`) and references. */
function unportable(schema: unknown, path = ''): string[] {
  if (Array.isArray(schema)) return schema.flatMap((item, i) => unportable(item, `${path}/${i}`));
  if (typeof schema !== 'object' || schema === null) return [];
  const own = [...(Array.isArray((schema as { type?: unknown }).type) ? [`${path}/type is a type array`] : []), ...('$ref' in schema ? [`${path}/$ref`] : [])];
  return [...own, ...Object.entries(schema).flatMap(([key, value]) => unportable(value, `${path}/${key}`))];
}

/**
 * Every MCP tool carries an output schema (the envelope with the tool's `data`), input and output
 * schemas in the portable form (no type arrays, no references), and each tool's answer to a
 * known input conforms: the SDK client checks `structuredContent` against the output schema on
 * every tools/call, and Scout's validator names the path of anything off it.
 */
describe('MCP output schemas: listed for every tool, and every answer conforms', () => {
  let t: TestApp;
  let key: string;
  let known: KnownInputs;
  let client: Client;
  let tools: Tool[];
  const validator = new AnswerValidator();

  beforeAll(async () => {
    ({ t, key, known } = await startKnownInputsApp('mcp output schemas'));
    client = await mcpClient(t, key);
    tools = (await client.listTools()).tools;
  }, 120_000);
  afterAll(async () => {
    await client?.close();
    await t?.close();
  });

  it('tools/list gives every tool an object output schema with data, credits and meta, and portable schemas', () => {
    expect(tools.map((tool) => tool.name).sort()).toEqual([...TOOL_NAMES].sort());
    for (const tool of tools) {
      expect({ tool: tool.name, type: tool.outputSchema?.type, required: tool.outputSchema?.required }).toEqual({
        tool: tool.name,
        type: 'object',
        required: ['data', 'credits', 'meta'],
      });
      expect({ tool: tool.name, unportable: [...unportable(tool.inputSchema, 'input'), ...unportable(tool.outputSchema, 'output')] }).toEqual({
        tool: tool.name,
        unportable: [],
      });
    }
  });

  it.each(TOOL_NAMES.map((name) => [name]))(
    '%s: its answer over MCP passes the SDK client and the schema',
    async (name: ToolName) => {
      const entries = known[name]?.[0] ?? [];
      const result = await client.callTool({ name, arguments: Object.fromEntries(entries) });
      expect({ name, isError: result.isError ?? false }).toEqual({ name, isError: false });
      const envelope = result.structuredContent as { data: unknown };
      expect({ name, drift: validator.check(name, envelope.data) }).toEqual({ name, drift: [] });
    },
    60_000,
  );
});
