import { CustomOAuthError, OAUTH_ERRORS, type OAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { OAuthProblem } from '@scout/auth';

/** The SDK's error for a domain refusal: its handlers answer an OAuthError with the protocol's error body. */
export function toOAuthError(problem: OAuthProblem): OAuthError {
  const Known = OAUTH_ERRORS[problem.code];
  return Known ? new Known(problem.message) : new CustomOAuthError(problem.code, problem.message);
}

/** Runs domain work and rethrows its refusals as the SDK's errors (anything else stays a server error). */
export async function asOAuth<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof OAuthProblem ? toOAuthError(error) : error;
  }
}
