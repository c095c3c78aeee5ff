import { request as httpRequest } from 'node:http';
import { randomUUID } from 'node:crypto';
import { METHODS } from 'node:http';
import { Controller, Get, Module, RequestMethod, type INestApplication } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { ACCESS_METADATA, type RouteAccess } from '@scout/auth';
import { ToolRegistry } from '@scout/core';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Route inventory (access decorators, ARCHITECTURE section 4): every controller route declares how
 * it is reached, the public set is exactly the discovery routes plus tools decided per tool, admin
 * routes need the admin scope, and the declarations hold over real HTTP.
 */
interface RouteInfo {
  method: string;
  path: string;
  handler: string;
  access: RouteAccess | undefined;
}

const NO_RATE_LIMIT = { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '1000000' };
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

function joinPath(...parts: string[]): string {
  return '/' + parts.map((p) => p.replace(/^\/+|\/+$/g, '')).filter(Boolean).join('/');
}

const asList = (value: string | string[] | undefined): string[] =>
  value === undefined ? [''] : Array.isArray(value) ? value : [value];

/** Every controller method Nest routes, with the access rule the guard will read for it. */
function routeInventory(app: INestApplication): RouteInfo[] {
  const discovery = app.get(DiscoveryService);
  const scanner = app.get(MetadataScanner);
  const reflector = app.get(Reflector);
  const routes: RouteInfo[] = [];
  for (const wrapper of discovery.getControllers()) {
    const { metatype, instance } = wrapper;
    if (!metatype || !instance) continue;
    const prefixes = asList(Reflect.getMetadata(PATH_METADATA, metatype));
    const prototype = Object.getPrototypeOf(instance) as Record<string, (...args: unknown[]) => unknown>;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name];
      const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
      if (paths === undefined) continue;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      const access = reflector.getAllAndOverride<RouteAccess | undefined>(ACCESS_METADATA, [handler, metatype as object as () => void]);
      for (const prefix of prefixes) {
        for (const path of asList(paths)) {
          routes.push({ method, path: joinPath(prefix, path), handler: `${metatype.name}.${name}`, access });
        }
      }
    }
  }
  return routes.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

/** The load balancer's probes (apps/api/src/health), outside /api. */
const PROBES = ['GET /healthz', 'GET /readyz'];

/** The routes Express really serves (method and path), outside Swagger UI and Nest's middleware mounts. */
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

describe('route inventory: every route declares its access', () => {
  let t: TestApp;
  let routes: RouteInfo[];
  beforeAll(async () => {
    t = await startTestApp({ env: NO_RATE_LIMIT });
    routes = routeInventory(t.app);
  });
  afterAll(() => t?.close());

  it('finds the controllers\' routes, and they are exactly the API routes Express serves', () => {
    expect(routes.map(key)).toEqual(
      expect.arrayContaining([
        'GET /api/v1/tools',
        'GET /api/v1/openapi.json',
        'GET /api/v1/me',
        'GET /api/v1/tools/:name',
        'POST /api/v1/tools/:name',
        'POST /api/v1/admin/accounts',
        'DELETE /api/v1/admin/keys/:keyId',
        ...PROBES,
      ]),
    );
    const served = expressRoutes(t.app);
    const probes = served.other.filter((route) => PROBES.includes(route));
    expect([...served.api, ...probes].sort()).toEqual(routes.map(key).sort());
    // Everything else Express serves is the Swagger UI over the public OpenAPI document.
    for (const route of served.other.filter((r) => !PROBES.includes(r))) expect(route).toMatch(/^GET \/docs/);
  });

  it('every controller route has ACCESS_METADATA on its handler or its class', () => {
    const missing = routes.filter((r) => r.access === undefined).map((r) => `${key(r)} (${r.handler})`);
    expect(missing).toEqual([]);
    for (const r of routes) expect(['public', 'key', 'tool']).toContain(r.access!.kind);
  });

  it('the public routes are exactly GET /api/v1/tools, GET /api/v1/openapi.json and the probes', () => {
    const publicRoutes = routes.filter((r) => r.access?.kind === 'public').map(key);
    expect(publicRoutes.sort()).toEqual(['GET /api/v1/openapi.json', 'GET /api/v1/tools', ...PROBES].sort());
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
    for (const r of keyed) expect({ route: key(r), access: r.access }).toEqual({ route: key(r), access: { kind: 'key', scope: 'tools' } });
    expect(keyed.map(key)).toContain('GET /api/v1/me');
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
  const concrete = (path: string, toolName = 'service_account') =>
    path.replace(':name', toolName).replace(/:(id|keyId)\b/g, () => randomUUID());

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
      expect({ route: key(r), status: res.status, code: res.body.error?.code }).toEqual({ route: key(r), status: 401, code: 'unauthorized' });
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
        expect({ route: key(r), status: res.status, code: res.body.error?.code }).toEqual({ route: key(r), status: 403, code: 'forbidden' });
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
    const missing = routeInventory(t.app).filter((r) => r.access === undefined).map(key);
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
