import { Injectable } from '@nestjs/common';
import { AppConfig, ToolRegistry } from '@scout/core';
import { buildLlmsTxt } from './llms-txt.builder';

/** /llms.txt, built once on first request, when the registry has found every tool (as OpenApiDocument). */
@Injectable()
export class LlmsTxtDocument {
  private cached?: string;

  constructor(
    private readonly registry: ToolRegistry,
    private readonly config: AppConfig,
  ) {}

  text(): string {
    this.cached ??= buildLlmsTxt({ publicUrl: this.config.publicUrl, tools: this.registry.list() });
    return this.cached;
  }
}
