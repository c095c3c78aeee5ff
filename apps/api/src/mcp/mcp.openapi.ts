/**
 * A refusal on /mcp: a JSON-RPC 2.0 error object whose `data` carries the contract's error
 * (McpExceptionFilter, jsonRpcError).
 */
const JSON_RPC_ERROR = {
  type: 'object',
  required: ['jsonrpc', 'id', 'error'],
  properties: {
    jsonrpc: { const: '2.0' },
    id: { description: "The request's id, or null when it had no valid one.", oneOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] },
    error: {
      type: 'object',
      required: ['code', 'message', 'data'],
      properties: {
        code: {
          type: 'integer',
          description:
            "-32700: the body is not JSON. -32600: not one valid JSON-RPC 2.0 message (a batch, an id of null, a body over the size limit). -32602: params wrong for the method (no tool name, arguments that are not an object). -32601: a method Scout does not answer. -32603: Scout's own fault. -32000: the request refused as a whole (401, 403, 405, 429, 503).",
        },
        message: { type: 'string' },
        data: {
          type: 'object',
          required: ['code'],
          properties: {
            code: { type: 'string', description: "The contract's error code, as REST answers it (invalid_request, unauthorized, forbidden, ...)." },
            issues: {
              type: 'array',
              items: { type: 'object', required: ['path', 'message'], properties: { path: { type: 'string' }, message: { type: 'string' } } },
            },
            credits: { type: 'object', properties: { remaining: { type: 'integer' } }, description: 'The balance, for a keyed caller.' },
            requestId: { type: 'string', description: "For Scout's own fault: the request id that finds it in the logs." },
          },
        },
      },
    },
  },
};

/** The OpenAPI description of /mcp (McpController): the HTTP surface; the tools are those of /api/v1/tools. */
export function mcpPaths(): Record<string, unknown> {
  const error = (description: string, headers?: Record<string, unknown>) => ({
    description,
    ...(headers ? { headers } : {}),
    content: { 'application/json': { schema: JSON_RPC_ERROR } },
  });
  const challenge = error(
    'No credential, or one that is refused. `WWW-Authenticate: Bearer resource_metadata="…", scope="tools"` names the OAuth protected resource metadata.',
    { 'WWW-Authenticate': { description: 'The Bearer challenge (RFC 6750, RFC 9728).', schema: { type: 'string' } } },
  );
  return {
    '/mcp': {
      post: {
        operationId: 'mcp',
        tags: ['mcp'],
        summary: 'Model Context Protocol over Streamable HTTP (stateless): tools/list and tools/call over the same tools, credits and ledger as REST.',
        description:
          'One JSON-RPC message per request (no batches), with `Accept: application/json, text/event-stream`. tools/list returns every tool with its input schema, cost (`_meta["scout/credits"]`) and hints; tools/call answers the envelope as `structuredContent`, a contract error as a result with `isError`, over Server-Sent Events (with `notifications/progress` when the request has a progressToken); other requests answer JSON. `_meta["scout/idempotency-key"]` on tools/call works as the Idempotency-Key header. `notifications/cancelled` stops a running call and voids its hold. The credential is an API key or an OAuth access token. GET and DELETE answer 405 (`Allow: POST`): the server is stateless, with no stream to open and no session to end.',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: 'object', required: ['jsonrpc'], properties: { jsonrpc: { const: '2.0' } } } } },
        },
        responses: {
          '200': {
            description: 'The JSON-RPC answer: JSON, or an event stream for tools/call.',
            content: { 'application/json': { schema: { type: 'object' } }, 'text/event-stream': { schema: { type: 'string' } } },
          },
          '202': { description: 'A notification, accepted.' },
          '400': error(
            'A message refused before it ran: not JSON (-32700), not one valid JSON-RPC message or a batch (-32600), params wrong for the method (-32602), or an unsupported `MCP-Protocol-Version`.',
          ),
          '401': challenge,
          '403': error("A browser `Origin` other than PUBLIC_URL's or one in MCP_ALLOWED_ORIGINS (`null` too), or a credential without the tools scope."),
          '429': error('Too many unauthenticated requests from this address (see `Retry-After`).'),
          '503': error('The database is unreachable or this instance is shutting down; nothing was charged, retry.'),
        },
      },
    },
  };
}
