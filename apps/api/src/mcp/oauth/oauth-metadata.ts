import type { OAuthMetadata, OAuthProtectedResourceMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import { OAUTH_SCOPES } from '@scout/auth';

/**
 * RFC 8414 authorization server metadata. Served by Scout rather than the SDK's router, whose
 * createOAuthMetadata writes the issuer with a trailing slash, offers client secrets, and says
 * nothing of metadata-document client ids or the `iss` response parameter (RFC 9207).
 */
export function authorizationServerMetadata(publicUrl: string): OAuthMetadata & Record<string, unknown> {
  return {
    issuer: publicUrl,
    authorization_endpoint: `${publicUrl}/authorize`,
    token_endpoint: `${publicUrl}/token`,
    registration_endpoint: `${publicUrl}/register`,
    revocation_endpoint: `${publicUrl}/revoke`,
    scopes_supported: [...OAUTH_SCOPES],
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    code_challenge_methods_supported: ['S256'],
    client_id_metadata_document_supported: true,
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${publicUrl}/docs`,
  };
}

/** RFC 9728 protected resource metadata of one of Scout's resources (`<PUBLIC_URL>` or `<PUBLIC_URL>/mcp`). */
export function protectedResourceMetadata(publicUrl: string, resource: string): OAuthProtectedResourceMetadata {
  return {
    resource,
    authorization_servers: [publicUrl],
    scopes_supported: [...OAUTH_SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'Scout',
    resource_documentation: `${publicUrl}/docs`,
  };
}
