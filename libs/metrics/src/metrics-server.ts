import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { metricsRegistry } from './registry';

/** The `/metrics` endpoint of one process, on a port of its own (not the API's). */
export interface MetricsServer {
  /** The port it listens on (the one asked for, or the one given for port 0). */
  readonly port: number;
  readonly host: string;
  close(): Promise<void>;
}

/**
 * Serves `GET /metrics` (Prometheus text format) from the process's registry on `host:port`, with
 * `node:http` and nothing else: any other path is 404, any other method 405. It is meant for a
 * scraper on a private network (the default host is loopback); it carries no credential check.
 */
export async function startMetricsServer(options: { port: number; host: string }): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: the metrics are at /metrics\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
      return;
    }
    metricsRegistry.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': metricsRegistry.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (err: unknown) => {
        res
          .writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
          .end(`Metrics collection failed: ${err instanceof Error ? err.message : String(err)}\n`);
      },
    );
  });
  // A scrape is one short request; nothing should hold the process open at shutdown.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  let closing: Promise<void> | null = null;
  return {
    port: address.port,
    host: options.host,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      })),
  };
}
