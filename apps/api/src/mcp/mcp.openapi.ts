/** The OpenAPI description of /mcp (McpController): the HTTP surface; the tools are those of /api/v1/tools. */
export function mcpPaths(errorRefs: (statuses: string[]) => Record<string, unknown>): Record<string, unknown> {
  const error = (description: string, headers?: Record<string, unknown>) => ({
    description,
    ...(headers ? { headers } : {}),
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  });
  const refused = (method: string) => ({
    operationId: `mcp_${method}`,
    tags: ['mcp'],
    summary: 'Not answered: /mcp is stateless, with no stream to open and no session to end.',
    responses: { '405': error('Method not allowed (`Allow: POST`).'), ...errorRefs(['401']) },
  });
  return {
    '/mcp': {
      post: {
        operationId: 'mcp',
        tags: ['mcp'],
        summary: 'Model Context Protocol over Streamable HTTP (stateless): tools/list and tools/call over the same tools, credits and ledger as REST.',
        description:
          'One JSON-RPC message per request (no batches), with `Accept: application/json, text/event-stream`. tools/list returns every tool with its input schema, cost (`_meta["scout/credits"]`) and hints; tools/call answers the envelope as `structuredContent`, a contract error as a result with `isError`, over Server-Sent Events (with `notifications/progress` when the request has a progressToken); other requests answer JSON. `_meta["scout/idempotency-key"]` on tools/call works as the Idempotency-Key header. `notifications/cancelled` stops a running call and voids its hold. The credential is an API key or an OAuth access token.',
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
          '400': error('Malformed JSON or JSON-RPC, a batch, or an unsupported `MCP-Protocol-Version`.'),
          '401': error(
            'No credential, or one that is refused. `WWW-Authenticate: Bearer resource_metadata="…", scope="tools"` names the OAuth protected resource metadata.',
            {
              'WWW-Authenticate': { description: 'The Bearer challenge (RFC 6750, RFC 9728).', schema: { type: 'string' } },
            },
          ),
          '403': error('A browser `Origin` outside CORS_ORIGINS, or a credential without the tools scope.'),
          ...errorRefs(['429', '503']),
        },
      },
      get: refused('get'),
      delete: refused('delete'),
    },
  };
}
