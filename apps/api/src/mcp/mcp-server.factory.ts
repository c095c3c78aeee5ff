import { Injectable, Logger } from '@nestjs/common';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, CancelledNotificationSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { ToolRegistry } from '@scout/core';
import { API_VERSION } from '../api-version';
import { CallAbortedError } from '../tools/tool-call.types';
import { JSON_RPC, JsonRpcFault } from './jsonrpc-errors';
import { McpInFlightCalls } from './mcp-in-flight';
import { McpToolCaller, IDEMPOTENCY_KEY_META, type McpRequestScope } from './mcp-tool-caller';
import { CREDITS_META, mcpTool } from './mcp-tools';

const INSTRUCTIONS = [
  "Scout answers questions about crypto traders, tokens, wallets, prices, chains and DeFi through credit-metered tools, the same tools and the same balance as Scout's REST API.",
  `Each tool's description and its _meta["${CREDITS_META}"] give its cost in credits; a call is charged only when it answers (bad input and upstream failures cost nothing). service_account shows the balance, service_usage what was spent.`,
  'A failed call is a result with isError and structuredContent {error: {code, message}, credits: {remaining}}: invalid_request (fix the arguments), out_of_credits (the account needs credits), not_found, tool_error (the upstream failed; retry later).',
  `To retry a paid call safely, send the same _meta["${IDEMPOTENCY_KEY_META}"] with the same arguments: the first answer is replayed without a second charge. Long calls (service_fomo_watch_stream) report progress when the request carries a progressToken.`,
].join('\n\n');

/**
 * One low-level MCP Server per HTTP request (stateless Streamable HTTP): tools/list from the
 * registry, tools/call through McpToolCaller for the request's caller, and notifications/cancelled
 * for a call running in another request under the same credential.
 */
@Injectable()
export class McpServerFactory {
  private readonly logger = new Logger('Mcp');

  constructor(
    private readonly registry: ToolRegistry,
    private readonly caller: McpToolCaller,
    private readonly inFlight: McpInFlightCalls,
  ) {}

  create(scope: Omit<McpRequestScope, 'close'>): Server {
    const server = new Server({ name: 'scout', title: 'Scout', version: API_VERSION }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
    const requestScope: McpRequestScope = { ...scope, close: () => server.close() };
    server.setRequestHandler(ListToolsRequestSchema, () => this.guarded(scope.requestId, () => ({ tools: this.registry.list().map(mcpTool) })));
    server.setRequestHandler(CallToolRequestSchema, (request, extra) => this.guarded(scope.requestId, () => this.caller.call(request, extra, requestScope)));
    server.setNotificationHandler(CancelledNotificationSchema, (notification) => {
      const { requestId, reason } = notification.params;
      if (requestId !== undefined) this.inFlight.cancel(scope.caller, requestId, reason);
    });
    return server;
  }

  /**
   * The SDK answers whatever a handler throws as -32603 with the error's own message; Scout's own
   * faults say nothing of themselves beyond the request id that finds them in the logs.
   */
  private async guarded<T>(requestId: string, handler: () => T | Promise<T>): Promise<T> {
    try {
      return await handler();
    } catch (error) {
      if (error instanceof JsonRpcFault || error instanceof CallAbortedError) throw error;
      this.logger.error({ err: error, requestId }, `internal_error in an MCP request: ${(error as Error)?.message ?? error}`);
      throw new JsonRpcFault(JSON_RPC.internalError, 'Internal error. The request id identifies it in the logs.', { code: 'internal_error', requestId });
    }
  }
}
