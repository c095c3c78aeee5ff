import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import { AccountModule } from '@scout/account';
import { AuditEntryEntity, AuditModule } from '@scout/audit';
import { IdempotencyModule } from '@scout/idempotency';
import { AccessGuard, ApiKeyEntity, AuthModule } from '@scout/auth';
import { AppConfig, contractValidationPipe, CoreModule, ScoutExceptionFilter, type Clock } from '@scout/core';
import { dataSourceOptions } from '@scout/database';
import { LEDGER_ENTITIES, LedgerModule, LedgerService } from '@scout/ledger';
import { UpstreamModule, type UpstreamEndpoints } from '@scout/upstream';
import { AdminController } from './admin/admin.controller';
import { AdminService } from './admin/admin.service';
import { AdminOAuthGrantsController } from './admin/admin-oauth-grants.controller';
import { AdminOAuthGrantsService } from './admin/admin-oauth-grants.service';
import { CatalogController } from './catalog/catalog.controller';
import { OpenApiDocument } from './catalog/openapi-document';
import { LlmsTxtController } from './catalog/llms-txt.controller';
import { LlmsTxtDocument } from './catalog/llms-txt-document';
import { loggerOptions } from './http/logger.options';
import { JsonBodyGuard } from './http/json-body.guard';
import { MeController } from './me/me.controller';
import { MeService } from './me/me.service';
import { MeOAuthGrantsController } from './me/me-oauth-grants.controller';
import { MeOAuthGrantsService } from './me/me-oauth-grants.service';
import { AdminBootstrapService } from './startup/admin-bootstrap.service';
import { ToolsModule } from './tools/tools.module';
import { McpModule } from './mcp/mcp.module';
import { AdminUpstreamsController } from './admin/admin-upstreams.controller';
import { AdminAlertsModule } from './admin/admin-alerts.module';
import { dataToolModules } from './upstreams/data-sources';
import { StreamController } from './stream/stream.controller';
import { HealthModule } from './health/health.module';
import { MetricsEndpoint } from './metrics/metrics-endpoint.service';
import { AnswerCheckModule } from './http/answer-check.module';

export const ENTITIES = [...LEDGER_ENTITIES, ApiKeyEntity, AuditEntryEntity];

/** Test seams: extra modules, tool costs (fixture tools) and the clock. Production passes nothing. */
export interface AppModuleExtras {
  modules?: Array<Type | DynamicModule>;
  toolCosts?: Record<string, number>;
  clock?: Clock;
  /**
   * Boot although some catalog tools have no handler. The API refuses to otherwise (ToolRegistry's
   * requireCompleteCatalog); only a test that builds the API with a subset of the tools sets it.
   */
  allowPartialCatalog?: boolean;
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, databaseUrl: string, upstreams: UpstreamEndpoints, extras: AppModuleExtras = {}): DynamicModule {
    const tools = ToolsModule.forRoot(upstreams);
    return {
      module: AppModule,
      imports: [
        AnswerCheckModule,
        CoreModule.forRoot(config, extras.toolCosts, extras.clock, { requireCompleteCatalog: !extras.allowPartialCatalog }),
        LoggerModule.forRoot(loggerOptions(config)),
        TypeOrmModule.forRoot({
          ...dataSourceOptions({ url: databaseUrl, poolMax: config.DB_POOL_MAX, entities: ENTITIES }),
          migrationsRun: config.migrateOnStart,
          retryAttempts: 2,
          retryDelay: 1000,
        }),
        LedgerModule,
        AuthModule,
        AccountModule,
        AuditModule,
        IdempotencyModule,
        UpstreamModule,
        HealthModule,
        tools,
        McpModule.forRoot(tools),
        AdminAlertsModule,
        ...dataToolModules(config, upstreams, databaseUrl),
        ...(extras.modules ?? []),
      ],
      controllers: [
        CatalogController,
        LlmsTxtController,
        MeController,
        MeOAuthGrantsController,
        AdminController,
        AdminOAuthGrantsController,
        AdminUpstreamsController,
        StreamController,
      ],
      providers: [
        OpenApiDocument,
        LlmsTxtDocument,
        AdminService,
        MeService,
        MeOAuthGrantsService,
        AdminOAuthGrantsService,
        AdminBootstrapService,
        MetricsEndpoint,
        // Global guards run in the order they are registered: the access guard, then the body.
        { provide: APP_GUARD, useExisting: AccessGuard },
        { provide: APP_GUARD, useClass: JsonBodyGuard },
        { provide: APP_PIPE, useFactory: contractValidationPipe },
        {
          provide: APP_FILTER,
          useFactory: (ledger: LedgerService) => new ScoutExceptionFilter({ remainingFor: (id) => ledger.remaining(id) }),
          inject: [LedgerService],
        },
      ],
    };
  }
}
