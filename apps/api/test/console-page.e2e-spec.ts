import express from 'express';
import request from 'supertest';
import { consoleRouter } from '../src/console/console-page';
import { buildConsole } from './support/browser';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * How /console is served (apps/api/src/console): the page built by Vite into dist/console, under
 * the console's CSP, revalidated on every visit, its hashed assets immutable; a console that was
 * never built says how to build it. What the pages do is checked in Chromium
 * (console-account.e2e-spec.ts, console-admin.e2e-spec.ts).
 */
describe('the console at /console (served files and headers)', () => {
  let t: TestApp;
  beforeAll(async () => {
    buildConsole();
    t = await startTestApp();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("serves the page under a CSP that allows only this origin's scripts, styles and API, never framed", async () => {
    const res = await t.http().get('/console');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const csp = String(res.headers['content-security-policy']);
    const directives = Object.fromEntries(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values.join(' ')]),
    );
    expect(directives).toMatchObject({
      'default-src': "'none'",
      'script-src': "'self'",
      'style-src': "'self'",
      'connect-src': "'self'",
      'frame-ancestors': "'none'",
    });
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https?:/);
    expect(res.headers['x-frame-options']).toBe('DENY');
    // No inline script: every script and stylesheet is a file under /console/assets.
    expect(res.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(res.text).toMatch(/<script type="module" crossorigin src="\/console\/assets\/[\w-]+\.js"><\/script>/);
  });

  it('serves the hashed assets as immutable, and refuses an unknown one with 404', async () => {
    const page = (await t.http().get('/console')).text;
    for (const asset of page.match(/\/console\/assets\/[\w-]+\.(js|css)/g) ?? []) {
      const res = await t.http().get(asset);
      expect({ asset, status: res.status }).toEqual({ asset, status: 200 });
      expect(res.headers['cache-control']).toMatch(/immutable/);
    }
    expect((await t.http().get('/console/assets/missing-0000.js')).status).toBe(404);
  });

  it('answers any other path under /console with the page (its routes are hash routes)', async () => {
    const res = await t.http().get('/console/accounts/old-link');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="app"></div>');
  });

  it('says how to build it when dist/console is missing, with 503', async () => {
    const res = await request(express().use('/console', consoleRouter(null))).get('/console');
    expect(res.status).toBe(503);
    expect(res.text).toContain('npm run build');
  });
});
