import { Injectable } from '@nestjs/common';
import { ToolRegistry } from '@scout/core';
import { buildOpenApiDocument } from './openapi.builder';

/** The API's version, in the OpenAPI document and the MCP server's info. */
export const API_VERSION = '1.0.0';

/** The OpenAPI document, built once from the registry after boot. */
@Injectable()
export class OpenApiDocument {
  private cached?: Record<string, unknown>;

  constructor(private readonly registry: ToolRegistry) {}

  document(): Record<string, unknown> {
    this.cached ??= buildOpenApiDocument(this.registry.list(), API_VERSION);
    return this.cached;
  }
}
