/**
 * A path segment this long, of the characters API keys and tokens are made of, is taken for a
 * secret: a provider key in the path (`/v2/<key>`), a webhook token. Addresses of that length are
 * replaced too: an upstream span still names its host and route, and its tool call span says what
 * was asked.
 */
const OPAQUE_SEGMENT = /^[A-Za-z0-9_~.-]{24,}$/;

export const REDACTED_SEGMENT = '{redacted}';

/** Secrets known to this process (upstream API keys), replaced wherever they appear in a URL, whatever their length. */
const knownSecrets = new Set<string>();

/**
 * Adds secrets that a span's URL must never show (the upstream API keys an app is given, some of
 * which travel in a provider's path). Shorter than 6 characters, a value is too common to replace.
 */
export function redactSecretsInTraces(secrets: Iterable<string>): void {
  for (const secret of secrets) if (secret.length >= 6) knownSecrets.add(secret);
}

/**
 * A URL as a span may show it: no query string (inputs, keys), no user info, and every long
 * opaque path segment replaced by `{redacted}`.
 */
export function redactUrlForTrace(text: string): { full: string; path: string; hadQuery: boolean } {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { full: '[unparsable url]', path: '[unparsable url]', hadQuery: false };
  }
  const path = url.pathname
    .split('/')
    .map((segment) => (isSecretLike(decodeSegment(segment)) ? REDACTED_SEGMENT : segment))
    .join('/');
  return { full: `${url.protocol}//${url.host}${path}`, path, hadQuery: url.search !== '' };
}

function isSecretLike(segment: string): boolean {
  if (OPAQUE_SEGMENT.test(segment)) return true;
  for (const secret of knownSecrets) if (segment.includes(secret)) return true;
  return false;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
