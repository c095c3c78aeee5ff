import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CallMeter, type ToolContext, type ToolName } from '@scout/core';

export interface RecordedHit {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type UpstreamBehaviour = (req: IncomingMessage, res: ServerResponse, hit: RecordedHit, hitNumber: number) => void;

/**
 * A real HTTP server on 127.0.0.1 standing in for a provider in tests. `behave` programs the
 * answers; `hits` records every request it received.
 */
export class ProgrammableUpstream {
  readonly hits: RecordedHit[] = [];
  behave: UpstreamBehaviour = (_req, res) => json(res, 200, {});
  private server: Server | null = null;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const hit = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
        this.hits.push(hit);
        this.behave(req, res, hit, this.hits.length);
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  reset(behaviour: UpstreamBehaviour): void {
    this.hits.length = 0;
    this.behave = behaviour;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

/** A tool context like the gateway builds, with its own meter. */
export function toolContext(accountId = 'a', deadlineInMs = 5_000): ToolContext {
  return {
    tool: 'fixture' as ToolName,
    requestId: 'r',
    caller: { accountId, keyId: 'k', scopes: ['tools'] },
    meter: new CallMeter(),
    deadlineAt: Date.now() + deadlineInMs,
  };
}
