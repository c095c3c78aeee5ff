import { InvalidRequestError, NotFoundError } from '@scout/core';

export type LaunchpadSubject = 'token' | 'launch';

/**
 * The launchpad site answered 404: it knows no such token (mint) or launch (payment signature). A
 * NotFoundError, so a tool that lets it through answers `404 not_found` naming it, uncharged.
 */
export class LaunchpadNotFoundError extends NotFoundError {
  constructor(
    readonly subject: LaunchpadSubject,
    /** The mint or payment signature the caller named. */
    readonly ref: string,
  ) {
    super(`The launchpad knows no ${subject} "${ref}".`);
    this.name = 'LaunchpadNotFoundError';
  }
}

/**
 * The launchpad site refused a well-formed question about a real token with 400: backing asked of
 * a coin not launched on pump, LaunchLab pricing of a quote mint that is not LaunchLab-ready. An
 * InvalidRequestError naming the input (`field`), so the tool answers 400, uncharged.
 */
export class LaunchpadRefusedError extends InvalidRequestError {
  constructor(
    readonly field: string,
    /** Why, in the site's words or Scout's. */
    readonly reason: string,
  ) {
    super(reason, [{ path: field, message: reason }]);
    this.name = 'LaunchpadRefusedError';
  }
}
