import type { INestApplication } from '@nestjs/common';
import { CREDITS_COST_HEADER, CREDITS_HEADER, CREDITS_USED_HEADER, ToolRegistry } from '@scout/core';
import { BearerStrategy, UnauthenticatedRateLimiter } from '@scout/auth';
import { LedgerService } from '@scout/ledger';
import type { ClientErrorCredits } from './client-errors';
import type { RefusedRequest } from './refused-request';

const TOOL_TARGET = /^\/api\/v1\/tools\/([A-Za-z0-9_]+)(?:[?#]|$)/;

/**
 * The credit headers for a request Node's parser refused (client-errors.ts), resolved like the
 * access guard would: the credential verified, a refused one counted against the IP (so the lookup
 * is no way round the key-guessing limit), the balance read, and on a tool route its cost and the
 * 0 this answer charged.
 */
export function clientErrorCredits(app: INestApplication): ClientErrorCredits {
  const bearer = app.get(BearerStrategy);
  const limiter = app.get(UnauthenticatedRateLimiter);
  const ledger = app.get(LedgerService);
  const tools = app.get(ToolRegistry);
  return {
    async headersFor(request: RefusedRequest): Promise<Record<string, string>> {
      const token = /^Bearer +(\S+)$/i.exec(request.authorization ?? '')?.[1];
      const caller = token ? await bearer.validate(token) : false;
      if (!caller) {
        await limiter.consume(request.ip).catch(() => undefined);
        return {};
      }
      const headers: Record<string, string> = { [CREDITS_HEADER]: String(await ledger.remaining(caller.accountId)) };
      const name = TOOL_TARGET.exec(request.target)?.[1];
      const tool = name ? tools.list().find((t) => t.name === name) : undefined;
      if (tool) {
        headers[CREDITS_COST_HEADER] = String(tool.cost);
        headers[CREDITS_USED_HEADER] = '0';
      }
      return headers;
    },
  };
}
