import type { Response } from 'express';
import type { PendingSignIn } from '@scout/auth';
import { SIGN_IN_STYLE, SIGN_IN_STYLE_HASH } from './sign-in.style';

/** Where the sign-in form posts the holder's answer. */
export const SIGN_IN_DECISION_PATH = '/authorize/decision';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Where the holder lands after answering: the host of an http(s) redirect URI, else its scheme and host. */
export function redirectTarget(redirectUri: string): { label: string; formSource: string } {
  const url = new URL(redirectUri);
  if (url.protocol === 'https:' || url.protocol === 'http:') return { label: url.host, formSource: url.origin };
  return { label: `${url.protocol}//${url.host}`, formSource: url.protocol };
}

export interface SignInOptions {
  /** Why the last answer was not taken (a key that does not verify). */
  error?: string;
  status?: number;
}

/**
 * The server-rendered pages of the authorization endpoint: the sign-in page a holder approves or
 * denies a client on, and a short message page. No script at all; one hashed inline stylesheet; the
 * form may post only here and the answer may redirect only to the client's redirect URI
 * (form-action); no framing, no caching.
 */
export class SignInPages {
  signIn(res: Response, pending: PendingSignIn, csrfToken: string, options: SignInOptions = {}): void {
    const { client } = pending;
    const target = redirectTarget(pending.redirectUri);
    const name = client.name ?? 'An app without a name';
    const origin =
      client.kind === 'cimd'
        ? `This app is identified by a document at <strong>${escapeHtml(new URL(client.id).host)}</strong>.`
        : 'This app registered itself with Scout: its name is its own claim. Approve only an app you just connected.';
    const body = `
<div class="brand"><span class="mark" aria-hidden="true">S</span>Scout</div>
<h1><span class="client">${escapeHtml(name)}</span> wants to use Scout with your account</h1>
<p>Calls it makes are charged to the credits of the account whose key you enter.</p>
<dl>
  <dt>App</dt><dd>${escapeHtml(name)}</dd>
  <dt>Client ID</dt><dd><code>${escapeHtml(client.id)}</code></dd>
  <dt>Returns you to</dt><dd><strong>${escapeHtml(target.label)}</strong></dd>
</dl>
<p class="note">${origin}</p>
<ul class="scope">
  <li><strong>tools</strong><span>Call Scout's data tools and read the balance. It cannot manage keys, plans or access, and never gets admin rights.</span></li>
</ul>
${options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : ''}
<form method="post" action="${SIGN_IN_DECISION_PATH}">
  <input type="hidden" name="request_id" value="${escapeHtml(pending.id)}">
  <input type="hidden" name="csrf_token" value="${escapeHtml(csrfToken)}">
  <label for="api_key">Your Scout API key</label>
  <input id="api_key" name="api_key" type="password" autocomplete="off" spellcheck="false" placeholder="sc_..." required autofocus>
  <p class="hint">The key is checked once to find your account. It is not stored and never reaches the app.</p>
  <div class="actions">
    <button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
    <button type="submit" name="decision" value="approve" class="primary">Approve</button>
  </div>
</form>
<footer>You can withdraw this access at any time: <code>GET /api/v1/me/oauth-grants</code>, then <code>DELETE</code> the grant.</footer>`;
    this.send(res, options.status ?? 200, `Sign in to Scout: ${name}`, body, `'self' ${target.formSource}`);
  }

  /** A page that only says something (an expired sign-in, a failure). */
  message(res: Response, status: number, title: string, text: string): void {
    const body = `
<div class="brand"><span class="mark" aria-hidden="true">S</span>Scout</div>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(text)}</p>`;
    this.send(res, status, title, body, "'none'");
  }

  private send(res: Response, status: number, title: string, body: string, formAction: string): void {
    res.status(status);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Pragma', 'no-cache');
    res.setHeader(
      'Content-Security-Policy',
      `default-src 'none'; style-src ${SIGN_IN_STYLE_HASH}; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    );
    res.send(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${SIGN_IN_STYLE}</style>
</head>
<body><main>${body}
</main></body>
</html>`);
  }
}
