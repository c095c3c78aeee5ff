import type { SourceHealth, SourceStatusReporter, UpstreamKeyState } from '@scout/core';
import type { UpstreamSourceStats } from './http-upstream-source';
import { upstreamFailureLog, type UpstreamFailureLog } from './upstream-failure-log';
import { UpstreamError, type UpstreamCall, type UpstreamSource } from './upstream.types';

/**
 * A provider whose host is not configured (a setting with no default left unset). It is listed in
 * service_health as unconfigured, naming the setting (which does not make Scout's overall status
 * down), and every request fails at once with an UpstreamError that names it too, so the tools
 * answer 502 (uncharged) instead of the application refusing to start; each such failure is
 * logged as a warning like any upstream failure.
 */
export class UnconfiguredUpstreamSource implements UpstreamSource, SourceStatusReporter {
  private failures = 0;

  constructor(
    readonly name: string,
    /** The setting that would give it a host, e.g. LAUNCHPAD_API_URL. */
    readonly setting: string,
    private readonly failureLog: UpstreamFailureLog = upstreamFailureLog,
  ) {}

  request<T>(call: UpstreamCall, _parse: (raw: unknown) => T): Promise<T> {
    this.failures += 1;
    const error = new UpstreamError(this.name, 'unconfigured', `${call.endpoint}: ${this.detail()}`);
    this.failureLog.report(error, call.endpoint);
    return Promise.reject(error);
  }

  health(): SourceHealth {
    return { name: this.name, state: 'unconfigured', retryAt: null, detail: this.detail(), setting: this.setting };
  }

  keyStates(): UpstreamKeyState[] {
    return [];
  }

  stats(): UpstreamSourceStats {
    return { source: this.name, calls: 0, cacheHits: 0, failures: this.failures, attempts: 0 };
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  private detail(): string {
    return `not configured: set ${this.setting} to the provider's base URL`;
  }
}
