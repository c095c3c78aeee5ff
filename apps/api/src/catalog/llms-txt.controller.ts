import { Controller, Get, Header, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '@scout/auth';
import { LlmsTxtDocument } from './llms-txt-document';

/**
 * /llms.txt (llmstxt.org) at the site root, where agents look for it: public like the catalog,
 * and the same for every caller, so shared caches may keep it for a few minutes. Its ETag is set
 * here (the app makes none: bootstrap.ts); Express answers a matching If-None-Match with 304.
 */
@Controller()
export class LlmsTxtController {
  constructor(private readonly document: LlmsTxtDocument) {}

  @Get('llms.txt')
  @Public()
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=300')
  llmsTxt(@Res({ passthrough: true }) res: Response): string {
    res.setHeader('ETag', this.document.etag());
    return this.document.text();
  }
}
