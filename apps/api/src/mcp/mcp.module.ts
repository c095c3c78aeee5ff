import { Module, type DynamicModule } from '@nestjs/common';
import { LedgerModule } from '@scout/ledger';
import { McpExceptionFilter } from './mcp-exception.filter';
import { McpController } from './mcp.controller';
import { McpInFlightCalls } from './mcp-in-flight';
import { McpServerFactory } from './mcp-server.factory';
import { McpToolCaller } from './mcp-tool-caller';

/**
 * MCP at /mcp, a thin adapter over the tool call path: `tools` is the app's ToolsModule (the same
 * module object, so one ToolCallService serves REST and MCP).
 */
@Module({})
export class McpModule {
  static forRoot(tools: DynamicModule): DynamicModule {
    return {
      module: McpModule,
      imports: [tools, LedgerModule],
      controllers: [McpController],
      providers: [McpServerFactory, McpToolCaller, McpInFlightCalls, McpExceptionFilter],
    };
  }
}
