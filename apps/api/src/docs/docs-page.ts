import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { DOCS_PATH, docsStyleNonce } from '../http/security-headers';
import { SCALAR_BROWSER_DIR, SCALAR_VERSION } from './scalar-bundle';

/**
 * The API reference at /docs: Scalar's API Reference (`@scalar/api-reference`, its standalone
 * browser build) over the same document as /api/v1/openapi.json. Everything the page loads comes
 * from Scout: the bundle and the chunks it imports are served (scalar-bundle.ts) under a versioned
 * path, its configuration is a data attribute the bundle reads itself, and Scout's one script (the
 * prelude) is a file; the page has no inline script (its CSP: http/security-headers.ts).
 */

/** Where the OpenAPI document is served (catalog controller). */
export const OPENAPI_PATH = '/api/v1/openapi.json';
export const DOCS_ASSETS_PATH = `${DOCS_PATH}/assets/scalar-${SCALAR_VERSION}`;
export const DOCS_ENTRY = `${DOCS_ASSETS_PATH}/standalone.esm.js`;
export const DOCS_PRELUDE = `${DOCS_PATH}/prelude.js`;

/**
 * Scalar's configuration (its `data-configuration` HTML API). Nothing reaches another origin: no
 * default fonts (fonts.scalar.com), no "open in Scalar's client" button (client.scalar.com), no AI
 * agent (api.scalar.com), no telemetry, no developer toolbar; "Test Request" sends straight to the
 * document's server (`/`, this origin) with no proxy, so connect-src 'self' allows it. A pasted
 * key stays in the page's memory (not localStorage).
 */
export const SCALAR_CONFIGURATION = {
  url: OPENAPI_PATH,
  theme: 'default',
  withDefaultFonts: false,
  hideClientButton: true,
  telemetry: false,
  agent: { disabled: true },
  showDeveloperTools: 'never',
  documentDownloadType: 'json',
  persistAuth: false,
} as const;

/**
 * Scout's one script on the page, run before the bundle:
 * - zod (inside the bundle) tests once whether it may compile validators with `Function('')`
 *   unless its global config says jitless (what `z.config({ jitless: true })` sets, zod's setting
 *   for pages whose CSP forbids eval); without this the test is a CSP violation (zod then runs
 *   interpreted anyway).
 * - the bundle's scripts create <style> elements of their own without the nonce (vue-sonner's
 *   toasts, the theme's variables, CodeMirror's editor styles, whose text changes as editors
 *   mount, so no hash can cover it): every <style> element made by script gets the nonce. Markup
 *   parsed from HTML (innerHTML, v-html) never goes through createElement, so an injected <style>
 *   stays blocked.
 */
export const PRELUDE_JS = `// Scout /docs (apps/api/src/docs/docs-page.ts): runs before the API reference bundle.
(() => {
  // zod inside the bundle runs jitless: it never tests for eval, which this page's CSP forbids.
  globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
  // <style> elements created by the bundle's scripts carry the CSP nonce; parsed markup does not.
  const nonce = document.querySelector('meta[property="csp-nonce"]')?.content;
  if (!nonce) return;
  const createElement = Document.prototype.createElement;
  Document.prototype.createElement = function (tagName, options) {
    const element = createElement.call(this, tagName, options);
    if (element instanceof HTMLStyleElement) element.nonce = nonce;
    return element;
  };
})();
`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The page. The nonce is the CSP's for <style> elements: the bundle reads it from the csp-nonce
 * meta tag for the stylesheet it injects, and the prelude for the others. The favicon is an empty
 * data: URI, so the browser asks for no /favicon.ico.
 */
export function docsHtml(nonce: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta property="csp-nonce" content="${escapeHtml(nonce)}">
<title>Scout API</title>
<link rel="icon" href="data:,">
<script src="${DOCS_PRELUDE}"></script>
</head>
<body>
<div id="api-reference" data-configuration="${escapeHtml(JSON.stringify(SCALAR_CONFIGURATION))}"></div>
<script type="module" src="${DOCS_ENTRY}"></script>
</body>
</html>
`;
}

/** Only the bundle's JavaScript is served (not its 20 MB of source maps): `standalone.esm.js` and `chunks/<name>.js`. */
const ASSET = /^\/(?:chunks\/)?[\w.-]+\.js$/;

/** The /docs routes: the page (GET /docs and /docs/), the prelude and the reference's assets. */
export function docsRouter(): Router {
  const router = express.Router();
  router.get('/', (_req: Request, res: Response) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    // A new nonce on every answer: never reused from a cache.
    res.setHeader('Cache-Control', 'no-store');
    res.send(docsHtml(docsStyleNonce(res)));
  });
  router.get(DOCS_PRELUDE.slice(DOCS_PATH.length), (_req: Request, res: Response) => {
    res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    res.send(PRELUDE_JS);
  });
  const assets = express.static(SCALAR_BROWSER_DIR, {
    index: false,
    redirect: false,
    dotfiles: 'deny',
    // The path names the exact version, and the chunks' names their content hash.
    immutable: true,
    maxAge: '365d',
  });
  router.use(DOCS_ASSETS_PATH.slice(DOCS_PATH.length), (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !ASSET.test(req.path)) return next();
    return assets(req, res, next);
  });
  return router;
}
