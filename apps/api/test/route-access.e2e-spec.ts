import { request as httpRequest } from 'node:http';
import { randomUUID } from 'node:crypto';
import { METHODS } from 'node:http';
import { Controller, Get, Module, type INestApplication } from '@nestjs/common';
import { ToolRegistry } from '@scout/core';
import { startTestApp, type TestApp } from './support/test-app';
import { appControllers, key, KNOWN_ROUTES, OAUTH_SERVER_ROUTES, ROOT_ROUTES, routesOf, sourceControllers, type RouteInfo } from './support/route-inventory';

/** The contract's error code of an answer: REST's `error.code`, or on /mcp the JSON-RPC error's `data.code`. */
const contractCode = (body: { error?: { code?: unknown; data?: { code?: unknown } } }) =>
  typeof body.error?.code === 'number' ? body.error.data?.code : body.error?.code;

/**
 * Route inventory, booted half (the static half, every route's declaration read from the
 * decorators, is route-inventory.spec.ts): the booted app routes exactly the controllers the
 * sources declare and exactly what Express serves, and the declarations hold over real HTTP.
 */
const NO_RATE_LIMIT = { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '1000000' };
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

/** Every controller method the booted app routes, with the access rule the guard will read for it. */
const routeInventory = (app: INestApplication): RouteInfo[] => routesOf(appControllers(app));

/** The routes Express really serves (method and path), outside the /docs router and Nest's middleware mounts. */
function expressRoutes(app: INestApplication): { api: string[]; other: string[] } {
  const express = app.getHttpAdapter().getInstance() as { router: { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> } };
  const api: string[] = [];
  const other: string[] = [];
  for (const layer of express.router.stack) {
    if (!layer.route) continue;
    const methods = Object.keys(layer.route.methods);
    // Middleware mounted on every path (request logging) is not a route of its own.
    if (layer.route.path === '{/*splat}' || layer.route.path === '/{*path}') continue;
    const served = layer.route.path.startsWith('/api/') ? api : other;
    // Nest's @All (RequestMethod.ALL) is Express's app.all: the route lists every method Node knows.
    if (METHODS.every((m) => layer.route!.methods[m.toLowerCase()])) served.push(`ALL ${layer.route.path}`);
    else for (const m of methods) served.push(`${m.toUpperCase()} ${layer.route.path}`);
  }
  return { api: api.sort(), other: other.sort() };
}

describe('route inventory (booted): the app routes what the sources declare', () => {
  let t: TestApp;
  let routes: RouteInfo[];
  beforeAll(async () => {
    t = await startTestApp({ env: NO_RATE_LIMIT });
    routes = routeInventory(t.app);
  });
  afterAll(() => t?.close());

  it("finds the controllers' routes, and they are exactly the API routes Express serves", () => {
    expect(routes.map(key)).toEqual(expect.arrayContaining(KNOWN_ROUTES));
    // The controllers the app registered are exactly those the static inventory reads.
    expect(routes.map(key)).toEqual(routesOf(sourceControllers()).map(key));
    const served = expressRoutes(t.app);
    const root = served.other.filter((route) => ROOT_ROUTES.includes(route));
    expect([...served.api, ...root].sort()).toEqual(routes.map(key).sort());
    // Everything else Express serves is the API reference at /docs over the public OpenAPI document.
    for (const route of served.other.filter((r) => !ROOT_ROUTES.includes(r))) expect(route).toMatch(/^GET \/docs/);
  });

  it('the OAuth authorization server answers its routes without a key, and nothing else beside them', async () => {
    for (const { route, emptyStatus } of OAUTH_SERVER_ROUTES) {
      const [method, path] = route.split(' ');
      const res = method === 'GET' ? await t.http().get(path) : await t.http().post(path).type('form').send('');
      expect({ route, status: res.status }).toEqual({ route, status: emptyStatus });
    }
    // Its paths take no other method, and no neighbour path is served.
    expect((await t.http().get('/token')).status).toBe(405);
    expect((await t.http().delete('/register')).status).toBe(405);
    for (const path of ['/tokens', '/authorize/other', '/.well-known/openid-configuration', '/.well-known/oauth-authorization-server/x']) {
      expect({ path, status: (await t.http().get(path)).status }).toEqual({ path, status: 404 });
    }
  });

  it('among the tools, only service_health needs no key (spec "Authentication" rule 1)', async () => {
    const tools = t.app.get(ToolRegistry).list();
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(['service_health', 'service_account', 'service_usage']));
    expect(tools.filter((tool) => tool.public).map((tool) => tool.name)).toEqual(['service_health']);
    const catalog = await t.http().get('/api/v1/tools');
    expect(catalog.status).toBe(200);
    const keyless = (catalog.body.tools as Array<{ name: string; requiresKey: boolean }>).filter((tool) => !tool.requiresKey);
    expect(keyless.map((tool) => tool.name)).toEqual(['service_health']);
  });
});

