// The console's build (npm run build runs it through scripts/build-console.mjs): Preact through
// Vite's own JSX transform, no plugin; served by the API under /console from dist/console.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/console/',
  // The API serves the built files; nothing here is public besides what the pages import.
  publicDir: false,
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: fileURLToPath(new URL('../../dist/console', import.meta.url)),
    emptyOutDir: true,
    // Hashed names: the API serves assets/ as immutable, index.html as no-cache.
    assetsDir: 'assets',
    // No inline <script> or data: module: the page's CSP allows scripts from Scout's origin only.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    sourcemap: false,
    target: 'es2022',
  },
  logLevel: 'warn',
});
