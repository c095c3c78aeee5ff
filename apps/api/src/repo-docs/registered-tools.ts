import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { TOOL_METADATA, ToolRegistry, type RegisteredTool, type ToolOptions } from '@scout/core';

/** Files under libs/ that declare `@Tool` handlers (tests' fixture tools excluded), as the answer-schema generator finds them. */
export function handlerFiles(root: string): string[] {
  return readdirSync(resolve(root, 'libs'), { recursive: true, encoding: 'utf8' })
    .map((file) => join('libs', file))
    .filter((file) => file.endsWith('.ts') && !/\.(spec|int-spec|e2e-spec)\.ts$/.test(file) && !file.split(/[\\/]/).includes('test'))
    .filter((file) => readFileSync(resolve(root, file), 'utf8').includes('@Tool('))
    .sort();
}

const notServed = (name: string) => () => Promise.reject(new Error(`${name}: a documentation registry lists tools, it does not call them`));

/**
 * The tools as the API's ToolRegistry lists them (cost from the catalog, `inputSchema` generated
 * from the input DTO), without booting Nest: every `@Tool` method of the classes the handler files
 * export goes through the registry's own `register`, which refuses a name outside the catalog and
 * a name claimed twice, and then every catalog tool must have been found (as the API requires at
 * boot). Nothing is instantiated: the handlers are never called.
 *
 * The lighter way: a Nest testing module of the tool modules would need each module's provider
 * clients (and the account, alert and feed tools a database), and the whole app a database and its
 * migrations, for the same list.
 */
export async function registeredTools(root: string): Promise<RegisteredTool[]> {
  const scanner = new MetadataScanner();
  const reflector = new Reflector();
  // The registry's discovery is what the file scan replaces: register() and list() never touch it.
  const registry = new ToolRegistry(null as unknown as DiscoveryService, scanner, reflector);
  const seen = new Set<unknown>();
  for (const file of handlerFiles(root)) {
    const exports = (await import(resolve(root, file))) as Record<string, unknown>;
    for (const value of Object.values(exports)) {
      if (typeof value !== 'function' || seen.has(value)) continue;
      seen.add(value);
      const prototype = (value as { prototype?: object }).prototype;
      if (!prototype) continue;
      for (const method of scanner.getAllMethodNames(prototype)) {
        const handler = (prototype as Record<string, unknown>)[method];
        if (typeof handler !== 'function') continue;
        const options = reflector.get<ToolOptions | undefined>(TOOL_METADATA, handler as (...args: unknown[]) => unknown);
        if (options) registry.register(options, notServed(options.name));
      }
    }
  }
  registry.assertCatalogServed();
  return registry.list();
}
