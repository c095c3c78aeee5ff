import type { SourceHealth, SourceStatusReporter, UpstreamKeyState } from '@scout/core';
import type { UpstreamSourceStats } from './http-upstream-source';
import { UpstreamError, type UpstreamCall, type UpstreamSource } from './upstream.types';

/**
 * A provider whose host is not configured (a setting with no default left unset). It is listed in
 * service_health as down, naming the setting, and every request fails at once with an UpstreamError
 * that names it too, so the tools answer 502 (uncharged) instead of the application refusing to start.
 */
export class UnconfiguredUpstreamSource implements UpstreamSource, SourceStatusReporter {
  private failures = 0;

  constructor(
    readonly name: string,
    /** The setting that would give it a host, e.g. LAUNCHPAD_API_URL. */
    readonly setting: string,
  ) {}

  request<T>(call: UpstreamCall, _parse: (raw: unknown) => T): Promise<T> {
    this.failures += 1;
    return Promise.reject(new UpstreamError(this.name, 'unconfigured', `${call.endpoint}: ${this.detail()}`));
  }

  health(): SourceHealth {
    return { name: this.name, state: 'down', retryAt: null, detail: this.detail() };
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
