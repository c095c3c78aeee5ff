import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { AnswerConformance, routeKey } from '@scout/contract';
import { tap, type Observable } from 'rxjs';

/**
 * Holds the account, self-service and admin routes to the answers their handlers declare, as
 * ToolCallService does for the tools: the body is sent as it is, and a field off the generated
 * schema (libs/contract) is logged once per route and path, and fails the test tiers.
 *
 * Put on those controllers with @UseInterceptors, not registered globally: a tool call, a held
 * watch or an event stream then never lives inside an interceptor's observable (route-inventory.spec.ts
 * checks that every controller with a declared answer has it, and no other).
 */
@Injectable()
export class RouteAnswerCheck implements NestInterceptor {
  constructor(private readonly conformance: AnswerConformance) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Request>();
    const path = (request.route as { path?: unknown } | undefined)?.path;
    if (typeof path !== 'string') return next.handle();
    const route = routeKey(request.method, path);
    return next.handle().pipe(tap((body) => this.conformance.checkRoute(route, body)));
  }
}
