import { Logger } from '@nestjs/common';
import { RequestContext } from '@scout/core';
import type { UpstreamError } from './upstream.types';

/** The fields of the warning an upstream failure writes: what an operator needs to find it. */
export interface UpstreamFailureFields {
  /** The data source, e.g. 'jupiter', 'token-data-rpc:solana', 'launchpad'. */
  source: string;
  /** The client's endpoint label, e.g. 'jupiter:/price/v3'. */
  endpoint: string;
  /** How it failed (UpstreamError's failure: http, timeout, network, malformed, no_keys, circuit_open, rejected, pending, unconfigured). */
  failure: UpstreamError['failure'];
  /** The upstream's HTTP status, null when it did not answer with one. */
  upstreamStatus: number | null;
  /** For a payload off Scout's schema: the JSON path of its first problem; null otherwise. */
  path: string | null;
  /** The request (tool call) it failed for, as in the answer's meta.requestId; null outside a call (a worker job). */
  requestId: string | null;
  /** The tool that call ran; null outside a call. */
  tool: string | null;
  /** What went wrong, as the caller's error.details has it: keys are already replaced by their labels. */
  detail: string;
}

/**
 * One warning for every upstream request that ends in an UpstreamError (after its retries, once per
 * request, not per attempt): the source, the endpoint, the HTTP status or the JSON path that
 * failed, and the request id. The detail is the error's, in which the source's key pool has
 * replaced every key by its label, so no key is ever written.
 */
export class UpstreamFailureLog {
  constructor(private readonly logger: Pick<Logger, 'warn'> = new Logger('Upstream')) {}

  report(error: UpstreamError, endpoint: string): void {
    const context = RequestContext.current();
    const fields: UpstreamFailureFields = {
      source: error.source,
      endpoint,
      failure: error.failure,
      upstreamStatus: error.upstreamStatus,
      path: error.payloadPath,
      requestId: context?.requestId ?? null,
      tool: context?.tool ?? null,
      detail: error.detail,
    };
    this.logger.warn(fields, `upstream ${error.source} failed on ${endpoint} (${what(error)})${context ? ` for request ${context.requestId}` : ''}`);
  }
}

function what(error: UpstreamError): string {
  if (error.payloadPath !== null) return `payload off Scout's schema at ${error.payloadPath}`;
  if (error.upstreamStatus !== null) return `${error.failure}, HTTP ${error.upstreamStatus}`;
  return error.failure;
}

/** The shared log of every source in this process. */
export const upstreamFailureLog = new UpstreamFailureLog();
