import { MAX_INPUT_DEPTH } from '@scout/core';
import { McpProtocolError } from './jsonrpc-errors';
import { screenMcpMessage } from './mcp-message';

/** The refusal screenMcpMessage throws for a body, as [JSON-RPC code, id, issue paths]; null when it passes. */
function refusalOf(body: unknown): [number, unknown, string[]] | null {
  try {
    screenMcpMessage(body);
    return null;
  } catch (error) {
    if (!(error instanceof McpProtocolError)) throw error;
    const issues = (error.extra.issues as Array<{ path: string }>).map((issue) => issue.path);
    return [error.rpcCode, error.rpcId, issues];
  }
}

const call = (params: unknown) => ({ jsonrpc: '2.0', id: 9, method: 'tools/call', params });

describe('screenMcpMessage: JSON-RPC 2.0 and MCP before the SDK', () => {
  it("keeps a tools/call's arguments as they arrived and hands the SDK an empty object in their place", () => {
    const args = JSON.parse('{"__proto__":{"x":1},"limit":5}') as Record<string, unknown>;
    const screened = screenMcpMessage(call({ name: 'service_stablecoins', arguments: args }));
    expect(screened.toolArguments).toBe(args);
    expect(Object.keys(screened.toolArguments!)).toEqual(['__proto__', 'limit']);
    expect((screened.message.params as { arguments: unknown }).arguments).toEqual({});
  });

  it('passes what it has no say over: a call without arguments, a notification, a client response, an unknown method', () => {
    expect(screenMcpMessage(call({ name: 'x' })).toolArguments).toBeUndefined();
    expect(refusalOf({ jsonrpc: '2.0', method: 'notifications/initialized' })).toBeNull();
    expect(refusalOf({ jsonrpc: '2.0', id: 1, result: {} })).toBeNull();
    expect(refusalOf({ jsonrpc: '2.0', id: 1, method: 'resources/list' })).toBeNull();
    expect(refusalOf({ jsonrpc: '2.0', id: 'a', method: 'constructor' })).toBeNull();
  });

  it.each([
    ['a batch', [{ jsonrpc: '2.0', id: 1, method: 'ping' }], [-32600, null, ['']]],
    ['a string', 'x', [-32600, null, ['']]],
    ['null', null, [-32600, null, ['']]],
    ['jsonrpc 1.0', { jsonrpc: '1.0', id: 1, method: 'ping' }, [-32600, 1, ['jsonrpc']]],
    ['id null', { jsonrpc: '2.0', id: null, method: 'ping' }, [-32600, null, ['id']]],
    ['id 1.5', { jsonrpc: '2.0', id: 1.5, method: 'ping' }, [-32600, null, ['id']]],
    ['method 5', { jsonrpc: '2.0', id: 1, method: 5 }, [-32600, 1, ['method']]],
    ['params._meta "x"', { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: 'x' } }, [-32600, 1, ['params._meta']]],
    ['params []', { jsonrpc: '2.0', id: 1, method: 'tools/list', params: [] }, [-32602, 1, ['params']]],
    ['tools/call without params', { jsonrpc: '2.0', id: 9, method: 'tools/call' }, [-32602, 9, ['params']]],
    ['tools/call without a name', call({ arguments: {} }), [-32602, 9, ['params.name']]],
    ['arguments 123', call({ name: 'x', arguments: 123 }), [-32602, 9, ['params.arguments']]],
    ['arguments []', call({ name: 'x', arguments: [] }), [-32602, 9, ['params.arguments']]],
    ['arguments null', call({ name: 'x', arguments: null }), [-32602, 9, ['params.arguments']]],
  ])('%s is refused', (_label, body, refusal) => {
    expect(refusalOf(body)).toEqual(refusal);
  });

  it('wrong params for initialize are -32602 with the schema issues, not an internal error', () => {
    const refusal = refusalOf({ jsonrpc: '2.0', id: 2, method: 'initialize', params: { protocolVersion: 5 } });
    expect(refusal?.[0]).toBe(-32602);
    expect(refusal?.[2].length).toBeGreaterThan(0);
  });

  it(`the envelope may not nest past ${MAX_INPUT_DEPTH} levels; the arguments are left to the tool's screen`, () => {
    const deep = (levels: number): unknown => (levels === 0 ? 1 : { a: deep(levels - 1) });
    expect(refusalOf({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: deep(MAX_INPUT_DEPTH) } })?.[0]).toBe(-32600);
    expect(refusalOf(call({ name: 'x', arguments: deep(MAX_INPUT_DEPTH * 2) }))).toBeNull();
  });
});
