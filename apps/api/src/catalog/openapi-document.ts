import { Injectable } from '@nestjs/common';
import { ToolRegistry } from '@scout/core';
import { API_VERSION } from '../api-version';
import { buildOpenApiDocument } from './openapi.builder';

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
