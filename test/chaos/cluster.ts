import { Client } from 'pg';
import { freePort, sandboxProviderEnv, startScoutProcess, stopProcess, waitForHttp, type ScoutProcess } from '../processes/child-processes';

/** application_name of the API processes' connections: what the terminator kills. */
export const API_APPLICATION_NAME = 'scout-chaos-api';

export interface ClusterSettings {
  databaseUrl: string;
  redisUrl?: string;
  adminKey: string;
  toolDeadlineMs: number;
  holdGraceMs: number;
  shutdownGraceMs: number;
}

export interface ApiNode {
  name: string;
  url: string;
  port: number;
  proc: ScoutProcess;
  /** Exit codes of the processes this node ran before, in order (null: killed by a signal). */
  exits: Array<number | null>;
  /** The last lines each of those processes printed, same order. */
  logs: string[];
}

const BOOT_TIMEOUT_MS = 90_000;

function withApplicationName(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.set('application_name', name);
  return url.toString();
}

/**
 * The processes under test, all on 127.0.0.1: one sandbox upstream, two API processes and one
 * worker, each a real child process with its own environment.
 */
export class Cluster {
  sandboxUrl = '';
  readonly apis: ApiNode[] = [];
  private sandbox?: ScoutProcess;
  private worker?: ScoutProcess;
  workerExit: number | null | undefined;
  private stopped = false;

  constructor(private readonly settings: ClusterSettings) {}

  async start(): Promise<void> {
    const sandboxPort = await freePort();
    this.sandbox = startScoutProcess('sandbox', 'sandbox', { SANDBOX_PORT: String(sandboxPort), SANDBOX_HOST: '127.0.0.1' });
    this.sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
    for (const name of ['api-a', 'api-b']) {
      const port = await freePort();
      this.apis.push({ name, port, url: `http://127.0.0.1:${port}`, proc: this.spawnApi(name, port), exits: [], logs: [] });
    }
    this.worker = startScoutProcess('worker', 'worker', this.commonEnv(this.settings.databaseUrl));
    await waitForHttp(`${this.sandboxUrl}/__control/health`, this.sandbox, BOOT_TIMEOUT_MS);
    await Promise.all(this.apis.map((api) => waitForHttp(`${api.url}/readyz`, api.proc, BOOT_TIMEOUT_MS)));
    await this.waitForWorker();
  }

  /** kill -9 or SIGTERM, wait for the exit, start the same node again on its port. */
  async restart(api: ApiNode, signal: 'SIGKILL' | 'SIGTERM', downMs: number): Promise<void> {
    await this.stopApi(api, signal);
    await new Promise((r) => setTimeout(r, downMs));
    api.proc = this.spawnApi(api.name, api.port);
    await waitForHttp(`${api.url}/readyz`, api.proc, BOOT_TIMEOUT_MS);
  }

  /** Terminates every database connection of the API processes; returns how many. */
  async terminateApiConnections(admin: Client): Promise<number> {
    const { rows } = await admin.query(
      `SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))::int AS n
         FROM pg_stat_activity WHERE application_name = $1 AND pid <> pg_backend_pid()`,
      [API_APPLICATION_NAME],
    );
    return rows[0].n as number;
  }

  /** Stops everything: APIs and worker with SIGTERM (their exit codes are kept), the sandbox last. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    await Promise.all(this.apis.map((api) => this.stopApi(api, 'SIGTERM')));
    if (this.worker) this.workerExit = await stopProcess(this.worker, 'SIGTERM', 20_000);
    if (this.sandbox) await stopProcess(this.sandbox, 'SIGTERM', 5000);
  }

  private async stopApi(api: ApiNode, signal: NodeJS.Signals): Promise<void> {
    api.exits.push(await stopProcess(api.proc, signal, this.settings.shutdownGraceMs + 20_000));
    api.logs.push(api.proc.output().slice(-2000));
  }

  output(): string {
    return [...this.apis.map((a) => a.proc), this.worker, this.sandbox]
      .filter((p): p is ScoutProcess => !!p)
      .map((p) => `--- ${p.name}\n${p.output().slice(-3000)}`)
      .join('\n');
  }

  private spawnApi(name: string, port: number): ScoutProcess {
    return startScoutProcess(name, 'api', {
      ...this.commonEnv(withApplicationName(this.settings.databaseUrl, API_APPLICATION_NAME)),
      ...sandboxProviderEnv(this.sandboxUrl),
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_BOOTSTRAP_KEY: this.settings.adminKey,
      WORKER_IN_PROCESS: 'false',
      RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '1000000',
      SHUTDOWN_GRACE_MS: String(this.settings.shutdownGraceMs),
      UPSTREAM_TIMEOUT_MS: String(Math.min(2000, this.settings.toolDeadlineMs)),
      DB_POOL_MAX: '16',
    });
  }

  private commonEnv(databaseUrl: string): Record<string, string> {
    return {
      DATABASE_URL: databaseUrl,
      DB_MIGRATE_ON_START: 'false',
      TOOL_DEADLINE_MS: String(this.settings.toolDeadlineMs),
      HOLD_GRACE_MS: String(this.settings.holdGraceMs),
      LOG_LEVEL: 'error',
      ...(this.settings.redisUrl ? { REDIS_URL: this.settings.redisUrl } : {}),
    };
  }

  private async waitForWorker(): Promise<void> {
    const deadline = Date.now() + BOOT_TIMEOUT_MS;
    while (!/Scout worker: consuming/.test(this.worker!.output())) {
      if (this.worker!.child.exitCode !== null) throw new Error(`worker exited at boot:\n${this.worker!.output()}`);
      if (Date.now() > deadline) throw new Error(`worker did not start:\n${this.worker!.output()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
