/** Injection token of the API's UpstreamEndpoints (@scout/upstream): whether answers come from the sandbox. */
export const UPSTREAM_ENDPOINTS = Symbol('UPSTREAM_ENDPOINTS');
