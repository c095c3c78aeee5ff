import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/** Where the API reference is served (apps/api/src/docs). */
export const DOCS_PATH = '/docs';
/** Where the console is served (apps/api/src/console). */
export const CONSOLE_PATH = '/console';

/**
 * The JSON API renders nothing, so its pages may load nothing and be framed by no one.
 *
 * The docs page (Scalar's API Reference, apps/api/src/docs) loads its scripts from this origin
 * only and runs no inline script, nor eval; "Test Request" and the document's fetch go to this
 * origin; its icons are inline SVG or data: URIs and it loads no font. Styles are the one
 * exception, kept as narrow as the bundle allows:
 * - <style> elements: a nonce made for each answer, no 'unsafe-inline'. The page hands it to the
 *   bundle in a csp-nonce meta tag, and Scout's prelude puts it on every <style> element the
 *   bundle's scripts create (docs/docs-page.ts); a <style> in markup injected into the page has
 *   none and is blocked.
 * - style attributes: 'unsafe-inline' (style-src-attr only). The bundle writes per-element
 *   values into markup it renders as HTML (the highlighted code blocks' `--line-count` and
 *   `--line-digits`, one value per example) and measures the scrollbar with a styled probe, so
 *   no fixed list of hashes covers them; blocked, the example answers show line numbers without
 *   their text. A style attribute holds declarations for one element: no selector, no @import,
 *   and any url() in it is still bound by img-src.
 */
const API_CSP = {
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

type Directive = string | ((req: IncomingMessage, res: ServerResponse) => string);

const NONCE = Symbol('docs style nonce');
type WithNonce = ServerResponse & { [NONCE]?: string };

/** The style nonce of this answer's CSP, made on first use (by the CSP header or by the page, whichever comes first). */
export function docsStyleNonce(res: ServerResponse): string {
  const answer = res as WithNonce;
  return (answer[NONCE] ??= randomBytes(16).toString('base64'));
}

const docsStyleElements: Directive[] = ["'self'", (_req, res) => `'nonce-${docsStyleNonce(res)}'`];

const DOCS_CSP: Record<string, Directive[]> = {
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src-elem': docsStyleElements,
  'style-src-attr': ["'unsafe-inline'"],
  // For browsers without the -elem/-attr directives: elements as above, attributes blocked.
  'style-src': docsStyleElements,
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

/**
 * The console (apps/console, built by Vite): its scripts and its one stylesheet are files from this
 * origin, it calls the API on this origin only, its chart is a canvas. No inline script or style
 * element, no eval; style attributes are blocked too (the pages set styles through the DOM, which a
 * CSP does not govern). It is never framed.
 */
const CONSOLE_CSP: Record<string, Directive[]> = {
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

const withCsp = (directives: Record<string, Directive[]>) =>
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
  const consolePages = withCsp(CONSOLE_CSP);
  const under = (path: string, base: string) => path === base || path.startsWith(`${base}/`);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.path.startsWith('/api/')) res.setHeader('Cache-Control', 'no-store');
    if (under(req.path, DOCS_PATH)) return docs(req, res, next);
    if (under(req.path, CONSOLE_PATH)) return consolePages(req, res, next);
    return api(req, res, next);
  };
}
