import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RequestMethod, type INestApplication } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { ACCESS_METADATA, type RouteAccess } from '@scout/auth';

/** One controller method as Nest routes it, with the access rule the guard will read for it. */
export interface RouteInfo {
  method: string;
  path: string;
  handler: string;
  access: RouteAccess | undefined;
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
type ControllerClass = Function;

export const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

/** The load balancer's probes (apps/api/src/health), outside /api. */
export const PROBES = ['GET /healthz', 'GET /readyz'];

/** The agents' summary (apps/api/src/catalog), at the site root where llmstxt.org puts it. */
export const LLMS_TXT = 'GET /llms.txt';

/** MCP over Streamable HTTP (apps/api/src/mcp): POST carries JSON-RPC, GET and DELETE answer 405. */
export const MCP_ROUTES = ['DELETE /mcp', 'GET /mcp', 'POST /mcp'];

/** The keyed routes an OAuth access token may call besides the tools (`acceptsOAuth`); every other keyed route needs an `sc_` key. */
export const OAUTH_ROUTES = [...MCP_ROUTES, 'GET /api/v1/me'];

/** Controller routes outside /api: the probes, /llms.txt and MCP. */
export const ROOT_ROUTES = [...PROBES, LLMS_TXT, ...MCP_ROUTES];

/**
 * The authorization server's routes (apps/api/src/mcp/oauth), served by the MCP SDK's router
 * mounted at the root rather than by controllers, so listed here: all public (the per-IP budget),
 * each with what it answers to a request carrying nothing.
 */
export const OAUTH_SERVER_ROUTES: ReadonlyArray<{ route: string; emptyStatus: number }> = [
  { route: 'GET /.well-known/oauth-authorization-server', emptyStatus: 200 },
  { route: 'GET /.well-known/oauth-protected-resource', emptyStatus: 200 },
  { route: 'GET /.well-known/oauth-protected-resource/mcp', emptyStatus: 200 },
  { route: 'GET /authorize', emptyStatus: 400 },
  { route: 'POST /authorize', emptyStatus: 400 },
  { route: 'POST /authorize/decision', emptyStatus: 400 },
  { route: 'POST /token', emptyStatus: 400 },
  { route: 'POST /register', emptyStatus: 400 },
  { route: 'POST /revoke', emptyStatus: 400 },
];

/** Routes any inventory must find: the discovery routes, the tool routes, self-service and admin routes (OAuth grants among them), the routes outside /api. */
export const KNOWN_ROUTES = [
  'GET /api/v1/tools',
  'GET /api/v1/openapi.json',
  'GET /api/v1/me',
  'GET /api/v1/tools/:name',
  'POST /api/v1/tools/:name',
  'POST /api/v1/admin/accounts',
  'DELETE /api/v1/admin/keys/:keyId',
  'GET /api/v1/me/oauth-grants',
  'DELETE /api/v1/me/oauth-grants/:grantId',
  'GET /api/v1/admin/accounts/:id/oauth-grants',
  'DELETE /api/v1/admin/oauth-grants/:grantId',
  ...ROOT_ROUTES,
];

function joinPath(...parts: string[]): string {
  return (
    '/' +
    parts
      .map((p) => p.replace(/^\/+|\/+$/g, ''))
      .filter(Boolean)
      .join('/')
  );
}

const asList = (value: string | string[] | undefined): string[] => (value === undefined ? [''] : Array.isArray(value) ? value : [value]);

/** Every routed method of the given controller classes, read from their decorators alone. */
export function routesOf(controllers: ControllerClass[]): RouteInfo[] {
  const reflector = new Reflector();
  const scanner = new MetadataScanner();
  const routes: RouteInfo[] = [];
  for (const controller of controllers) {
    const prefixes = asList(Reflect.getMetadata(PATH_METADATA, controller));
    const prototype = controller.prototype as Record<string, (...args: unknown[]) => unknown>;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name];
      const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
      if (paths === undefined) continue;
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
      const access = reflector.getAllAndOverride<RouteAccess | undefined>(ACCESS_METADATA, [handler, controller as () => void]);
      for (const prefix of prefixes) {
        for (const path of asList(paths)) routes.push({ method, path: joinPath(prefix, path), handler: `${controller.name}.${name}`, access });
      }
    }
  }
  return routes.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
}

/** The controllers a booted app really registered. */
export function appControllers(app: INestApplication): ControllerClass[] {
  return app
    .get(DiscoveryService)
    .getControllers()
    .filter((wrapper) => wrapper.metatype && wrapper.instance)
    .map((wrapper) => wrapper.metatype as ControllerClass);
}

const ROOT = join(__dirname, '../../../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !/\.(spec|int-spec|e2e-spec)\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** Source files (apps and libs, tests aside) that declare a controller with @Controller. */
export function controllerFiles(): string[] {
  const roots = ['apps', 'libs'].flatMap((top) => readdirSync(join(ROOT, top)).map((name) => join(ROOT, top, name, 'src'))).filter((dir) => existsSync(dir));
  return roots.flatMap((dir) => sourceFiles(dir)).filter((file) => /@Controller\(/.test(readFileSync(file, 'utf8')));
}

/** Every controller class those files export, loaded without booting the app. */
export function sourceControllers(): ControllerClass[] {
  return controllerFiles().flatMap((file) =>
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    Object.values(require(file) as Record<string, unknown>).filter(
      (value): value is ControllerClass => typeof value === 'function' && Reflect.hasMetadata(PATH_METADATA, value),
    ),
  );
}
