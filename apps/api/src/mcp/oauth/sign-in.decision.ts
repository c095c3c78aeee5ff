import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from '@nestjs/common';
import { ApiKeyService, OAuthAuthorizationService, OAuthProblem } from '@scout/auth';
import { authorizationRedirect } from './authorization-redirect';
import { SignInPages } from './sign-in.pages';

const field = (body: unknown, name: string): string => {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};

const EXPIRED = ['This sign-in is no longer open', 'It was answered already, or it expired. Start again from your app.'] as const;

/**
 * The sign-in form's answer. Deny: back to the client with `access_denied`. Approve: the pasted
 * `sc_` key is verified (ApiKeyService.verify; it is neither stored nor logged: request logs carry
 * no body), a grant and a code are made for its account, and the holder goes back to the client
 * with the code. A key that does not verify shows the page again; the per-IP budget in front of
 * every OAuth path bounds guessing.
 */
export function signInDecision(deps: {
  authorization: OAuthAuthorizationService;
  keys: ApiKeyService;
  pages: SignInPages;
  issuer: string;
  logger: Logger;
}): RequestHandler {
  const { authorization, keys, pages, issuer } = deps;
  const decide = async (req: Request, res: Response) => {
    const csrfToken = field(req.body, 'csrf_token');
    const pending = await authorization.pending(field(req.body, 'request_id'), csrfToken);
    if (!pending) return pages.message(res, 400, ...EXPIRED);
    const decision = field(req.body, 'decision');
    if (decision === 'deny') {
      if (!(await authorization.deny(pending))) return pages.message(res, 400, ...EXPIRED);
      const to = authorizationRedirect(pending.redirectUri, issuer, pending.state, {
        error: 'access_denied',
        error_description: 'The account holder denied access.',
      });
      return res.redirect(303, to);
    }
    if (decision !== 'approve') return pages.signIn(res, pending, csrfToken, { error: 'Choose Approve or Deny.', status: 400 });
    const holder = await keys.verify(field(req.body, 'api_key').trim());
    if (!holder) return pages.signIn(res, pending, csrfToken, { error: 'That is not a valid Scout API key.', status: 400 });
    if (!holder.scopes.includes('tools')) {
      return pages.signIn(res, pending, csrfToken, { error: 'This key cannot call tools: use a key with the tools scope.', status: 400 });
    }
    const approved = await authorization.approve(pending, holder);
    if (!approved) return pages.message(res, 400, ...EXPIRED);
    return res.redirect(303, authorizationRedirect(pending.redirectUri, issuer, pending.state, { code: approved.code }));
  };
  return (req, res) => {
    decide(req, res).catch((error: unknown) => {
      if (error instanceof OAuthProblem) return pages.message(res, 400, 'Access was not granted', error.message);
      deps.logger.error(`sign-in decision failed: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) pages.message(res, 500, 'Something went wrong', 'Scout could not record your answer. Start again from your app.');
    });
  };
}
