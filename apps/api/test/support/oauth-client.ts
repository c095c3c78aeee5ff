import { randomBytes } from 'node:crypto';
import { auth, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

/** The sign-in form's answer, as a browser would send it. */
export type Decision = 'approve' | 'deny';

/** Where the sign-in sent the browser: the client's redirect URI with the answer's parameters. */
export interface SignInOutcome {
  status: number;
  location: URL | null;
  /** The page, when Scout showed one instead of redirecting (a refused key, an expired sign-in). */
  html: string;
}

/** The hidden fields of the sign-in form (request id and CSRF token). */
export function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[match[1]] = match[2];
  return fields;
}

/**
 * Opens an authorization URL and answers its sign-in form as a browser would: GET the page, then
 * POST its hidden fields with the pasted key and the button pressed; no redirect is followed.
 */
export async function signIn(authorizationUrl: URL | string, answer: { apiKey?: string; decision: Decision }): Promise<SignInOutcome> {
  const page = await fetch(authorizationUrl, { redirect: 'manual' });
  const html = await page.text();
  if (page.status !== 200) return { status: page.status, location: locationOf(page), html };
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
  if (!action) throw new Error(`no sign-in form in the page: ${html.slice(0, 200)}`);
  const form = new URLSearchParams({ ...hiddenFields(html), api_key: answer.apiKey ?? '', decision: answer.decision });
  const res = await fetch(new URL(action, authorizationUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  return { status: res.status, location: locationOf(res), html: await res.text() };
}

const locationOf = (res: Response): URL | null => (res.headers.get('location') ? new URL(res.headers.get('location')!) : null);

/**
 * An OAuthClientProvider as an MCP client keeps one: in memory, with a loopback redirect URI.
 * `redirectToAuthorization` only records the URL; the test signs in through it (signIn) and hands
 * the code back to `auth()`.
 */
export class TestOAuthClient implements OAuthClientProvider {
  information?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier?: string;
  authorizationUrl?: URL;
  readonly stateValue = randomBytes(12).toString('base64url');

  constructor(
    readonly redirectUrl: string,
    readonly options: { name?: string; clientMetadataUrl?: string; preRegistered?: OAuthClientInformationMixed } = {},
  ) {
    this.information = options.preRegistered;
  }

  get clientMetadataUrl(): string | undefined {
    return this.options.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.options.name ?? 'Scout e2e client',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  state(): string {
    return this.stateValue;
  }
  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.information;
  }
  saveClientInformation(info: OAuthClientInformationMixed): void {
    this.information = info;
  }
  tokens(): OAuthTokens | undefined {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens): void {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL): void {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }
  codeVerifier(): string {
    if (!this.verifier) throw new Error('no code verifier saved');
    return this.verifier;
  }
}

/**
 * The whole sign-in through the SDK's auth(): discovery, registration (or a metadata-document
 * client id), the authorization URL, the holder's approval posted as a browser would, and the
 * code exchanged with PKCE. Returns the tokens and where the holder was sent back.
 */
export async function connect(serverUrl: string, client: TestOAuthClient, apiKey: string): Promise<{ tokens: OAuthTokens; redirect: URL }> {
  expect(await auth(client, { serverUrl })).toBe('REDIRECT');
  const outcome = await signIn(client.authorizationUrl!, { apiKey, decision: 'approve' });
  if (outcome.status !== 303 || !outcome.location) throw new Error(`sign-in answered ${outcome.status}: ${outcome.html.slice(0, 300)}`);
  const code = outcome.location.searchParams.get('code');
  if (!code) throw new Error(`no code in ${outcome.location.href}`);
  expect(await auth(client, { serverUrl, authorizationCode: code })).toBe('AUTHORIZED');
  return { tokens: client.saved!, redirect: outcome.location };
}
