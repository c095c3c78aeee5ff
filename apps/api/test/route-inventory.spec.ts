import { basename } from 'node:path';
import { INTERCEPTORS_METADATA } from '@nestjs/common/constants';
import { ANSWER_SCHEMAS, routeKey } from '@scout/contract';
import { RouteAnswerCheck } from '../src/http/route-answer-check.interceptor';
import { controllerFiles, key, KNOWN_ROUTES, LLMS_TXT, OAUTH_ROUTES, PROBES, routesOf, sourceControllers, type RouteInfo } from './support/route-inventory';

/**
 * The static half of the route inventory (access decorators, docs/architecture.md section 4), read from
 * the controllers' decorators without booting the app: every route declares how it is reached,
 * the public set is exactly the discovery routes (with /llms.txt) plus tools decided per tool, admin routes need
 * the admin scope. route-access.e2e-spec.ts checks that the booted app routes exactly these
 * controllers and that each declaration holds over real HTTP.
 */
describe('route inventory (static): every route declares its access', () => {
  let routes: RouteInfo[];
  beforeAll(() => {
    routes = routesOf(sourceControllers());
  });

  it('controllers live in *.controller.ts files, each exporting its controller', () => {
    const files = controllerFiles();
    expect(files.length).toBeGreaterThanOrEqual(8);
    for (const file of files) expect(basename(file)).toMatch(/\.controller\.ts$/);
    expect(sourceControllers()).toHaveLength(files.length);
  });

  it('RouteAnswerCheck wraps exactly the controllers with a route whose answer is declared (never the tools, watches, streams or MCP)', () => {
    const declared = new Set(Object.keys(ANSWER_SCHEMAS.routes));
    const found = new Set<string>();
    const wrapped: string[] = [];
    const expected: string[] = [];
    for (const controller of sourceControllers()) {
      const own = routesOf([controller]).map((r) => routeKey(r.method, r.path));
      for (const route of own) if (declared.has(route)) found.add(route);
      const interceptors = (Reflect.getMetadata(INTERCEPTORS_METADATA, controller) ?? []) as unknown[];
      if (interceptors.includes(RouteAnswerCheck)) wrapped.push(controller.name);
      if (own.some((route) => declared.has(route))) expected.push(controller.name);
    }
    expect(wrapped.sort()).toEqual(expected.sort());
    expect(wrapped).not.toEqual(expect.arrayContaining(['ToolsController']));
    expect([...found].sort()).toEqual([...declared].sort());
  });

  it('finds the known routes', () => {
    expect(routes.map(key)).toEqual(expect.arrayContaining(KNOWN_ROUTES));
  });

  it('every controller route has ACCESS_METADATA on its handler or its class', () => {
    const missing = routes.filter((r) => r.access === undefined).map((r) => `${key(r)} (${r.handler})`);
    expect(missing).toEqual([]);
    for (const r of routes) expect(['public', 'key', 'tool']).toContain(r.access!.kind);
  });

  it('the public routes are exactly GET /api/v1/tools, GET /api/v1/openapi.json, GET /llms.txt and the probes', () => {
    const publicRoutes = routes.filter((r) => r.access?.kind === 'public').map(key);
    expect(publicRoutes.sort()).toEqual(['GET /api/v1/openapi.json', 'GET /api/v1/tools', LLMS_TXT, ...PROBES].sort());
  });

  it('the routes decided per tool are GET and POST /api/v1/tools/:name, plus HEAD and every other method (405)', () => {
    const toolRoutes = routes.filter((r) => r.access?.kind === 'tool').map(key);
    expect(toolRoutes.sort()).toEqual(['ALL /api/v1/tools/:name', 'GET /api/v1/tools/:name', 'HEAD /api/v1/tools/:name', 'POST /api/v1/tools/:name']);
  });

  it('every admin route requires the admin scope; every other keyed route the tools scope', () => {
    const admin = routes.filter((r) => r.path.startsWith('/api/v1/admin'));
    expect(admin.length).toBeGreaterThanOrEqual(6);
    for (const r of admin) expect({ route: key(r), access: r.access }).toEqual({ route: key(r), access: { kind: 'key', scope: 'admin' } });
    const keyed = routes.filter((r) => r.access?.kind === 'key' && !r.path.startsWith('/api/v1/admin'));
    for (const r of keyed) {
      const access = OAUTH_ROUTES.includes(key(r)) ? { kind: 'key', scope: 'tools', acceptsOAuth: true } : { kind: 'key', scope: 'tools' };
      expect({ route: key(r), access: r.access }).toEqual({ route: key(r), access });
    }
    expect(keyed.map(key)).toContain('GET /api/v1/me');
  });

  it('an OAuth access token is accepted on exactly the tool routes and OAUTH_ROUTES', () => {
    const oauth = routes.filter((r) => r.access?.kind === 'key' && r.access.acceptsOAuth === true).map(key);
    expect(oauth.sort()).toEqual([...OAUTH_ROUTES].sort());
  });
});
