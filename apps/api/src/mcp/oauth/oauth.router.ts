import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { metadataHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/metadata.js';
import { OAuthError, TooManyRequestsError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { mcpAuthRouter } from '@modelcontextprotocol/sdk/server/auth/router.js';
import { ApiKeyService, OAuthAuthorizationService, OAuthClientStore, OAuthTokenService, UnauthenticatedRateLimiter } from '@scout/auth';
import { AppConfig, RateLimitedError } from '@scout/core';
import { completeRedirect } from './authorization-redirect';
import { authorizationServerMetadata, protectedResourceMetadata } from './oauth-metadata';
import { ScoutClientsStore } from './scout-clients.store';
import { ScoutOAuthProvider } from './scout-oauth.provider';
import { signInDecision } from './sign-in.decision';
import { tokenEndpointMetrics } from './token-metrics';
import { SIGN_IN_DECISION_PATH, SignInPages } from './sign-in.pages';
import { MCP_RESOURCE_METADATA_PATH } from '../mcp-exception.filter';

/** Every path the authorization server answers; each request spends the caller IP's unauthenticated budget. */
export const OAUTH_PATHS = [
  '/authorize',
  '/token',
  '/register',
  '/revoke',
  '/.well-known/oauth-authorization-server',
  '/.well-known/oauth-protected-resource',
] as const;

export interface OAuthRouterDeps {
  publicUrl: string;
  limiter: UnauthenticatedRateLimiter;
  clients: OAuthClientStore;
  authorization: OAuthAuthorizationService;
  tokens: OAuthTokenService;
  keys: ApiKeyService;
}

/**
 * Scout's OAuth 2.1 authorization server over HTTP: metadata (RFC 8414, RFC 9728), the SDK's
 * mcpAuthRouter for /authorize, /token, /register and /revoke over the @scout/auth domain, and the
 * sign-in form's answer. The SDK's own express-rate-limit is off: Scout's per-IP limiter counts
 * these requests like every other unauthenticated one, across instances when Redis is configured.
 */
export function oauthRouter(deps: OAuthRouterDeps): express.Router {
  const { publicUrl } = deps;
  const clientsStore = new ScoutClientsStore(deps.clients);
  const pages = new SignInPages();
  const provider = new ScoutOAuthProvider(clientsStore, deps.authorization, deps.tokens, pages, publicUrl);
  const router = express.Router();

  router.use([...OAUTH_PATHS], perIpBudget(deps.limiter));
  router.use('/token', tokenEndpointMetrics());
  router.use('/.well-known/oauth-authorization-server', metadataHandler(authorizationServerMetadata(publicUrl)));
  router.use(MCP_RESOURCE_METADATA_PATH, metadataHandler(protectedResourceMetadata(publicUrl, `${publicUrl}/mcp`)));
  router.use('/.well-known/oauth-protected-resource', metadataHandler(protectedResourceMetadata(publicUrl, publicUrl)));
  router.post(
    SIGN_IN_DECISION_PATH,
    express.urlencoded({ extended: false, limit: '8kb' }),
    signInDecision({ authorization: deps.authorization, keys: deps.keys, pages, issuer: publicUrl, logger: new Logger('OAuthSignIn') }),
  );
  router.use('/authorize', express.urlencoded({ extended: false, limit: '8kb' }), exactRedirectUri(clientsStore), completeRedirects(publicUrl));
  router.use(
    mcpAuthRouter({
      provider,
      issuerUrl: new URL(publicUrl),
      scopesSupported: ['tools'],
      resourceServerUrl: new URL(`${publicUrl}/mcp`),
      authorizationOptions: { rateLimit: false },
      tokenOptions: { rateLimit: false },
      clientRegistrationOptions: { rateLimit: false },
      revocationOptions: { rateLimit: false },
    }),
  );
  return router;
}

/** Mounts the authorization server at the application root, with the app's own services. */
export function mountOAuth(app: NestExpressApplication): void {
  app.use(
    oauthRouter({
      publicUrl: app.get(AppConfig).publicUrl,
      limiter: app.get(UnauthenticatedRateLimiter),
      clients: app.get(OAuthClientStore),
      authorization: app.get(OAuthAuthorizationService),
      tokens: app.get(OAuthTokenService),
      keys: app.get(ApiKeyService),
    }),
  );
}

/** 429 in the protocol's error shape, with Retry-After, once the IP's budget is spent. */
function perIpBudget(limiter: UnauthenticatedRateLimiter): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    limiter.consume(req.ip ?? 'unknown').then(
      () => next(),
      (error: unknown) => {
        if (!(error instanceof RateLimitedError)) return next(error);
        res.setHeader('Retry-After', String(error.retryAfterSeconds));
        res.status(429).json(new TooManyRequestsError(error.message).toResponseObject());
      },
    );
  };
}

/**
 * Redirect URIs match exactly. The SDK's handler lets a loopback redirect URI differ in its port
 * (RFC 8252 section 7.3), and redirects its own parameter errors there before the provider sees
 * the request: an unregistered URI is refused here first, with no redirect.
 */
function exactRedirectUri(clients: ScoutClientsStore): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const params = (req.method === 'POST' ? req.body : req.query) as Record<string, unknown> | undefined;
    const clientId = params?.client_id;
    const redirectUri = params?.redirect_uri;
    if (typeof clientId !== 'string' || typeof redirectUri !== 'string') return next();
    clients.getClient(clientId).then(
      (client) => {
        if (client && !client.redirect_uris.includes(redirectUri)) {
          res.setHeader('Cache-Control', 'no-store');
          res.status(400).json({ error: 'invalid_request', error_description: 'Unregistered redirect_uri' });
          return;
        }
        next();
      },
      (error: unknown) => {
        // Answered here, as the SDK's handler would: asking it would fetch a failing document twice.
        if (!(error instanceof OAuthError)) return next(error);
        res.setHeader('Cache-Control', 'no-store');
        res.status(400).json(error.toResponseObject());
      },
    );
  };
}

/**
 * Every redirect the authorization endpoint makes carries `iss` (RFC 9207), and `state` when the
 * request had one (RFC 6749 section 4.1.2.1): the SDK's own parameter-error redirects leave both out.
 */
function completeRedirects(issuer: string): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const params = (req.method === 'POST' ? req.body : req.query) as Record<string, unknown> | undefined;
    const state = typeof params?.state === 'string' ? params.state : undefined;
    const redirect = res.redirect.bind(res) as (status: number, url: string) => void;
    res.redirect = (statusOrUrl: number | string, url?: string | number) => {
      const [status, location] = typeof statusOrUrl === 'number' ? [statusOrUrl, String(url)] : [302, statusOrUrl];
      redirect(status, completeRedirect(location, issuer, state));
    };
    next();
  };
}
