import { SetMetadata } from '@nestjs/common';
import type { Scope } from './api-key.format';

export const ACCESS_METADATA = 'scout:access';

/**
 * How a route is reached. Every route declares one; a route without is refused at request time
 * and caught by the route inventory test.
 *  - public: no key (rate limited per IP, except the load balancer's probes: `probe`);
 *  - key: a valid key with the given scope;
 *  - tool: decided per tool (public tools need no key); OAuth access tokens are accepted.
 * An OAuth access token is accepted only where a route says so (`acceptsOAuth`) and on tools:
 * managing keys, plans and grants needs an `sc_` key.
 */
export type RouteAccess = { kind: 'public'; probe?: true } | { kind: 'key'; scope: Scope; acceptsOAuth?: true } | { kind: 'tool' };

export const Public = () => SetMetadata(ACCESS_METADATA, { kind: 'public' } satisfies RouteAccess);
/**
 * A public health probe: outside the per-IP budget, since a load balancer probes every instance
 * from a few addresses, often more than the budget allows. Probes read no body and no ledger.
 */
export const Probe = () => SetMetadata(ACCESS_METADATA, { kind: 'public', probe: true } satisfies RouteAccess);
export const RequireKey = (scope: Scope = 'tools', options: { acceptsOAuth?: true } = {}) =>
  SetMetadata(ACCESS_METADATA, { kind: 'key', scope, ...options } satisfies RouteAccess);
export const ToolAccess = () => SetMetadata(ACCESS_METADATA, { kind: 'tool' } satisfies RouteAccess);
