import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min } from 'class-validator';
import { ProviderSettings } from './provider-settings';
import { toBool, toNumber } from './env-values';

/** The settings of running Scout: the worker and the live feed, alerts, and logs, metrics and traces. AppConfig extends it. */
export class OperationsSettings extends ProviderSettings {
  // Worker and live feed

  /**
   * Runs the BullMQ worker (apps/worker) inside the API process. Defaults to on with the embedded
   * database, whose PostgreSQL lives in the API process so no separate worker can reach it, and
   * off otherwise (run `npm run start:worker` processes instead).
   */
  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  WORKER_IN_PROCESS?: boolean;

  /**
   * Whether this worker takes part in ingesting the live trade feed (one process at a time ingests,
   * by a lease in PostgreSQL; the others stand by). Needs a FOMO key. Off for a worker that must never
   * open the feed.
   */
  @Transform(toBool)
  @IsBoolean()
  FEED_INGESTION = true;

  /** Days of the stored trade feed kept; older events are deleted every hour by the worker. */
  @Transform(toNumber)
  @IsInt()
  @Min(1)
  @Max(365)
  FEED_RETENTION_DAYS = 7;

  // Alerts

  /** How often the worker evaluates every active alert (price and smart-money), in seconds. */
  @Transform(toNumber)
  @IsInt()
  @Min(5)
  @Max(86_400)
  ALERT_EVAL_INTERVAL_SECONDS = 60;

  /**
   * Lets alert webhooks and OAuth client metadata documents target loopback and private addresses
   * (http on loopback; local development and tests only); link-local (cloud metadata), CGNAT,
   * unspecified and reserved addresses stay refused.
   */
  @Transform(toBool)
  @IsBoolean()
  WEBHOOK_ALLOW_PRIVATE_TARGETS = false;

  /** SMTP server email alerts are sent through (smtp:// or smtps://, credentials in the URL). Unset: email alerts are refused. */
  @IsOptional()
  @Matches(/^smtps?:\/\//, { message: 'SMTP_URL must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  /** The From address of alert emails. */
  @IsString()
  SMTP_FROM = 'Scout alerts <alerts@scout.invalid>';

  // Logs, metrics and traces

  /** The lowest level logged (Nest's route table is at debug). */
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  /**
   * Writes each log line before the request goes on (true), instead of in the background, lines
   * that come while a write is under way going out together (false, the default: a request does
   * not wait on its log line; lines not yet written when the process is killed outright are lost).
   */
  @Transform(toBool)
  @IsBoolean()
  LOG_SYNC = false;

  /**
   * How log lines look: `pretty` (one readable line per entry, by pino-pretty) or `json` (one JSON
   * object per line, for a collector). Unset: pretty when standard output is a terminal, JSON
   * otherwise (logFormatFor).
   */
  @IsOptional()
  @IsIn(['pretty', 'json'], { message: 'LOG_FORMAT must be pretty or json' })
  LOG_FORMAT?: 'pretty' | 'json';

  /**
   * Port of this process's Prometheus endpoint (`GET /metrics`, a small server of its own, not the
   * API's port). Unset: no endpoint (the default). The API process serves it, and with the worker
   * in the API process (`npm start`) one endpoint serves both; a standalone worker reads
   * WORKER_METRICS_PORT instead, so an API and a worker on one host never claim the same port.
   */
  @IsOptional()
  @Transform(toNumber)
  @IsInt()
  @Min(1)
  @Max(65535)
  METRICS_PORT?: number;

  /** Port of a standalone worker's (`npm run start:worker`) Prometheus endpoint. Unset: none. */
  @IsOptional()
  @Transform(toNumber)
  @IsInt()
  @Min(1)
  @Max(65535)
  WORKER_METRICS_PORT?: number;

  /**
   * Address the metrics endpoints bind to: loopback unless told otherwise, since `/metrics` has no
   * credential check; set `0.0.0.0` (or a private interface) for a scraper on another host.
   */
  @IsString()
  METRICS_HOST = '127.0.0.1';

  /**
   * OpenTelemetry: where traces go (OTLP over HTTP), the standard variables. Either one set turns
   * tracing on; the SDK reads them (and the other OTEL_* variables) itself, at the entry points'
   * tracing preload, which runs before this config: they are declared here so a malformed value
   * stops the boot like any other. The traces endpoint is the full URL (`.../v1/traces`); the
   * general one is a base URL the exporter appends `/v1/traces` to.
   */
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] }, { message: 'OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL' })
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;

  /** The OTLP/HTTP traces endpoint as a full URL (`.../v1/traces`), the standard variable; either it or OTEL_EXPORTER_OTLP_ENDPOINT turns tracing on. */
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] }, { message: 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT must be an http(s) URL' })
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string;

  /** `service.name` of this process's spans; unset: `scout-api` (the API, and a worker inside it) or `scout-worker`. */
  @IsOptional()
  @Matches(/^[\w.:/-]{1,128}$/, { message: 'OTEL_SERVICE_NAME must be 1-128 letters, digits, _ . : / or -' })
  OTEL_SERVICE_NAME?: string;

  /**
   * How many answers of a tool (or route) per answer held to its schema, once its first 100 since
   * the start were all checked: 1 checks every answer. A drift is only logged (the answer is sent as
   * it is), and a large answer's check costs about as much CPU as writing it (issue 39's bench).
   */
  @Transform(toNumber)
  @IsInt()
  @Min(1)
  @Max(10_000)
  ANSWER_CHECK_EVERY = 10;
}
