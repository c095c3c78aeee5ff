/**
 * The authorization response (RFC 6749 section 4.1.2): the client's redirect URI with the answer's
 * parameters, `state` as the client sent it, and `iss` (RFC 9207) so the client can tell which
 * authorization server answered.
 */
export function authorizationRedirect(redirectUri: string, issuer: string, state: string | undefined, answer: Record<string, string>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(answer)) url.searchParams.set(name, value);
  if (state !== undefined) url.searchParams.set('state', state);
  url.searchParams.set('iss', issuer);
  return url.href;
}

/** Adds `iss`, and `state` when missing, to a redirect the SDK's authorization handler makes itself (its own error answers). */
export function completeRedirect(location: string, issuer: string, state: string | undefined): string {
  try {
    const url = new URL(location);
    if (state !== undefined && !url.searchParams.has('state')) url.searchParams.set('state', state);
    if (!url.searchParams.has('iss')) url.searchParams.set('iss', issuer);
    return url.href;
  } catch {
    return location;
  }
}
