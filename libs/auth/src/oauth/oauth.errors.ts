/**
 * OAuth error codes (RFC 6749 section 5.2, RFC 7591 section 3.2.2, RFC 8707 section 2, RFC 6749
 * section 4.1.2.1). The HTTP adapter turns each into the protocol's error answer.
 */
export type OAuthProblemCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'invalid_scope'
  | 'invalid_target'
  | 'access_denied'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata';

/** A refusal the client is told about, by code and a message safe to show. */
export class OAuthProblem extends Error {
  constructor(
    readonly code: OAuthProblemCode,
    message: string,
  ) {
    super(message);
    this.name = 'OAuthProblem';
  }
}
