import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { recordOAuthTokenIssued, recordOAuthTokenRefused } from '@scout/metrics';

/**
 * Counts what the token endpoint answers, whoever answers it (the SDK's handler refuses a bad
 * client or request before Scout's provider runs): an answer with an access token is an issued
 * token (scout_oauth_tokens_issued_total), an error answer a refusal by its OAuth error code
 * (scout_oauth_token_refusals_total). Labels are the grant type and the error code only, bounded
 * to the known values; the body is read as it leaves, never changed.
 */
export function tokenEndpointMetrics(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      try {
        // The SDK's handler has parsed the form by now; before that, the grant type is unknown.
        const form = req.body as Record<string, unknown> | undefined;
        const grantType = typeof form?.grant_type === 'string' ? form.grant_type : 'unknown';
        const answer = body as Record<string, unknown> | null;
        if (answer && typeof answer.access_token === 'string') recordOAuthTokenIssued(grantType);
        else if (answer && typeof answer.error === 'string') recordOAuthTokenRefused(grantType, answer.error);
      } catch {
        // Metrics only: the answer goes out whatever happens here.
      }
      return json(body);
    };
    next();
  };
}
