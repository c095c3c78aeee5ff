import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { InvalidRequestError, ScoutError, type ValidationIssue } from '@scout/core';
import { MalformedJsonError } from '../http/json-body';

/** A JSON-RPC request id: what an error answer echoes, or null when the request had none readable. */
export type JsonRpcId = string | number | null;

/**
 * JSON-RPC 2.0's own codes (section 5.1) and the server-error code MCP's SDK uses for refusals at
 * the HTTP level. Which one an answer carries is the client's first hint of what to fix.
 */
export const JSON_RPC = {
  /** The text is not JSON. */
  parseError: ErrorCode.ParseError,
  /** JSON, but not a valid JSON-RPC request (or a body /mcp refuses as a whole). */
  invalidRequest: ErrorCode.InvalidRequest,
  methodNotFound: ErrorCode.MethodNotFound,
  /** The method's params are wrong: a tools/call without a name, arguments that are not an object. */
  invalidParams: ErrorCode.InvalidParams,
  /** Scout's own fault, never the caller's. */
  internalError: ErrorCode.InternalError,
  /** A refusal of the request as a whole: no credential, a forbidden Origin, a rate limit, a drain. */
  serverError: -32000,
} as const;

/**
 * A message /mcp refuses before the MCP server runs it, with the JSON-RPC code that says why
 * (invalid request or invalid params) and the id to echo. It is Scout's 400 invalid_request, so
 * every other transport and log sees it as one.
 */
export class McpProtocolError extends InvalidRequestError {
  constructor(
    readonly rpcCode: number,
    readonly rpcId: JsonRpcId,
    message: string,
    issues: ValidationIssue[],
  ) {
    super(message, issues);
  }
}

/**
 * An error a handler of the MCP server throws to answer a JSON-RPC error: the SDK sends its `code`,
 * `message` and `data` as they are (its own McpError would prefix the message with the code).
 */
export class JsonRpcFault extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: { code: string } & Record<string, unknown>,
  ) {
    super(message);
  }
}

/** The JSON-RPC code of a refusal, from the error Scout raised. */
export function rpcCodeOf(error: ScoutError): number {
  if (error instanceof McpProtocolError) return error.rpcCode;
  if (error instanceof MalformedJsonError) return JSON_RPC.parseError;
  if (error.code === 'invalid_request') return JSON_RPC.invalidRequest;
  if (error.code === 'internal_error') return JSON_RPC.internalError;
  return JSON_RPC.serverError;
}

/** The id a refusal echoes: the message's own when it is a valid one, else null (JSON-RPC 2.0 section 5). */
export function rpcIdOf(body: unknown): JsonRpcId {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const id = (body as { id?: unknown }).id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id)) ? id : null;
}

/**
 * A JSON-RPC error answer carrying the contract's error: `data` holds Scout's code and what the
 * REST body holds beside it (issues, details), the balance for a keyed caller, and for Scout's
 * own fault the request id that finds it in the logs.
 */
export function jsonRpcError(error: ScoutError, id: JsonRpcId, remaining: number | null, requestId?: string): Record<string, unknown> {
  const data = {
    code: error.code,
    ...error.extra,
    ...(remaining !== null ? { credits: { remaining } } : {}),
    ...(error.code === 'internal_error' && requestId ? { requestId } : {}),
  };
  return { jsonrpc: '2.0', id, error: { code: rpcCodeOf(error), message: error.message, data } };
}
