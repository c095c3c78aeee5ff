import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { NotFoundError } from '../errors/scout-error';
import { isToolName, TOOL_CATALOG, type ToolName } from './tool-catalog';
import { TOOL_METADATA } from './tool.decorator';
import { inputSchemaOf } from './tool-input';
import type { RegisteredTool, ToolHandler, ToolOptions } from './tool.types';

/**
 * Every @Tool handler in the application, found at boot. Boot fails on a duplicate name or a name
 * that is not in the contract's catalog.
 */
@Injectable()
export class ToolRegistry implements OnModuleInit {
  private readonly tools = new Map<ToolName, RegisteredTool>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic()) continue;
      const prototype = Object.getPrototypeOf(instance);
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const options = this.reflector.get<ToolOptions | undefined>(TOOL_METADATA, prototype[method]);
        if (options) this.register(options, (prototype[method] as ToolHandler).bind(instance));
      }
    }
  }

  register(options: ToolOptions, handler: ToolHandler): void {
    if (!isToolName(options.name)) {
      throw new Error(`@Tool "${options.name}" is not a tool of the contract (see TOOL_CATALOG)`);
    }
    if (this.tools.has(options.name)) {
      throw new Error(`Two handlers claim the tool "${options.name}"`);
    }
    this.tools.set(options.name, {
      ...options,
      cost: TOOL_CATALOG[options.name].cost,
      handler,
      inputSchema: inputSchemaOf(options.input),
    });
  }

  /** The tool by name, or NotFoundError (404) for a name no handler serves. */
  resolve(name: string): RegisteredTool {
    const tool = isToolName(name) ? this.tools.get(name) : undefined;
    if (!tool) {
      const hint = isToolName(name) ? ' It is part of the contract but not served yet.' : '';
      throw new NotFoundError(`Unknown tool "${name}".${hint} GET /api/v1/tools lists the tools.`);
    }
    return tool;
  }

  list(): RegisteredTool[] {
    return [...this.tools.values()].sort((a, b) => a.name.localeCompare(b.name));
  }
}
