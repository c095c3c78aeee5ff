import { Controller, Delete, Get, Post, Req, Res, UseFilters } from '@nestjs/common';
import type { Response } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { RequireKey, type ScoutRequest } from '@scout/auth';
import { AppConfig, ForbiddenError, InvalidRequestError, MethodNotAllowedError } from '@scout/core';
import { ReadsEnvelopedBody } from '../http/json-body.guard';
import { McpExceptionFilter } from './mcp-exception.filter';
import { screenMcpMessage } from './mcp-message';
import { McpServerFactory } from './mcp-server.factory';

/** The one method /mcp answers: stateless, so there is no stream to GET and no session to DELETE. */
const MCP_METHODS = ['POST'] as const;

/**
 * What the JSON-RPC envelope around a tools/call's arguments may add to BODY_LIMIT_BYTES: the
 * arguments themselves are held to BODY_LIMIT_BYTES, as a REST body is.
 */
export const MCP_ENVELOPE_BYTES = 16 * 1024;

/**
 * MCP over Streamable HTTP at /mcp, stateless: each POST carries one JSON-RPC message, answered by
 * a fresh server and transport that close with the response. The access guard has checked the
 * credential (an `sc_` key or an OAuth access token) and the JSON body reader has read the body
 * before this runs; screenMcpMessage checks it as JSON-RPC before the SDK parses it.
 */
@Controller('mcp')
@RequireKey('tools', { acceptsOAuth: true })
@UseFilters(McpExceptionFilter)
@ReadsEnvelopedBody(MCP_ENVELOPE_BYTES)
export class McpController {
  private readonly allowedOrigins: ReadonlySet<string>;

  constructor(
    private readonly servers: McpServerFactory,
    config: AppConfig,
  ) {
    this.allowedOrigins = new Set(config.mcpAllowedOrigins);
  }

  @Post()
  async post(@Req() req: ScoutRequest, @Res() res: Response): Promise<void> {
    this.assertOrigin(req);
    assertProtocolVersion(req);
    const { message, toolArguments } = screenMcpMessage(req.body);
    const server = this.servers.create({ caller: req.caller!, requestId: req.id, toolArguments });
    // A tool call answers over SSE, which carries its progress and keep-alives and ends without an
    // answer when the call is cancelled; the other requests answer plain JSON.
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: message.method !== 'tools/call' });
    // Closing the server aborts what still runs for a client that went away.
    res.once('close', () => void server.close());
    await server.connect(transport);
    await transport.handleRequest(req, res, message);
  }

  @Get()
  refuseGet(): never {
    throw new MethodNotAllowedError('GET', MCP_METHODS);
  }

  @Delete()
  refuseDelete(): never {
    throw new MethodNotAllowedError('DELETE', MCP_METHODS);
  }

  /**
   * The MCP transport's guard against DNS rebinding: a request from a browser page (it carries an
   * Origin) is served only from PUBLIC_URL's origin or MCP_ALLOWED_ORIGINS, whatever CORS_ORIGINS
   * allows on REST. Clients that are not browsers send no Origin and are served.
   */
  private assertOrigin(req: ScoutRequest): void {
    const origin = req.headers.origin;
    if (origin === undefined || this.allowedOrigins.has(origin)) return;
    throw new ForbiddenError(`Origin ${origin} may not call /mcp: only PUBLIC_URL's origin and the origins in MCP_ALLOWED_ORIGINS may.`);
  }
}

function assertProtocolVersion(req: ScoutRequest): void {
  const version = req.headers['mcp-protocol-version'];
  if (version === undefined || (typeof version === 'string' && SUPPORTED_PROTOCOL_VERSIONS.includes(version))) return;
  throw new InvalidRequestError(`MCP-Protocol-Version ${String(version)} is not supported: use one of ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}.`, [
    { path: '', message: 'unsupported MCP-Protocol-Version' },
  ]);
}
