import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ForbiddenError, ScoutError, ToolRegistry, UnauthorizedError, type CallerIdentity, type RegisteredTool } from '@scout/core';
import { ACCESS_METADATA, type RouteAccess } from './access.decorators';
import { BearerAuthGuard } from './bearer-auth.guard';
import { UnauthenticatedRateLimiter } from './unauthenticated-rate-limiter';

/** A request past the pipeline's first step, which gives every request its string id (x-request-id or a UUID). */
export type ScoutRequest = Request & { id: string; caller?: CallerIdentity | null; tool?: RegisteredTool };

/**
 * The gate in front of every route (docs/architecture.md section 4, steps 2-4): IP rate limit for requests
 * without a key, tool lookup (404 before auth), bearer auth, scope check. An OAuth access token is
 * taken on the tools and on routes that say so (`acceptsOAuth`); managing keys, plans, grants and
 * the admin API needs an `sc_` key.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly bearer: BearerAuthGuard,
    private readonly limiter: UnauthenticatedRateLimiter,
    private readonly tools: ToolRegistry,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<ScoutRequest>();
    req.caller = null;
    const access = this.reflector.getAllAndOverride<RouteAccess | undefined>(ACCESS_METADATA, [context.getHandler(), context.getClass()]);
    if (!access) throw new ScoutError('internal_error', 'Route declares no access rule.');

    const presentsKey = req.headers.authorization !== undefined;
    const probe = access.kind === 'public' && access.probe === true;
    if (!presentsKey && !probe) await this.limiter.consume(req.ip ?? 'unknown');
    if (authorizationHeaderCount(req) > 1) {
      await this.limiter.consume(req.ip ?? 'unknown');
      throw new UnauthorizedError('Send exactly one Authorization header.');
    }

    let scope: 'tools' | 'admin' | null;
    if (access.kind === 'public') scope = null;
    else if (access.kind === 'key') scope = access.scope;
    else {
      req.tool = this.tools.resolve(String(req.params.name));
      scope = req.tool.public ? null : 'tools';
    }
    if (scope === null && !presentsKey) return true;

    if (this.carriesKeyOutsideHeader(req)) {
      throw new UnauthorizedError('Send the API key only in the Authorization header.');
    }
    try {
      await this.bearer.canActivate(context);
    } catch (error) {
      const failure = error instanceof ScoutError ? error : new UnauthorizedError();
      // A refused key counts against the IP like an anonymous request: key guessing is rate limited.
      if (presentsKey && failure.code === 'unauthorized') await this.limiter.consume(req.ip ?? 'unknown');
      throw failure;
    }
    req.caller = req.user as CallerIdentity;
    if (req.caller.credential === 'oauth' && access.kind === 'key' && access.acceptsOAuth !== true) {
      throw new ForbiddenError('An OAuth access token works on the tools, /mcp and GET /api/v1/me; this route needs an sc_ API key.');
    }
    if (scope !== null && !req.caller.scopes.includes(scope)) {
      throw new ForbiddenError(`This route needs a key with the ${scope} scope.`);
    }
    return true;
  }

  /**
   * passport-http-bearer also reads access_token from the query or body; Scout does not allow that.
   * The body is not read yet here (that comes after the guard); its reader refuses the field.
   */
  private carriesKeyOutsideHeader(req: ScoutRequest): boolean {
    const inQuery = typeof req.query === 'object' && req.query !== null && 'access_token' in req.query;
    const inBody = typeof req.body === 'object' && req.body !== null && 'access_token' in req.body;
    return inQuery || inBody;
  }
}

/**
 * Node keeps only the first of repeated Authorization headers, so which key a request carries
 * would depend on header order (and on any proxy in between): the raw headers tell.
 */
function authorizationHeaderCount(req: ScoutRequest): number {
  let count = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i].toLowerCase() === 'authorization') count += 1;
  return count;
}
