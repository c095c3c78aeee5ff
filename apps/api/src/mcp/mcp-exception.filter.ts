import { Catch, Injectable, type ArgumentsHost } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppConfig, ScoutError, ScoutExceptionFilter, toScoutError } from '@scout/core';
import { LedgerService } from '@scout/ledger';
import { jsonRpcError, McpProtocolError, rpcIdOf } from './jsonrpc-errors';

/** Where an MCP client learns how to sign in: RFC 9728 protected resource metadata for /mcp (served by the OAuth router). */
export const MCP_RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource/mcp';

export function resourceMetadataUrl(publicUrl: string): string {
  return `${publicUrl}${MCP_RESOURCE_METADATA_PATH}`;
}

/**
 * The exception filter of /mcp: every refusal (the credential, the Origin, the body, the message)
 * is a JSON-RPC error object with the status and headers REST would send, its `data` holding the
 * contract's error code and issues. On a 401, the `WWW-Authenticate` challenge (RFC 6750, RFC 9728
 * section 5.1) an MCP client starts its OAuth sign-in from; `error="invalid_token"` when a
 * credential was sent and refused.
 */
@Catch()
@Injectable()
export class McpExceptionFilter extends ScoutExceptionFilter {
  private readonly challenge: string;

  constructor(ledger: LedgerService, config: AppConfig) {
    super({ remainingFor: (accountId) => ledger.remaining(accountId) });
    this.challenge = `resource_metadata="${resourceMetadataUrl(config.publicUrl)}", scope="tools"`;
  }

  override async catch(exception: unknown, host: ArgumentsHost): Promise<void> {
    const http = host.switchToHttp();
    const res = http.getResponse<Response>();
    if (toScoutError(exception).code === 'unauthorized' && !res.headersSent) {
      const sentCredential = http.getRequest<Request>().headers.authorization !== undefined;
      res.setHeader('WWW-Authenticate', `Bearer ${sentCredential ? 'error="invalid_token", ' : ''}${this.challenge}`);
    }
    await super.catch(exception, host);
  }

  protected override send(res: Response, req: Request, error: ScoutError, remaining: number | null): void {
    const id = error instanceof McpProtocolError ? error.rpcId : rpcIdOf(req.body);
    res.status(error.status).json(jsonRpcError(error, id, remaining, (req as Request & { id?: string }).id));
  }
}
