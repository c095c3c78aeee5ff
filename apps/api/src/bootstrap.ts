import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { AppConfig, DrainState, errorBody, type ScoutError } from '@scout/core';
import { AppModule, type AppModuleExtras } from './app.module';
import type { UpstreamEndpoints } from '@scout/upstream';
import { consoleRouter } from './console/console-page';
import { docsRouter } from './docs/docs-page';
import { requestId } from './http/http-pipeline';
import { requestFacts } from './http/request-facts';
import { redactSecretsInTraces } from '@scout/telemetry';
import { CONSOLE_PATH, DOCS_PATH, securityHeaders } from './http/security-headers';
import { corsPolicy, isMcpPath } from './http/cors-policy';
import { answerClientErrors } from './http/client-errors';
import { clientErrorCredits } from './http/client-error-credits';
import { drainGate } from './http/drain-gate';
import { mountOAuth } from './mcp/oauth/oauth.router';
import { jsonRpcError } from './mcp/jsonrpc-errors';

/**
 * The body of a request refused before routing (by Node's parser or the drain gate): a JSON-RPC
 * error on /mcp, as McpExceptionFilter answers there; the contract's error elsewhere.
 */
function refusalBody(target: string, error: ScoutError): unknown {
  let path = '';
  try {
    path = new URL(target || '/', 'http://scout.invalid').pathname;
  } catch {
    // An unreadable target is no route's: the contract's body.
  }
  return isMcpPath(path) ? jsonRpcError(error, null, null) : errorBody(error, null);
}

/**
 * Builds the API exactly as main.ts runs it; the end-to-end tests boot it through here too.
 * Call `listen` on the result.
 */
export async function createApiApp(
  config: AppConfig,
  databaseUrl: string,
  upstreams: UpstreamEndpoints,
  extras: AppModuleExtras = {},
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, databaseUrl, upstreams, extras), {
    bodyParser: false,
    bufferLogs: true,
    // Errors while building the app reach the caller (which may retry) instead of aborting the process.
    abortOnError: false,
  });
  app.useLogger(app.get(Logger));
  // Upstream keys never show in a span's URL, whatever their length (libs/telemetry trace-redaction).
  redactSecretsInTraces([
    ...upstreams.jupiterKeys,
    ...upstreams.tokenDataKeys,
    ...upstreams.fomoKeys,
    ...upstreams.tokenAnalyticsKeys,
    ...upstreams.launchpadKeys,
  ]);
  app.disable('x-powered-by');
  // No ETag from a hash of every body: answers under /api/ are no-store and differ per call (request
  // id, credits), so no client could revalidate one; documents that can be revalidated set their own.
  app.set('etag', false);
  if (config.trustProxy !== undefined) app.set('trust proxy', config.trustProxy);
  answerClientErrors(app.getHttpServer(), clientErrorCredits(app), refusalBody);
  app.use(requestId);
  // What the request's tool calls did, for its log line (http/request-facts.ts).
  app.use(requestFacts);
  app.use(securityHeaders());
  app.use(corsPolicy({ publicApi: config.corsOrigins, accountApi: config.corsAdminOrigins, mcp: config.mcpAllowedOrigins }));
  // JSON bodies are read after the access guard (JsonBodyGuard), not by middleware here.
  app.use(drainGate(app.get(DrainState), (req, error) => refusalBody(req.path, error)));
  // The OAuth authorization server (/authorize, /token, /register, /revoke, /.well-known/oauth-*).
  mountOAuth(app);
  // The API reference over /api/v1/openapi.json, its assets from the build's copy or node_modules (apps/api/src/docs).
  app.use(DOCS_PATH, docsRouter());
  // The console (apps/console, built into dist/console): static pages over the public API.
  app.use(CONSOLE_PATH, consoleRouter());
  try {
    await app.init();
  } catch (error) {
    // A start that failed half-way (a lost database connection) must not leave its pools open.
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}
