import { SetMetadata } from '@nestjs/common';
import type { Scope } from './api-key.format';

export const ACCESS_METADATA = 'scout:access';

/**
 * How a route is reached. Every route declares one; a route without is refused at request time
 * and caught by the route inventory test.
 *  - public: no key (rate limited per IP);
 *  - key: a valid key with the given scope;
 *  - tool: decided per tool (public tools need no key).
 */
export type RouteAccess = { kind: 'public' } | { kind: 'key'; scope: Scope } | { kind: 'tool' };

export const Public = () => SetMetadata(ACCESS_METADATA, { kind: 'public' } satisfies RouteAccess);
export const RequireKey = (scope: Scope = 'tools') =>
  SetMetadata(ACCESS_METADATA, { kind: 'key', scope } satisfies RouteAccess);
export const ToolAccess = () => SetMetadata(ACCESS_METADATA, { kind: 'tool' } satisfies RouteAccess);
