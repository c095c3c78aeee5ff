import { isLoopbackAddress } from '@scout/core';
import { OAuthProblem } from './oauth.errors';

export type OAuthClientKind = 'dcr' | 'cimd';

/** A client that may ask for access: registered (RFC 7591) or known by its metadata document. */
export interface OAuthClient {
  id: string;
  kind: OAuthClientKind;
  name: string | null;
  redirectUris: string[];
  /** The client's metadata as Scout keeps it (only the fields below, checked). */
  metadata: ClientMetadata;
  createdAt: Date;
}

/** The RFC 7591 fields Scout reads; everything else a client sends is dropped. */
export interface ClientMetadata {
  redirect_uris: string[];
  client_name?: string;
  client_uri?: string;
  software_id?: string;
  software_version?: string;
  token_endpoint_auth_method: 'none';
  grant_types: string[];
  response_types: string[];
}

const MAX_REDIRECT_URIS = 10;
const MAX_URI_LENGTH = 2000;
const MAX_NAME_LENGTH = 200;
const LOOPBACK_NAMES = new Set(['localhost']);
/** Schemes that can never take an authorization code back to an app. */
const REFUSED_SCHEMES = new Set(['javascript', 'data', 'file', 'blob', 'about', 'vbscript', 'filesystem', 'view-source', 'ftp', 'ws', 'wss', 'mailto', 'tel']);
const GRANT_TYPES = ['authorization_code', 'refresh_token'];

/**
 * Where a code may be sent (OAuth 2.1 section 2.3.1, RFC 8252): https anywhere; http only to a
 * loopback host (a native app's local listener); or an app's private-use scheme. No fragment.
 */
export function redirectUriRefusal(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_URI_LENGTH) return `must be a URL of at most ${MAX_URI_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `${raw} is not a URL`;
  }
  if (url.hash || raw.includes('#')) return `${raw} may not have a fragment`;
  if (url.username || url.password) return `${raw} may not carry credentials`;
  const scheme = url.protocol.slice(0, -1);
  if (scheme === 'https') return null;
  if (scheme === 'http') {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    return LOOPBACK_NAMES.has(host) || isLoopbackAddress(host) ? null : `${raw}: http is allowed only on a loopback host; use https`;
  }
  return REFUSED_SCHEMES.has(scheme) ? `${raw}: the ${scheme} scheme cannot receive a code` : null;
}

const optionalText = (value: unknown, field: string, max: number, code: 'invalid_client_metadata'): string | undefined => {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.length > max || /[\u0000-\u001f\u007f]/.test(value)) {
    throw new OAuthProblem(code, `${field} must be text of at most ${max} characters`);
  }
  return value.trim() === '' ? undefined : value.trim();
};

/**
 * Checks client metadata, from a registration or a metadata document, and keeps only what Scout
 * uses. Scout has public clients only (PKCE, no secret): a registration asking for a secret is
 * registered as public (RFC 7591 lets a server replace what it does not support); a metadata
 * document must say `none` itself, since its client cannot be told otherwise.
 */
export function checkClientMetadata(raw: unknown, kind: OAuthClientKind): ClientMetadata {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new OAuthProblem('invalid_client_metadata', 'client metadata must be a JSON object');
  const doc = raw as Record<string, unknown>;
  const uris = doc.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > MAX_REDIRECT_URIS) {
    throw new OAuthProblem('invalid_redirect_uri', `redirect_uris must list 1 to ${MAX_REDIRECT_URIS} URIs`);
  }
  for (const uri of uris) {
    const refusal = redirectUriRefusal(uri);
    if (refusal) throw new OAuthProblem('invalid_redirect_uri', `redirect_uris: ${refusal}`);
  }
  const method = doc.token_endpoint_auth_method;
  if (kind === 'cimd' && method !== undefined && method !== 'none') {
    throw new OAuthProblem('invalid_client_metadata', 'token_endpoint_auth_method must be none: Scout has public clients only');
  }
  if (kind === 'cimd' && (doc.client_secret !== undefined || doc.client_secret_expires_at !== undefined)) {
    throw new OAuthProblem('invalid_client_metadata', 'a client metadata document may not carry a client secret');
  }
  const grantTypes = doc.grant_types === undefined ? ['authorization_code', 'refresh_token'] : doc.grant_types;
  if (!Array.isArray(grantTypes) || !grantTypes.includes('authorization_code') || grantTypes.some((g) => !GRANT_TYPES.includes(g as string))) {
    throw new OAuthProblem('invalid_client_metadata', `grant_types must include authorization_code and may add only refresh_token`);
  }
  const responseTypes = doc.response_types === undefined ? ['code'] : doc.response_types;
  if (!Array.isArray(responseTypes) || responseTypes.length !== 1 || responseTypes[0] !== 'code') {
    throw new OAuthProblem('invalid_client_metadata', 'response_types must be ["code"]');
  }
  const metadata: ClientMetadata = {
    redirect_uris: [...new Set(uris as string[])],
    token_endpoint_auth_method: 'none',
    grant_types: grantTypes as string[],
    response_types: ['code'],
  };
  const name = optionalText(doc.client_name, 'client_name', MAX_NAME_LENGTH, 'invalid_client_metadata');
  const clientUri = optionalText(doc.client_uri, 'client_uri', MAX_URI_LENGTH, 'invalid_client_metadata');
  const softwareId = optionalText(doc.software_id, 'software_id', MAX_NAME_LENGTH, 'invalid_client_metadata');
  const softwareVersion = optionalText(doc.software_version, 'software_version', MAX_NAME_LENGTH, 'invalid_client_metadata');
  if (name) metadata.client_name = name;
  if (clientUri) metadata.client_uri = clientUri;
  if (softwareId) metadata.software_id = softwareId;
  if (softwareVersion) metadata.software_version = softwareVersion;
  return metadata;
}
