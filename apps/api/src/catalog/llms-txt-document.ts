import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AppConfig, ToolRegistry } from '@scout/core';
import { buildLlmsTxt } from './llms-txt.builder';

/** /llms.txt, built once on first request, when the registry has found every tool (as OpenApiDocument). */
@Injectable()
export class LlmsTxtDocument {
  private cached?: { text: string; etag: string };

  constructor(
    private readonly registry: ToolRegistry,
    private readonly config: AppConfig,
  ) {}

  text(): string {
    return this.built().text;
  }

  /** A strong validator of the text, so a client revalidates it for nothing (304). */
  etag(): string {
    return this.built().etag;
  }

  private built(): { text: string; etag: string } {
    if (!this.cached) {
      const text = buildLlmsTxt({ publicUrl: this.config.publicUrl, tools: this.registry.list() });
      this.cached = { text, etag: `"${createHash('sha256').update(text).digest('base64url')}"` };
    }
    return this.cached;
  }
}
