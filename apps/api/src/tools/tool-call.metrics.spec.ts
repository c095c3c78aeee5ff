import { InvalidRequestError, OutOfCreditsError, ScoutError, ServiceUnavailableError, ToolError } from '@scout/core';
import { HoldNotPostedError } from '@scout/ledger';
import { TOOL_CALL_OUTCOMES } from '@scout/metrics';
import { UpstreamError } from '@scout/upstream';
import { outcomeOfError } from './tool-call.metrics';
import { CallAbortedError } from './tool-call.types';

describe('outcomeOfError', () => {
  it.each([
    ['an input refused', new InvalidRequestError('bad'), 'refused_invalid_request'],
    ['a short balance', new OutOfCreditsError(250, 0), 'refused_out_of_credits'],
    ['a not found', new ScoutError('not_found', 'no such token'), 'refused_not_found'],
    ['an upstream failure', new UpstreamError('fomo', 'http', 'fomo:/x: 500'), 'upstream_error'],
    ['a tool error', new ToolError('failed', 'details'), 'upstream_error'],
    ['an upstream timeout', new UpstreamError('fomo', 'timeout', 'no answer within 8000 ms'), 'timeout'],
    ['a hold past its deadline', new HoldNotPostedError('expired'), 'timeout'],
    ['a hold voided elsewhere', new HoldNotPostedError('voided'), 'unavailable'],
    ['the database away', new ServiceUnavailableError(), 'unavailable'],
    ['a client that left', new CallAbortedError(), 'cancelled'],
    ['a bug', new TypeError('x is undefined'), 'internal_error'],
  ])('labels %s', (_what, error, outcome) => {
    expect(outcomeOfError(error)).toBe(outcome);
    expect(TOOL_CALL_OUTCOMES).toContain(outcome);
  });

  it('has a label for every refusal a call can end with', () => {
    const refusals = [
      'invalid_request',
      'unauthorized',
      'forbidden',
      'out_of_credits',
      'not_found',
      'conflict',
      'idempotency_key_in_use',
      'idempotency_key_reused',
      'rate_limited',
    ] as const;
    for (const code of refusals) expect(TOOL_CALL_OUTCOMES).toContain(outcomeOfError(new ScoutError(code, 'x')));
  });
});
