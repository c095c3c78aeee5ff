/**
 * The chaos tier's MCP client, on plain fetch (no SDK): the OAuth 2.1 sign-in an MCP client makes
 * (discovery from the 401, dynamic client registration, the sign-in form answered with the
 * account's API key, the code exchanged with PKCE) and one stateless JSON-RPC tools/call per POST.
 */
import { createHash, randomBytes } from 'node:crypto';
import { HTTP_STATUS_BY_CODE, type ErrorCode } from '@scout/core';

/** Never opened: the sign-in's redirect is read from the Location header, not followed. */
const REDIRECT_URI = 'http://127.0.0.1:7788/callback';
const IDEMPOTENCY_KEY_META = 'scout/idempotency-key';
const REPLAYED_META = 'scout/idempotent-replayed';

export interface AccessToken {
  accessToken: string;
  /** When it stops being accepted, epoch ms (from expires_in). */
  expiresAt: number;
}

async function json(res: Response, what: string): Promise<any> {
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${what}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  redirect: 'manual' as const,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

/**
 * The whole sign-in against one API, as a client that only knows the MCP endpoint makes it: the
 * 401's WWW-Authenticate names the resource metadata, which names the authorization server.
 */
export async function oauthAccessToken(base: string, apiKey: string, clientName: string): Promise<AccessToken> {
  const challenge = await fetch(`${base}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  await challenge.arrayBuffer();
  const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge.headers.get('www-authenticate') ?? '')?.[1];
  if (challenge.status !== 401 || !metadataUrl) throw new Error(`/mcp without a token answered ${challenge.status} with no resource_metadata challenge`);
  const resource = await json(await fetch(metadataUrl), 'protected resource metadata');
  const server = await json(await fetch(`${resource.authorization_servers[0]}/.well-known/oauth-authorization-server`), 'authorization server metadata');

  const client = await json(
    await fetch(server.registration_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: clientName,
        redirect_uris: [REDIRECT_URI],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      }),
    }),
    'client registration',
  );

  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(12).toString('base64url');
  const authorize = new URL(server.authorization_endpoint);
  for (const [name, value] of Object.entries({
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: REDIRECT_URI,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state,
    scope: 'tools',
    resource: resource.resource,
  })) {
    authorize.searchParams.set(name, value);
  }

  // The sign-in page, answered as a browser would: its hidden fields, the pasted key, "approve".
  const page = await fetch(authorize, { redirect: 'manual' });
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
  if (page.status !== 200 || !action) throw new Error(`authorization page: HTTP ${page.status} ${html.slice(0, 300)}`);
  const hidden = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]));
  const decision = await fetch(new URL(action, authorize), form({ ...hidden, api_key: apiKey, decision: 'approve' }));
  await decision.arrayBuffer();
  const back = new URL(decision.headers.get('location') ?? 'about:blank');
  const code = back.searchParams.get('code');
  if (decision.status !== 303 || !code || back.searchParams.get('state') !== state) {
    throw new Error(`sign-in answered ${decision.status}, sending the browser to ${back.href}`);
  }

  const tokens = await json(
    await fetch(
      server.token_endpoint,
      form({
        grant_type: 'authorization_code',
        code,
        code_verifier: verifier,
        client_id: client.client_id,
        redirect_uri: REDIRECT_URI,
        resource: resource.resource,
      }),
    ),
    'code exchange',
  );
  if (typeof tokens.access_token !== 'string' || typeof tokens.expires_in !== 'number') throw new Error(`token answer without access_token/expires_in`);
  return { accessToken: tokens.access_token, expiresAt: Date.now() + tokens.expires_in * 1000 };
}

/** One tools/call as the client saw it, in REST's terms so the audit treats both alike. */
export interface McpOutcome {
  /** 200 for a result; an isError result's code as the contract's HTTP status; the HTTP status of a refused POST; 0 for no answer. */
  status: number;
  replayed: boolean;
  errorCode: string | null;
  /** The envelope's data, on a result. */
  data?: unknown;
}

/** JSON-RPC error codes as the HTTP statuses REST would answer (a parse or params error is the caller's). */
const JSON_RPC_STATUS: Record<number, number> = { [-32700]: 400, [-32600]: 400, [-32602]: 400, [-32601]: 404 };

/** The JSON-RPC response to `id` in an SSE body (one `data:` line per message) or a JSON body. */
function responseTo(id: number, contentType: string, text: string): any {
  const messages = contentType.includes('text/event-stream')
    ? text
        .split(/\r?\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => JSON.parse(line.slice(5)))
    : [JSON.parse(text)];
  return messages.find((m) => m && m.id === id && ('result' in m || 'error' in m));
}

const statusOf = (code: unknown): number => HTTP_STATUS_BY_CODE[code as ErrorCode] ?? 500;

/** POSTs one tools/call to `<api>/mcp` with the access token, the request id header and an optional key in `_meta`. */
export async function mcpToolCall(
  apiUrl: string,
  accessToken: string,
  call: { id: number; requestId: string; tool: string; args: object; key: string | null },
  timeoutMs: number,
): Promise<McpOutcome> {
  const params: Record<string, unknown> = { name: call.tool, arguments: call.args };
  if (call.key) params._meta = { [IDEMPOTENCY_KEY_META]: call.key };
  try {
    const res = await fetch(`${apiUrl}/mcp`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${accessToken}`,
        'x-request-id': call.requestId,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: call.id, method: 'tools/call', params }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    if (res.status !== 200) {
      // Refused before the JSON-RPC layer (401, 503 draining...): REST's {error} body, or a JSON-RPC error.
      let code: string | null = 'unparseable';
      try {
        const body = JSON.parse(text);
        code = body.error?.data?.code ?? (typeof body.error?.code === 'number' ? `jsonrpc ${body.error.code}` : (body.error?.code ?? null));
      } catch {
        // keep 'unparseable'
      }
      return { status: res.status, replayed: false, errorCode: code };
    }
    const message = responseTo(call.id, res.headers.get('content-type') ?? '', text);
    // The stream ended without the response: the call's answer never came (cancelled, or the process died).
    if (!message) return { status: 0, replayed: false, errorCode: null };
    if (message.error) {
      const scoutCode = message.error.data?.code;
      const status = typeof scoutCode === 'string' ? statusOf(scoutCode) : (JSON_RPC_STATUS[message.error.code] ?? 500);
      return { status, replayed: false, errorCode: scoutCode ?? `jsonrpc ${message.error.code}` };
    }
    const result = message.result;
    if (result.isError) {
      const code = result.structuredContent?.error?.code;
      return { status: statusOf(code), replayed: false, errorCode: code ?? 'unparseable' };
    }
    return { status: 200, replayed: result._meta?.[REPLAYED_META] === true, errorCode: null, data: result.structuredContent?.data };
  } catch {
    // Refused, reset, cut mid-stream or timed out: the client cannot know whether the server answered.
    return { status: 0, replayed: false, errorCode: null };
  }
}
