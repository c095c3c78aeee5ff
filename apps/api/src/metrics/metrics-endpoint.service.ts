import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '@scout/core';
import { startMetricsServer, type MetricsServer } from '@scout/metrics';

/**
 * The API process's Prometheus endpoint: with METRICS_PORT set, `GET /metrics` on its own small
 * server at METRICS_HOST:METRICS_PORT (loopback by default), started with the application and
 * closed with it (after the drain, so the last scrape still sees it). The process's one registry
 * holds the in-process worker's metrics too (`npm start`). Unset, nothing listens.
 */
@Injectable()
export class MetricsEndpoint implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server: MetricsServer | null = null;

  constructor(private readonly config: AppConfig) {}

  /** Where it listens, once started; null when METRICS_PORT is unset. */
  get address(): { host: string; port: number } | null {
    return this.server ? { host: this.server.host, port: this.server.port } : null;
  }

  async onApplicationBootstrap(): Promise<void> {
    const port = this.config.METRICS_PORT;
    if (port === undefined) return;
    this.server = await startMetricsServer({ port, host: this.config.METRICS_HOST });
    this.logger.log(`Prometheus metrics on http://${this.config.METRICS_HOST}:${this.server.port}/metrics`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.server?.close();
    this.server = null;
  }
}
