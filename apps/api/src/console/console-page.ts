import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';

/**
 * The console at /console (apps/console): the account dashboard and the admin console, a page
 * built by Vite into dist/console (scripts/build-console.mjs) that calls only the public API from
 * the browser with the key its user pasted. Served as static files under the strict CSP of
 * http/security-headers.ts: index.html is revalidated on every visit, the hashed assets are
 * immutable. Client routes are hash routes, so the server has one page to serve.
 */

/** dist/console, seen from the compiled file (dist/apps/api/src/console) or from the sources (apps/api/src/console). */
export function consoleDir(from = __dirname): string | null {
  const candidates = [join(from, '..', '..', '..', '..', 'console'), join(from, '..', '..', '..', '..', 'dist', 'console')];
  return candidates.find((dir) => existsSync(join(dir, 'index.html'))) ?? null;
}

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Scout console</title></head>
<body><h1>Scout console</h1><p>The console is not built: run <code>npm run build</code> (npm start does it).</p></body></html>
`;

export function consoleRouter(dir = consoleDir()): Router {
  const router = express.Router();
  if (!dir) {
    router.get('/', (_req: Request, res: Response) => {
      res.status(503).setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Cache-Control', 'no-store');
      res.send(NOT_BUILT);
    });
    return router;
  }
  const page = (_req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(join(dir, 'index.html'));
  };
  router.get('/', page);
  router.use(
    '/assets',
    express.static(join(dir, 'assets'), { index: false, redirect: false, dotfiles: 'deny', immutable: true, maxAge: '365d', fallthrough: false }),
  );
  // /console/anything-else: the same page (a typed or old link), never a file listing.
  router.get(/^\/(?!assets\/).+/, page);
  router.use((error: Error & { status?: number }, _req: Request, res: Response, next: NextFunction) => {
    if (error.status === 404) return res.status(404).type('text/plain').send('Not found');
    return next(error);
  });
  return router;
}
