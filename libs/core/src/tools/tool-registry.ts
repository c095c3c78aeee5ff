import { Inject, Injectable, Optional, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { NotFoundError } from '../errors/scout-error';
import { TOOL_CATALOG, TOOL_NAMES, type ToolName } from './tool-catalog';
import { TOOL_METADATA } from './tool.decorator';
import { inputSchemaOf } from './tool-input';
import type { RegisteredTool, ToolHandler, ToolOptions } from './tool.types';

/**
 * Tools a test harness may add beside the contract's (name to cost). Production never sets it;
 * the gateway tests use it to drive paid calls and failures through a handler they control.
 */
export const EXTRA_TOOL_COSTS = Symbol('EXTRA_TOOL_COSTS');

/** How strict the registry is about the catalog (CoreModule.forRoot's `toolRegistry`). */
export interface ToolRegistryOptions {
  /**
   * Refuse to boot unless every TOOL_CATALOG tool has a handler. The API sets it (its callers
   * read the whole catalog in the docs and the price table, so a contract tool that answers 404
   * is a broken deployment, not a gap to find at call time); only a test booting the API with a
   * subset of the tools turns it off (AppModuleExtras.allowPartialCatalog). Contexts that serve
   * no tools (the worker) or a few (a library's module spec) leave it unset.
   */
  requireCompleteCatalog?: boolean;
}

export const TOOL_REGISTRY_OPTIONS = Symbol('TOOL_REGISTRY_OPTIONS');

/**
 * Every @Tool handler in the application, found at boot. Boot fails on a duplicate name, a name
 * that is not in the contract's catalog, and (with requireCompleteCatalog, as the API boots) a
 * catalog tool that no handler serves.
 */
@Injectable()
export class ToolRegistry implements OnModuleInit {
  private readonly tools = new Map<string, RegisteredTool>();
  private readonly costs: Record<string, number>;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    @Optional() @Inject(EXTRA_TOOL_COSTS) extraCosts?: Record<string, number>,
    @Optional() @Inject(TOOL_REGISTRY_OPTIONS) private readonly options: ToolRegistryOptions = {},
  ) {
    this.costs = {
      ...Object.fromEntries(Object.entries(TOOL_CATALOG).map(([name, entry]) => [name, entry.cost])),
      ...extraCosts,
    };
  }

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic()) continue;
      const prototype = Object.getPrototypeOf(instance) as Record<string, ToolHandler>;
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const handler = prototype[method];
        const options = this.reflector.get<ToolOptions | undefined>(TOOL_METADATA, handler);
        if (options) this.register(options, handler.bind(instance));
      }
    }
    if (this.options.requireCompleteCatalog) this.assertCatalogServed();
  }

  /** Catalog tools no handler serves, in catalog order. */
  unserved(): ToolName[] {
    return TOOL_NAMES.filter((name) => !this.tools.has(name));
  }

  /** Throws, naming them, when some catalog tools have no handler. */
  assertCatalogServed(): void {
    const missing = this.unserved();
    if (missing.length === 0) return;
    throw new Error(
      `The API serves ${TOOL_NAMES.length - missing.length} of the ${TOOL_NAMES.length} tools of the contract: no handler for ${missing.join(', ')} (see TOOL_CATALOG). ` +
        'Register their services before booting it.',
    );
  }

  register(options: ToolOptions, handler: ToolHandler): void {
    if (!Object.prototype.hasOwnProperty.call(this.costs, options.name)) {
      throw new Error(`@Tool "${options.name}" is not a tool of the contract (see TOOL_CATALOG)`);
    }
    if (this.tools.has(options.name)) {
      throw new Error(`Two handlers claim the tool "${options.name}"`);
    }
    if (options.deadlineMs !== undefined && this.costs[options.name] > 0) {
      // A paid call's hold lapses at TOOL_DEADLINE_MS plus grace: a longer call could not be charged.
      throw new Error(`@Tool "${options.name}" costs credits, so it cannot have a deadline of its own`);
    }
    this.tools.set(options.name, {
      ...options,
      cost: this.costs[options.name],
      handler,
      inputSchema: inputSchemaOf(options.input),
    });
  }

  /** The tool by name, or NotFoundError (404) for a name no handler serves. */
  resolve(name: string): RegisteredTool {
    const tool = this.tools.get(name);
    if (!tool) {
      const hint = Object.prototype.hasOwnProperty.call(TOOL_CATALOG, name) ? ' It is part of the contract but not served yet.' : '';
      throw new NotFoundError(`Unknown tool "${name}".${hint} GET /api/v1/tools lists the tools.`);
    }
    return tool;
  }

  list(): RegisteredTool[] {
    return [...this.tools.values()].sort((a, b) => a.name.localeCompare(b.name));
  }
}
