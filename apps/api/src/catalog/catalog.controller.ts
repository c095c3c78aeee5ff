import { Controller, Get } from '@nestjs/common';
import { Public } from '@scout/auth';
import { ToolRegistry } from '@scout/core';
import { OpenApiDocument } from './openapi-document';

/** Discovery routes, public so integrators and agents can read them before they have a key. */
@Controller('api/v1')
export class CatalogController {
  constructor(
    private readonly registry: ToolRegistry,
    private readonly openApi: OpenApiDocument,
  ) {}

  @Get('tools')
  @Public()
  listTools() {
    const tools = this.registry.list().map((tool) => ({
      name: tool.name,
      cost: tool.cost,
      summary: tool.summary,
      description: tool.description ?? tool.summary,
      requiresKey: !tool.public,
      methods: ['GET', 'POST'],
      path: `/api/v1/tools/${tool.name}`,
      inputSchema: tool.inputSchema,
    }));
    return { count: tools.length, tools };
  }

  @Get('openapi.json')
  @Public()
  openapi() {
    return this.openApi.document();
  }
}
