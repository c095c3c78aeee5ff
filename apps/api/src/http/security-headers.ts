import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/** Where the Swagger UI is served (bootstrap.ts): the only HTML Scout sends. */
export const DOCS_PATH = '/docs';

/**
 * The JSON API renders nothing, so its pages may load nothing and be framed by no one. The docs
 * page loads the Swagger UI's own scripts and stylesheet from this origin; its template has
 * inline <style> blocks (hence 'unsafe-inline' for styles only), its icons are data: URIs, and
 * "Try it out" calls this origin. No inline or remote script is allowed on either.
 */
const API_CSP = {
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};
const DOCS_CSP = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

const withCsp = (directives: Record<string, string[]>) =>
  helmet({
    // Directives as written: helmet's defaults add upgrade-insecure-requests, which would break
    // the docs on a plain-HTTP local port.
    contentSecurityPolicy: { useDefaults: false, directives },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });

/**
 * helmet on every answer: nosniff, no framing, no referrer, a CSP, and helmet's other defaults
 * (HSTS, which browsers honour only over HTTPS, cross-origin isolation headers). Keyed answers
 * hold account data, so nothing under /api/v1 is stored by a browser or a shared cache.
 */
export function securityHeaders(): RequestHandler {
  const api = withCsp(API_CSP);
  const docs = withCsp(DOCS_CSP);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.path.startsWith('/api/')) res.setHeader('Cache-Control', 'no-store');
    const isDocs = req.path === DOCS_PATH || req.path.startsWith(`${DOCS_PATH}/`);
    return (isDocs ? docs : api)(req, res, next);
  };
}
