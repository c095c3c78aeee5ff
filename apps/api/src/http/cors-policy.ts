import type { NextFunction, Request, RequestHandler, Response } from 'express';
import cors from 'cors';
import { CREDITS_COST_HEADER, CREDITS_HEADER, CREDITS_USED_HEADER, REQUEST_ID_HEADER } from '@scout/core';

/** Request headers a browser page may send: the key, JSON bodies, retry keys, its own request id. */
export const CORS_REQUEST_HEADERS = ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Request-Id'];
/** Response headers a page may read besides the CORS-safelisted ones. */
export const CORS_EXPOSED_HEADERS = [CREDITS_HEADER, CREDITS_COST_HEADER, CREDITS_USED_HEADER, REQUEST_ID_HEADER, 'Idempotent-Replayed', 'Retry-After'];

/** The tool routes and the discovery documents (catalog, OpenAPI, /llms.txt): what a browser client of the public API reads and calls. */
export function isPublicApiPath(path: string): boolean {
  return path === '/api/v1/tools' || path.startsWith('/api/v1/tools/') || path === '/api/v1/openapi.json' || path === '/llms.txt';
}

/** MCP over Streamable HTTP: browser-based MCP clients call it from the public API's origins. */
export function isMcpPath(path: string): boolean {
  return path === '/mcp';
}

/** What an MCP client sends and reads besides the public API's headers (the WWW-Authenticate challenge starts its sign-in). */
const MCP_REQUEST_HEADERS = ['Mcp-Protocol-Version', 'Mcp-Session-Id', 'Last-Event-ID'];
const MCP_EXPOSED_HEADERS = ['Mcp-Session-Id', 'WWW-Authenticate'];

/** The account's own routes and the admin API: closed to browsers unless origins are configured. */
export function isAccountApiPath(path: string): boolean {
  return path === '/api/v1/me' || path.startsWith('/api/v1/me/') || path === '/api/v1/admin' || path.startsWith('/api/v1/admin/');
}

export interface CorsOrigins {
  /** Origins allowed on the public API: '*' for any. */
  publicApi: '*' | string[];
  /** Origins allowed on /me and /admin; empty: none. */
  accountApi: string[];
  /** Origins allowed on /mcp: PUBLIC_URL's and MCP_ALLOWED_ORIGINS (McpController refuses the others). */
  mcp: string[];
}

/**
 * CORS by route family, answered before authentication (a preflight carries no key): bearer keys
 * only, never cookies, so no Access-Control-Allow-Credentials. A preflight is 204 with the
 * allowed methods and headers; an origin that is not allowed gets no CORS headers, which the
 * browser enforces. Other paths get no CORS headers at all.
 */
export function corsPolicy(origins: CorsOrigins): RequestHandler {
  const common = {
    allowedHeaders: CORS_REQUEST_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    credentials: false,
    maxAge: 600,
    optionsSuccessStatus: 204,
  };
  const publicApi = cors({ ...common, origin: origins.publicApi, methods: ['GET', 'POST'] });
  const mcp = cors({
    ...common,
    allowedHeaders: [...CORS_REQUEST_HEADERS, ...MCP_REQUEST_HEADERS],
    exposedHeaders: [...CORS_EXPOSED_HEADERS, ...MCP_EXPOSED_HEADERS],
    origin: origins.mcp,
    methods: ['POST'],
  });
  const accountApi = origins.accountApi.length > 0 ? cors({ ...common, origin: origins.accountApi, methods: ['GET', 'POST', 'PUT', 'DELETE'] }) : null;
  return (req: Request, res: Response, next: NextFunction) => {
    if (isPublicApiPath(req.path)) return publicApi(req, res, next);
    if (isMcpPath(req.path)) return mcp(req, res, next);
    if (accountApi && isAccountApiPath(req.path)) return accountApi(req, res, next);
    next();
  };
}
