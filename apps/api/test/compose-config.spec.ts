import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { getMetadataStorage } from 'class-validator';
import { AppConfig } from '@scout/core';
import { checkHealth } from '../../../scripts/healthcheck';

/**
 * The deployment files beside the code they configure: docker/compose.yaml, .env.example and
 * docker/Dockerfile, read as files (no Docker here). Every AppConfig setting reaches the api and
 * worker services through .env (env_file) or is listed below as not for compose, with the reason;
 * the probes the containers use are /healthz and /readyz, never a tool call.
 */

// js-yaml (a dev dependency) ships no types: its one function used here, typed.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { load } = require('js-yaml') as { load(text: string): unknown };

const ROOT = join(__dirname, '..', '..', '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** Settings a compose deployment has no use for, and why. Anything else must be in .env.example. */
const NOT_FOR_COMPOSE: Record<string, string> = {
  DATA_DIR: 'only the embedded PostgreSQL (npm start without DATABASE_URL) keeps files there; compose runs PostgreSQL',
  EMBEDDED_DB_PORT: 'only the embedded PostgreSQL listens there; compose runs PostgreSQL',
};

/** What the stack itself sets for the api and worker (compose.yaml `environment`, over .env). */
const SET_BY_STACK = ['DATABASE_URL', 'REDIS_URL', 'PORT', 'HOST', 'METRICS_HOST'];

/** Every setting AppConfig reads: its own properties and every validated one. */
function appConfigSettings(): string[] {
  const validated = getMetadataStorage()
    .getTargetValidationMetadatas(AppConfig, '', true, false)
    .map((m) => m.propertyName);
  return [...new Set([...Object.keys(new AppConfig()), ...validated])].filter((name) => /^[A-Z][A-Z0-9_]*$/.test(name)).sort();
}

interface EnvEntry {
  name: string;
  value: string;
  /** The comment lines right above it (its meaning and default). */
  comments: string[];
}

/** .env.example's settings: `NAME=value` lines, each with the comment block above it. */
function envExample(): EnvEntry[] {
  const entries: EnvEntry[] = [];
  let comments: string[] = [];
  for (const line of read('.env.example').split('\n')) {
    const setting = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (setting) {
      entries.push({ name: setting[1], value: setting[2], comments });
      comments = [];
    } else if (line.startsWith('#')) {
      comments.push(line.replace(/^#\s?/, ''));
    } else {
      comments = [];
    }
  }
  return entries;
}

type Json = any;
const compose = () => load(read('docker/compose.yaml')) as Json;

/** A service's env_file entries as paths, whichever syntax it uses. */
function envFiles(service: Json): string[] {
  const raw = service.env_file === undefined ? [] : Array.isArray(service.env_file) ? service.env_file : [service.env_file];
  return raw.map((entry: Json) => (typeof entry === 'string' ? entry : entry.path));
}

describe('.env.example: every setting with its meaning and default', () => {
  const settings = appConfigSettings();
  const entries = envExample();
  const listed = entries.map((e) => e.name);

  it('reads AppConfig by reflection (a sanity check of the list itself)', () => {
    expect(settings.length).toBeGreaterThan(50);
    expect(settings).toEqual(expect.arrayContaining(['PORT', 'DATABASE_URL', 'LAUNCHPAD_API_URL', 'FOMO_API_KEYS', 'SMTP_URL']));
  });

  it('lists every AppConfig setting once, except those not for compose (each with its reason)', () => {
    const missing = settings.filter((name) => !listed.includes(name) && !(name in NOT_FOR_COMPOSE));
    expect({ missingFromEnvExample: missing }).toEqual({ missingFromEnvExample: [] });
    expect(listed.filter((name, i) => listed.indexOf(name) !== i)).toEqual([]);
    for (const [name, reason] of Object.entries(NOT_FOR_COMPOSE)) {
      expect(settings).toContain(name);
      expect(reason.length).toBeGreaterThan(10);
      expect(listed).not.toContain(name);
    }
  });

  it('lists nothing AppConfig does not read (no typo, no stale setting)', () => {
    expect(listed.filter((name) => !settings.includes(name))).toEqual([]);
  });

  it('lists the settings a live deployment behind a proxy needs: TRUST_PROXY, SMTP_URL, PUBLIC_URL, REDIS_URL, DATABASE_URL', () => {
    expect(listed).toEqual(expect.arrayContaining(['TRUST_PROXY', 'SMTP_URL', 'PUBLIC_URL', 'REDIS_URL', 'DATABASE_URL']));
  });

  it("gives each a meaning and the code's default; left empty, a setting takes that default", () => {
    const defaults = new AppConfig() as unknown as Record<string, string | number | boolean | undefined>;
    for (const { name, value, comments } of entries) {
      const stated = comments.find((c) => c.startsWith('Default: '));
      expect({ name, stated: stated !== undefined }).toEqual({ name, stated: true });
      const code = defaults[name];
      const expected = code === undefined ? 'Default: unset' : `Default: ${String(code)}`;
      expect({ name, default: (stated as string).startsWith(expected) }).toEqual({ name, default: true });
      // An empty value is unset to AppConfig, so a copied .env.example is exactly the defaults.
      expect({ name, value }).toEqual({ name, value: '' });
      // The meaning: the comment block says more than its default (DefiLlama's three sibling hosts share their group's).
      if (!/^DEFILLAMA_(COINS|STABLECOINS|YIELDS)_URL$/.test(name) && name !== 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT') {
        expect({ name, described: comments.some((c) => c !== '' && !c.startsWith('Default: ') && !/^-+$/.test(c)) }).toEqual({ name, described: true });
      }
    }
    // Empty values really are unset: AppConfig reads the whole file as its defaults.
    const fromFile = AppConfig.fromEnv(Object.fromEntries(entries.map((e) => [e.name, e.value])));
    expect(fromFile).toEqual(new AppConfig());
  });
});

describe('docker/compose.yaml: the api and worker get every setting, and the probes', () => {
  const services = compose().services as Record<string, Json>;

  it.each(['api', 'worker'])('%s reads the repository root .env (env_file) and the stack sets its database and Redis', (name) => {
    const service = services[name];
    expect(envFiles(service)).toEqual(['../.env']);
    expect(service.environment.DATABASE_URL).toBe('postgres://scout:scout@postgres:5432/scout');
    expect(service.environment.REDIS_URL).toBe('redis://redis:6379');
    // Nothing else is pinned over .env but the stack's own wiring (and its metrics port).
    const pinned = Object.keys(service.environment).filter((key) => !SET_BY_STACK.includes(key));
    expect(pinned).toEqual([name === 'api' ? 'METRICS_PORT' : 'WORKER_METRICS_PORT']);
  });

  it('pins only settings AppConfig knows (a misspelt one would silently do nothing)', () => {
    const settings = appConfigSettings();
    for (const name of ['api', 'worker', 'migrate']) {
      for (const key of Object.keys(services[name].environment ?? {}))
        expect({ service: name, key, known: settings.includes(key) }).toEqual({ service: name, key, known: true });
    }
  });

  it('passes no provider setting by interpolation: every provider host and key comes from .env', () => {
    const text = read('docker/compose.yaml');
    for (const name of appConfigSettings()) expect({ name, interpolated: text.includes(`\${${name}`) }).toEqual({ name, interpolated: false });
  });

  it("the api's health check probes /healthz (liveness) and /readyz (readiness) with Node, no tool call", () => {
    const test: string[] = services.api.healthcheck.test;
    expect(test).toEqual(['CMD', 'node', 'dist/scripts/healthcheck.js', '/healthz', '/readyz']);
    expect(services.api.healthcheck.disable).toBeUndefined();
    expect(services.api.ports).toEqual(['3000:3000']);
  });

  it('postgres and redis keep their health checks; the api and worker wait for them (through migrate)', () => {
    expect(services.postgres.healthcheck.test.join(' ')).toContain('pg_isready');
    expect(services.redis.healthcheck.test).toEqual(['CMD', 'redis-cli', 'ping']);
    expect(services.migrate.depends_on.postgres.condition).toBe('service_healthy');
    for (const name of ['api', 'worker']) {
      expect(services[name].depends_on).toEqual({ migrate: { condition: 'service_completed_successfully' }, redis: { condition: 'service_healthy' } });
    }
  });

  it('stops the api no sooner than its drain: stop_grace_period above SHUTDOWN_GRACE_MS', () => {
    const seconds = Number(/^(\d+)s$/.exec(services.api.stop_grace_period)?.[1]);
    expect(seconds * 1000).toBeGreaterThan(new AppConfig().SHUTDOWN_GRACE_MS);
  });

  it('docker/prometheus.yml scrapes the metrics ports the stack sets', () => {
    const prometheus = load(read('docker/prometheus.yml')) as Json;
    const targets = prometheus.scrape_configs.flatMap((c: Json) => c.static_configs.flatMap((s: Json) => s.targets));
    expect(targets).toEqual(
      expect.arrayContaining([`api:${services.api.environment.METRICS_PORT}`, `worker:${services.worker.environment.WORKER_METRICS_PORT}`]),
    );
  });
});

describe('docker/compose.yaml, profile observability: Prometheus and Grafana with the Scout dashboard', () => {
  const services = compose().services as Record<string, Json>;

  it('runs Prometheus (pinned image) on docker/prometheus.yml and Grafana provisioned from docker/grafana, only in that profile', () => {
    for (const name of ['prometheus', 'grafana']) {
      expect(services[name].profiles).toEqual(['observability']);
      expect(services[name].image).toMatch(/:v?\d+\.\d+\.\d+$/);
    }
    expect(services.prometheus.volumes).toContain('./prometheus.yml:/etc/prometheus/prometheus.yml:ro');
    expect(services.grafana.volumes).toEqual(['./grafana/provisioning:/etc/grafana/provisioning:ro', './grafana/dashboards:/var/lib/grafana/dashboards:ro']);
    // The paths Grafana is given are the ones its provisioning reads.
    const dashboards = load(read('docker/grafana/provisioning/dashboards/scout.yml')) as Json;
    expect(dashboards.providers[0].options.path).toBe('/var/lib/grafana/dashboards');
    expect(services.grafana.environment.GF_DASHBOARDS_DEFAULT_HOME_DASHBOARD_PATH).toBe('/var/lib/grafana/dashboards/scout.json');
    expect(JSON.parse(read('docker/grafana/dashboards/scout.json')).uid).toBe('scout-overview');
    const datasources = load(read('docker/grafana/provisioning/datasources/prometheus.yml')) as Json;
    expect(datasources.datasources[0].url).toBe('http://prometheus:9090');
  });

  it('the default stack starts neither (no profile on the api, worker, postgres, redis, migrate)', () => {
    for (const name of ['api', 'worker', 'postgres', 'redis', 'migrate']) expect(services[name].profiles).toBeUndefined();
  });
});

describe("docker/Dockerfile: the image's HEALTHCHECK is liveness, /healthz", () => {
  it('calls /healthz through scripts/healthcheck.ts (Node fetch), not a tool', () => {
    // Continuation lines joined, so the instruction is one line.
    const instructions = read('docker/Dockerfile')
      .replace(/\\\n\s*/g, ' ')
      .split('\n');
    const healthchecks = instructions.filter((line) => line.startsWith('HEALTHCHECK'));
    expect(healthchecks).toHaveLength(1);
    const healthcheck = healthchecks[0];
    expect(healthcheck).toContain('CMD ["node", "dist/scripts/healthcheck.js", "/healthz"]');
    expect(healthcheck).not.toContain('/api/v1/tools');
    expect(healthcheck).not.toContain('curl');
  });
});

describe('scripts/healthcheck.ts: every probe path must answer 200', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      res.writeHead(req.url === '/healthz' ? 200 : 503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: req.url === '/healthz' ? 'ok' : 'error', error: { redis: { status: 'down' } } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('passes when all answer 200, names each one that does not, with its status and body', async () => {
    expect(await checkHealth(base, ['/healthz'])).toEqual([]);
    const failed = await checkHealth(base, ['/healthz', '/readyz']);
    expect(failed).toEqual([{ path: '/readyz', status: 503, body: expect.stringContaining('"redis"') }]);
  });

  it('a server that does not answer fails every probe with status 0', async () => {
    const failed = await checkHealth('http://127.0.0.1:9', ['/healthz']);
    expect(failed).toEqual([{ path: '/healthz', status: 0, body: expect.any(String) }]);
  });
});
