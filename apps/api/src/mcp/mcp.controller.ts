import { Controller, Delete, Get, Post, Req, Res, UseFilters } from '@nestjs/common';
import type { Response } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { RequireKey, type ScoutRequest } from '@scout/auth';
import { AppConfig, ForbiddenError, InvalidRequestError, MethodNotAllowedError } from '@scout/core';
import { McpChallengeFilter } from './mcp-challenge.filter';
import { McpServerFactory } from './mcp-server.factory';

/** The one method /mcp answers: stateless, so there is no stream to GET and no session to DELETE. */
const MCP_METHODS = ['POST'] as const;

/**
 * MCP over Streamable HTTP at /mcp, stateless: each POST carries one JSON-RPC message, answered by
 * a fresh server and transport that close with the response. The access guard has checked the
 * credential (an `sc_` key or an OAuth access token) and the JSON body reader has read the body
 * (BODY_LIMIT_BYTES) before this runs.
 */
@Controller('mcp')
@RequireKey('tools', { acceptsOAuth: true })
@UseFilters(McpChallengeFilter)
export class McpController {
  constructor(
    private readonly servers: McpServerFactory,
    private readonly config: AppConfig,
  ) {}

  @Post()
  async post(@Req() req: ScoutRequest, @Res() res: Response): Promise<void> {
    this.assertOrigin(req);
    assertProtocolVersion(req);
    if (Array.isArray(req.body)) {
      throw new InvalidRequestError('Send one JSON-RPC message per request: batches are not part of MCP since 2025-06-18.', [
        { path: '', message: 'expected one JSON-RPC message' },
      ]);
    }
    const server = this.servers.create({ caller: req.caller!, requestId: req.id });
    // A tool call answers over SSE, which carries its progress and keep-alives and ends without an
    // answer when the call is cancelled; the other requests answer plain JSON.
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: !runsTool(req.body) });
    // Closing the server aborts what still runs for a client that went away.
    res.once('close', () => void server.close());
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  }

  @Get()
  refuseGet(): never {
    throw new MethodNotAllowedError('GET', MCP_METHODS);
  }

  @Delete()
  refuseDelete(): never {
    throw new MethodNotAllowedError('DELETE', MCP_METHODS);
  }

  /** A browser page may reach /mcp only from an origin CORS_ORIGINS allows (DNS rebinding). */
  private assertOrigin(req: ScoutRequest): void {
    const origin = req.headers.origin;
    const allowed = this.config.corsOrigins;
    if (origin === undefined || allowed === '*' || allowed.includes(origin)) return;
    throw new ForbiddenError(`Origin ${origin} may not call /mcp: it is not in CORS_ORIGINS.`);
  }
}

function assertProtocolVersion(req: ScoutRequest): void {
  const version = req.headers['mcp-protocol-version'];
  if (version === undefined || (typeof version === 'string' && SUPPORTED_PROTOCOL_VERSIONS.includes(version))) return;
  throw new InvalidRequestError(`MCP-Protocol-Version ${String(version)} is not supported: use one of ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}.`, [
    { path: '', message: 'unsupported MCP-Protocol-Version' },
  ]);
}

function runsTool(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { method?: unknown }).method === 'tools/call';
}
