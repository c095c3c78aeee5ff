import { Controller, Get, Header } from '@nestjs/common';
import { Public } from '@scout/auth';
import { LlmsTxtDocument } from './llms-txt-document';

/**
 * /llms.txt (llmstxt.org) at the site root, where agents look for it: public like the catalog,
 * and the same for every caller, so shared caches may keep it for a few minutes.
 */
@Controller()
export class LlmsTxtController {
  constructor(private readonly document: LlmsTxtDocument) {}

  @Get('llms.txt')
  @Public()
  @Header('Content-Type', 'text/plain; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=300')
  llmsTxt(): string {
    return this.document.text();
  }
}
