import { OAuthProblem } from './oauth.errors';

/** Scopes a grant may carry: the tools, never `admin` (that stays with `sc_` keys). */
export const OAUTH_SCOPES = ['tools'] as const;
export type OAuthScope = (typeof OAUTH_SCOPES)[number];

/**
 * Scout's own resource indicators (RFC 8707): the MCP endpoint `<PUBLIC_URL>/mcp` and the API as a
 * whole `<PUBLIC_URL>`. Compared as parsed URLs, so `https://scout.example` and
 * `https://scout.example/` are the same resource.
 */
export function scoutResources(publicUrl: string): string[] {
  return [publicUrl, `${publicUrl}/mcp`];
}

/** The resource a request names, in its canonical form, or invalid_target when it is not Scout's. */
export function checkResource(publicUrl: string, requested: string | undefined): string {
  if (requested === undefined || requested === '') throw new OAuthProblem('invalid_target', `resource is required: ${scoutResources(publicUrl).join(' or ')}`);
  let href: string;
  try {
    href = new URL(requested).href;
  } catch {
    throw new OAuthProblem('invalid_target', 'resource is not a URL');
  }
  const match = scoutResources(publicUrl).find((own) => new URL(own).href === href);
  if (!match) throw new OAuthProblem('invalid_target', `resource must be ${scoutResources(publicUrl).join(' or ')}`);
  return match;
}

/**
 * The scopes asked for, checked: only `tools` (`admin` stays with `sc_` keys); none asked means
 * `tools`. `offline_access` is no scope here: every grant gets refresh tokens.
 */
export function checkScopes(requested: readonly string[] | undefined): OAuthScope[] {
  const asked = (requested ?? []).filter((s) => s !== '' && s !== 'offline_access');
  const unknown = asked.filter((s) => !(OAUTH_SCOPES as readonly string[]).includes(s));
  if (unknown.length > 0) throw new OAuthProblem('invalid_scope', `Scout grants only the scope tools, not ${unknown.join(', ')}`);
  return ['tools'];
}
