import { Module, type DynamicModule } from '@nestjs/common';
import { IdempotencyModule } from '@scout/idempotency';
import { LedgerModule } from '@scout/ledger';
import type { UpstreamEndpoints } from '@scout/upstream';
import { UPSTREAM_ENDPOINTS } from '../upstreams/upstream-endpoints';
import { BalanceReads } from './balance-reads';
import { ToolCallService } from './tool-call.service';
import { ToolGatewayService } from './tool-gateway.service';
import { ToolsController } from './tools.controller';

/** The tool call path (ToolCallService) and its REST routes; MCP imports the same module object for the service. */
@Module({})
export class ToolsModule {
  static forRoot(upstreams: UpstreamEndpoints): DynamicModule {
    return {
      module: ToolsModule,
      imports: [LedgerModule, IdempotencyModule],
      controllers: [ToolsController],
      providers: [{ provide: UPSTREAM_ENDPOINTS, useValue: upstreams }, BalanceReads, ToolCallService, ToolGatewayService],
      exports: [ToolCallService],
    };
  }
}
