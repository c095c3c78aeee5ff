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
  /** What each of those processes printed (its last 200 kB), same order. */
  logs: string[];
}

const BOOT_TIMEOUT_MS = 90_000;

/** The sandbox's FOMO key (apps/sandbox SANDBOX_KEYS), repeated as child-processes.ts does for its keys. */
export const SANDBOX_FOMO_KEY = 'sandbox-fomo-key';

/**
 * The providers sandboxProviderEnv leaves at their live hosts (FOMO, DexScreener, token analytics,
 * the launchpad), pointed at the sandbox too: the load calls every family of tools.
 */
function otherProvidersEnv(sandboxUrl: string): Record<string, string> {
  return {
    FOMO_API_URL: `${sandboxUrl}/fomo`,
    FOMO_API_KEYS: SANDBOX_FOMO_KEY,
    DEXSCREENER_API_URL: `${sandboxUrl}/dexscreener`,
    TOKEN_ANALYTICS_URL: `${sandboxUrl}/solana-tracker`,
    TOKEN_ANALYTICS_API_KEYS: 'sandbox-solana-tracker-key',
    LAUNCHPAD_API_URL: `${sandboxUrl}/launchpad`,
    LAUNCHPAD_API_KEYS: 'sandbox-launchpad-key',
  };
}

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
  publicUrl = '';
  readonly apis: ApiNode[] = [];
  private sandbox?: ScoutProcess;
  private worker?: ScoutProcess;
  workerExit: number | null | undefined;
  private stopped = false;

  constructor(private readonly settings: ClusterSettings) {}

  async start(): Promise<void> {
    const sandboxPort = await freePort();
    // Budgets no run can spend: FOMO's default is a Starter plan's, Jupiter's 600 calls a minute.
    this.sandbox = startScoutProcess('sandbox', 'sandbox', {
      SANDBOX_PORT: String(sandboxPort),
      SANDBOX_HOST: '127.0.0.1',
      SANDBOX_FOMO_KEYS: `${SANDBOX_FOMO_KEY}:1000000000000`,
      SANDBOX_JUPITER_KEYS: 'sandbox-jupiter-key:1000000',
    });
    this.sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
    const ports = [await freePort()];
    while (ports.length < 2) {
      const port = await freePort();
      if (port !== ports[0]) ports.push(port);
    }
    // One PUBLIC_URL for both, as behind a balancer: the OAuth metadata, the 401's challenge and
    // the tokens' resource (<PUBLIC_URL>/mcp) name api-a, and a token works on either.
    this.publicUrl = `http://127.0.0.1:${ports[0]}`;
    ['api-a', 'api-b'].forEach((name, i) => {
      const port = ports[i];
      this.apis.push({ name, port, url: `http://127.0.0.1:${port}`, proc: this.spawnApi(name, port), exits: [], logs: [] });
    });
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
    api.logs.push(api.proc.output());
  }

  /** The API log lines (LOG_LEVEL=error) that name a request id: why a call answered 500. */
  logLinesOf(requestId: string): string[] {
    const outputs = this.apis.flatMap((api) => [...api.logs, api.proc.output()]);
    return outputs.flatMap((out) => out.split('\n').filter((line) => line.includes(requestId)));
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
      ...otherProvidersEnv(this.sandboxUrl),
      PORT: String(port),
      PUBLIC_URL: this.publicUrl,
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
