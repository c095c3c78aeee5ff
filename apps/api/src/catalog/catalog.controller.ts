import { Controller, Get, UseInterceptors } from '@nestjs/common';
import { Public } from '@scout/auth';
import { ToolRegistry, type JsonValue } from '@scout/core';
import { OpenApiDocument } from './openapi-document';
import { RouteAnswerCheck } from '../http/route-answer-check.interceptor';

/** One tool of the catalog. */
export interface CatalogTool {
  /** The tool's name, as in `/api/v1/tools/<name>`. */
  name: string;
  /** Credits a call costs (0: free). */
  cost: number;
  /** One line on what it answers. */
  summary: string;
  /** What it answers, its inputs and units, in full. */
  description: string;
  /** False for the tools anyone may call without a key. */
  requiresKey: boolean;
  /** Both: GET with the inputs as query parameters, POST with them as a JSON body. */
  methods: ('GET' | 'POST')[];
  /** Where to call it. */
  path: string;
  /** JSON Schema of its input. */
  inputSchema: { [key: string]: JsonValue };
}

/** GET /api/v1/tools: every tool, with its cost and input schema. */
export interface ToolCatalogAnswer {
  /** How many tools there are. */
  count: number;
  /** In catalog order. */
  tools: CatalogTool[];
}

/** Discovery routes, public so integrators and agents can read them before they have a key. */
@Controller('api/v1')
@UseInterceptors(RouteAnswerCheck)
export class CatalogController {
  constructor(
    private readonly registry: ToolRegistry,
    private readonly openApi: OpenApiDocument,
  ) {}

  @Get('tools')
  @Public()
  listTools(): ToolCatalogAnswer {
    const tools = this.registry.list().map((tool): CatalogTool => ({
      name: tool.name,
      cost: tool.cost,
      summary: tool.summary,
      description: tool.description ?? tool.summary,
      requiresKey: !tool.public,
      methods: ['GET', 'POST'],
      path: `/api/v1/tools/${tool.name}`,
      // Generated from the input DTO (class-validator-jsonschema): JSON by construction.
      inputSchema: tool.inputSchema as { [key: string]: JsonValue },
    }));
    return { count: tools.length, tools };
  }

  @Get('openapi.json')
  @Public()
  openapi(): Record<string, unknown> {
    return this.openApi.document();
  }
}
