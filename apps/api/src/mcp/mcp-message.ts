import {
  CallToolRequestSchema,
  InitializeRequestSchema,
  JSONRPCMessageSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { MAX_INPUT_DEPTH, MAX_SCREEN_ISSUES, nestsDeeperThan, type ValidationIssue } from '@scout/core';
import { JSON_RPC, McpProtocolError, rpcIdOf, type JsonRpcId } from './jsonrpc-errors';

/** One message as /mcp hands it on, after screenMcpMessage. */
export interface ScreenedMessage {
  /** What the MCP server parses: the message, with a tools/call's arguments emptied. */
  message: Record<string, unknown>;
  /**
   * A tools/call's arguments exactly as they arrived, for the input screen REST runs: the SDK's
   * parse copies them into new objects, where a `__proto__` key sets a prototype and vanishes.
   * Undefined when the call sent none.
   */
  toolArguments?: Record<string, unknown>;
}

/** The params of the requests Scout's server answers, checked as the SDK would check them. */
const PARAMS_SCHEMAS = new Map<string, { safeParse(value: unknown): { success: boolean; error?: unknown } }>([
  ['initialize', InitializeRequestSchema],
  ['ping', PingRequestSchema],
  ['tools/list', ListToolsRequestSchema],
  ['tools/call', CallToolRequestSchema],
]);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const has = (value: object, key: string) => Object.prototype.hasOwnProperty.call(value, key);

function refuse(rpcCode: number, id: JsonRpcId, message: string, path: string, issue: string): never {
  throw new McpProtocolError(rpcCode, id, message, [{ path, message: issue }]);
}

/** zod's issues (the SDK's schemas) as the contract's: a dotted path and a message, at most MAX_SCREEN_ISSUES. */
function zodIssues(error: unknown): ValidationIssue[] {
  const issues = (error as { issues?: Array<{ path: PropertyKey[]; message: string }> } | undefined)?.issues ?? [];
  return issues.slice(0, MAX_SCREEN_ISSUES).map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/**
 * Checks one /mcp body as JSON-RPC 2.0 and MCP before the SDK parses it, so every refusal carries
 * the code JSON-RPC gives it: -32600 for a body that is not one valid JSON-RPC message, -32602 for
 * params that are wrong for their method (a tools/call without a tool name, arguments that are not
 * an object). The SDK would answer both -32700 or -32603 with a schema dump. A method Scout does
 * not answer is left to the SDK (-32601); the arguments themselves to the tool's input screen.
 */
export function screenMcpMessage(body: unknown): ScreenedMessage {
  if (Array.isArray(body)) {
    refuse(
      JSON_RPC.invalidRequest,
      null,
      'Send one JSON-RPC message per request: batches are not part of MCP since 2025-06-18.',
      '',
      'expected one JSON-RPC message',
    );
  }
  if (!isObject(body)) refuse(JSON_RPC.invalidRequest, null, 'The body must be one JSON-RPC 2.0 message: a JSON object.', '', 'expected a JSON object');
  const id = rpcIdOf(body);
  if (body.jsonrpc !== '2.0') refuse(JSON_RPC.invalidRequest, id, 'A JSON-RPC message must have "jsonrpc": "2.0".', 'jsonrpc', 'must be "2.0"');
  if (has(body, 'id') && id === null) {
    refuse(JSON_RPC.invalidRequest, null, 'A request id must be a string or an integer (MCP does not allow null).', 'id', 'must be a string or an integer');
  }
  if (has(body, 'method') && (typeof body.method !== 'string' || body.method === '')) {
    refuse(JSON_RPC.invalidRequest, id, 'A JSON-RPC method must be a non-empty string.', 'method', 'must be a non-empty string');
  }
  const method = typeof body.method === 'string' ? body.method : undefined;
  const params = body.params;
  if (has(body, 'params') && !isObject(params)) refuse(JSON_RPC.invalidParams, id, 'params must be an object.', 'params', 'must be an object');
  if (isObject(params) && has(params, '_meta') && !isObject(params._meta)) {
    refuse(JSON_RPC.invalidRequest, id, 'params._meta must be an object.', 'params._meta', 'must be an object');
  }

  let message: Record<string, unknown> = body;
  let toolArguments: Record<string, unknown> | undefined;
  if (method === 'tools/call') {
    if (!isObject(params)) refuse(JSON_RPC.invalidParams, id, 'A tools/call needs params with the tool name.', 'params', 'required');
    if (typeof params.name !== 'string') refuse(JSON_RPC.invalidParams, id, 'params.name must be the name of a tool.', 'params.name', 'must be a string');
    if (has(params, 'arguments')) {
      if (!isObject(params.arguments)) {
        refuse(JSON_RPC.invalidParams, id, "params.arguments must be an object of the tool's inputs.", 'params.arguments', 'must be an object');
      }
      toolArguments = params.arguments;
      message = { ...body, params: { ...params, arguments: {} } };
    }
  }

  // The arguments are checked as a REST body is (by the tool's input screen); the rest here.
  if (nestsDeeperThan(message, MAX_INPUT_DEPTH)) {
    refuse(JSON_RPC.invalidRequest, id, `The message nests deeper than ${MAX_INPUT_DEPTH} levels.`, '', `nested deeper than ${MAX_INPUT_DEPTH} levels`);
  }
  const envelope = JSONRPCMessageSchema.safeParse(message);
  if (!envelope.success) {
    throw new McpProtocolError(JSON_RPC.invalidRequest, id, 'The body is not a valid JSON-RPC 2.0 message.', zodIssues(envelope.error));
  }
  const schema = method === undefined || !has(body, 'id') ? undefined : PARAMS_SCHEMAS.get(method);
  const checked = schema?.safeParse(message);
  if (checked && !checked.success) throw new McpProtocolError(JSON_RPC.invalidParams, id, `Invalid params for ${method}.`, zodIssues(checked.error));
  return { message, toolArguments };
}
