import type { Response } from 'express';
import type { AuthorizationParams, OAuthServerProvider } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { OAuthClientInformationFull, OAuthTokenRevocationRequest, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { OAuthAuthorizationService, OAuthProblem, OAuthTokenService, type IssuedTokens } from '@scout/auth';
import { asOAuth } from './oauth-errors';
import { ScoutClientsStore } from './scout-clients.store';
import { SignInPages } from './sign-in.pages';
import { authorizationRedirect } from './authorization-redirect';

/**
 * The SDK's OAuthServerProvider over @scout/auth: the SDK's handlers parse and answer the
 * protocol (and check PKCE with its own verifier check), the domain decides.
 */
export class ScoutOAuthProvider implements OAuthServerProvider {
  constructor(
    readonly clientsStore: ScoutClientsStore,
    private readonly authorization: OAuthAuthorizationService,
    private readonly tokens: OAuthTokenService,
    private readonly pages: SignInPages,
    private readonly issuer: string,
  ) {}

  /**
   * Shows the sign-in page for a request that holds; a request that does not goes back to the
   * client with its error (and `iss`). The redirect URI was checked exactly before the SDK's handler ran.
   */
  async authorize(client: OAuthClientInformationFull, params: AuthorizationParams, res: Response): Promise<void> {
    const domainClient = this.clientsStore.domainClient(client);
    if (!domainClient || !this.authorization.redirectAllowed(domainClient, params.redirectUri)) {
      res.status(400).json({ error: 'invalid_request', error_description: 'Unregistered redirect_uri' });
      return;
    }
    try {
      const { pending, csrfToken } = await this.authorization.open(domainClient, {
        redirectUri: params.redirectUri,
        codeChallenge: params.codeChallenge,
        state: params.state,
        scopes: params.scopes,
        resource: params.resource?.href,
      });
      this.pages.signIn(res, pending, csrfToken);
    } catch (error) {
      if (!(error instanceof OAuthProblem)) throw error;
      const to = authorizationRedirect(params.redirectUri, this.issuer, params.state, { error: error.code, error_description: error.message });
      res.redirect(302, to);
    }
  }

  challengeForAuthorizationCode(client: OAuthClientInformationFull, code: string): Promise<string> {
    return asOAuth(() => this.tokens.challengeFor(client.client_id, code));
  }

  async exchangeAuthorizationCode(
    client: OAuthClientInformationFull,
    code: string,
    _codeVerifier?: string,
    redirectUri?: string,
    resource?: URL,
  ): Promise<OAuthTokens> {
    const issued = await asOAuth(() => this.tokens.exchangeCode(client.client_id, code, redirectUri, resource?.href, client.redirect_uris.length));
    return tokenResponse(issued);
  }

  async exchangeRefreshToken(client: OAuthClientInformationFull, refreshToken: string, scopes?: string[], resource?: URL): Promise<OAuthTokens> {
    const issued = await asOAuth(() => this.tokens.refresh(client.client_id, refreshToken, scopes, resource?.href));
    return tokenResponse(issued);
  }

  async verifyAccessToken(token: string): Promise<AuthInfo> {
    const verified = await this.tokens.verify(token);
    if (!verified) throw new InvalidTokenError('unknown, expired or revoked access token');
    return {
      token,
      clientId: verified.clientId,
      scopes: verified.scopes,
      expiresAt: verified.expiresAt,
      resource: new URL(verified.resource),
      extra: { caller: verified.caller },
    };
  }

  async revokeToken(client: OAuthClientInformationFull, request: OAuthTokenRevocationRequest): Promise<void> {
    await asOAuth(() => this.tokens.revoke(client.client_id, request.token));
  }
}

function tokenResponse(issued: IssuedTokens): OAuthTokens {
  return {
    access_token: issued.accessToken,
    token_type: 'Bearer',
    expires_in: issued.expiresIn,
    refresh_token: issued.refreshToken,
    scope: issued.scopes.join(' '),
  };
}