describe('route access over HTTP: each declaration holds', () => {
  let t: TestApp;
  let routes: RouteInfo[];
  let toolsKey: string;
  beforeAll(async () => {
    t = await startTestApp({ env: NO_RATE_LIMIT });
    routes = routeInventory(t.app);
    ({ apiKey: toolsKey } = await t.createAccount('route access'));
  });
  afterAll(() => t?.close());

  /** A concrete URL for a route pattern; ids are fresh UUIDs, tool names are given. */
  const concrete = (path: string, toolName = 'service_account') => path.replace(':name', toolName).replace(/:(id|keyId)\b/g, () => randomUUID());

  /** The status of a route that streams until the client leaves (Server-Sent Events): read, then leave. */
  const streamStatus = (url: string, headers: Record<string, string>) =>
    new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${t.url}${url}`, { headers }, (res) => {
        resolve(res.statusCode ?? 0);
        res.destroy();
      });
      req.on('error', reject);
      req.end();
    });

  const send = (method: string, url: string, headers: Record<string, string> = {}) => {
    const req = t.http()[method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](url).set(headers);
    return method === 'GET' || method === 'DELETE' ? req : req.send({});
  };

  it('public routes answer 200 without a key', async () => {
    for (const r of routes.filter((x) => x.access?.kind === 'public')) {
      const res = await send(r.method, concrete(r.path));
      expect({ route: key(r), status: res.status }).toEqual({ route: key(r), status: 200 });
    }
  });

  it('keyed routes answer 401 unauthorized without a key, before anything else is checked', async () => {
    for (const r of routes.filter((x) => x.access?.kind === 'key')) {
      const res = await send(r.method, concrete(r.path));
      expect({ route: key(r), status: res.status, code: contractCode(res.body) }).toEqual({ route: key(r), status: 401, code: 'unauthorized' });
    }
  });

  it('admin routes answer 403 forbidden to a tools key; tools-scope routes answer it', async () => {
    for (const r of routes.filter((x) => x.access?.kind === 'key')) {
      if (r.path.startsWith('/api/v1/stream/')) {
        expect({ route: key(r), status: await streamStatus(concrete(r.path), bearer(toolsKey)) }).toEqual({ route: key(r), status: 200 });
        continue;
      }
      const res = await send(r.method, concrete(r.path), bearer(toolsKey));
      if ((r.access as { scope: string }).scope === 'admin') {
        expect({ route: key(r), status: res.status, code: contractCode(res.body) }).toEqual({ route: key(r), status: 403, code: 'forbidden' });
      } else {
        // Past the guard: the route's own answer (200/201, or 400/404 for the empty body and the
        // random id this loop sends), never an access error.
        expect({ route: key(r), passed: ![401, 403].includes(res.status) && res.status < 500 }).toEqual({ route: key(r), passed: true });
      }
    }
  });

  it('tool routes: the public tool answers without a key, every other tool is 401 without one', async () => {
    const tools = t.app.get(ToolRegistry).list();
    // The HEAD and ALL routes only refuse the method (405, http-hardening.e2e-spec.ts).
    for (const r of routes.filter((x) => x.access?.kind === 'tool' && ['GET', 'POST'].includes(x.method))) {
      for (const tool of tools) {
        const res = await send(r.method, concrete(r.path, tool.name));
        const expected = tool.public ? 200 : 401;
        expect({ route: `${r.method} ${tool.name}`, status: res.status }).toEqual({ route: `${r.method} ${tool.name}`, status: expected });
        if (!tool.public) expect(res.body.error.code).toBe('unauthorized');
      }
    }
  });
});

@Controller('api/v1/test-undeclared')
class UndeclaredController {
  reached = 0;

  @Get()
  undeclared() {
    this.reached += 1;
    return { reached: true };
  }
}

@Module({ controllers: [UndeclaredController] })
class UndeclaredModule {}

describe('500: a route that declares no access is refused and caught by the inventory', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: NO_RATE_LIMIT, modules: [UndeclaredModule] });
  });
  afterAll(() => t?.close());

  it('the inventory names the route missing a declaration', () => {
    const missing = routeInventory(t.app)
      .filter((r) => r.access === undefined)
      .map(key);
    expect(missing).toEqual(['GET /api/v1/test-undeclared']);
  });

  it('a request to it fails closed with internal_error, with or without a key, and the handler never runs', async () => {
    const { apiKey } = await t.createAccount('undeclared');
    for (const headers of [{}, bearer(apiKey), bearer(t.adminKey)]) {
      const res = await t.http().get('/api/v1/test-undeclared').set(headers);
      expect(res.status).toBe(500);
      expect(res.body.error.code).toBe('internal_error');
    }
    const controller = t.app.get(UndeclaredController);
    expect(controller.reached).toBe(0);
  });
});
