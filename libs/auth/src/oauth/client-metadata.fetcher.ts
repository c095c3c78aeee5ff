import http from 'node:http';
import https from 'node:https';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { AppConfig, checkOutboundTarget, isLoopbackAddress, OutboundTargetRefused, pinnedLookup, systemResolver, type HostResolver } from '@scout/core';
import { OAuthProblem } from './oauth.errors';

/** A document read: its JSON, and how long it may be kept (Cache-Control max-age, bounded). */
export interface FetchedDocument {
  document: unknown;
  maxAgeSeconds: number;
}

export const CLIENT_METADATA_TIMEOUT_MS = 5_000;
/** The CIMD draft suggests 5 kB; a little room for clients with several redirect URIs. */
export const CLIENT_METADATA_MAX_BYTES = 8 * 1024;
const MIN_CACHE_SECONDS = 60;
const DEFAULT_CACHE_SECONDS = 60 * 60;
const MAX_CACHE_SECONDS = 24 * 60 * 60;

/**
 * What a caller is told for every address-rule refusal and resolution failure of a client_id host:
 * the caller is not signed in, so telling "is a loopback address" from "does not resolve" would
 * map Scout's internal DNS for anyone. The precise reason goes to the log.
 */
export const CLIENT_ID_HOST_REFUSED = 'client_id must be an https URL on a public host';

/** Injection token of the resolver metadata-document hosts are checked with (tests replace it). */
export const CLIENT_METADATA_RESOLVER = Symbol('CLIENT_METADATA_RESOLVER');

/** True for a client_id that names a metadata document rather than a registration. */
export const isClientMetadataUrl = (clientId: string): boolean => /^https?:\/\//i.test(clientId);

/**
 * Reads a Client ID Metadata Document: an https URL with a path (http only on loopback, and only
 * when WEBHOOK_ALLOW_PRIVATE_TARGETS lets tests and local development reach loopback), checked
 * under Scout's outbound address rules and connected to at the checked address, GET with a
 * timeout and a size cap, no redirect followed.
 */
@Injectable()
export class ClientMetadataFetcher {
  private readonly logger = new Logger('ClientMetadata');
  private readonly resolve: HostResolver;

  constructor(
    private readonly config: AppConfig,
    @Optional() @Inject(CLIENT_METADATA_RESOLVER) resolve?: HostResolver,
  ) {
    this.resolve = resolve ?? systemResolver;
  }

  async fetch(clientId: string): Promise<FetchedDocument> {
    const allowPrivate = this.config.WEBHOOK_ALLOW_PRIVATE_TARGETS;
    const url = this.checkUrl(clientId, allowPrivate);
    try {
      const target = await checkOutboundTarget(url.href, {
        allowPrivate,
        label: 'client_id',
        protocols: url.protocol === 'http:' ? ['http:'] : ['https:'],
        resolve: this.resolve,
      });
      return await get(target.url, pinnedLookup(target), this.logger);
    } catch (error) {
      if (!(error instanceof OutboundTargetRefused)) throw error;
      this.logger.warn({ clientId, reason: error.reason }, 'client_id refused by the outbound address rules');
      throw new OAuthProblem('invalid_client', CLIENT_ID_HOST_REFUSED);
    }
  }

  private checkUrl(clientId: string, allowPrivate: boolean): URL {
    let url: URL;
    try {
      url = new URL(clientId);
    } catch {
      throw new OAuthProblem('invalid_client', 'client_id is not a URL');
    }
    const loopbackHttp = url.protocol === 'http:' && allowPrivate && (url.hostname === 'localhost' || isLoopbackAddress(url.hostname.replace(/^\[|\]$/g, '')));
    if (url.protocol !== 'https:' && !loopbackHttp) throw new OAuthProblem('invalid_client', 'a client_id URL must be https');
    if (url.pathname === '/' || url.hash || url.username || url.password || /\/\.\.?(\/|$)/.test(url.pathname)) {
      throw new OAuthProblem('invalid_client', 'a client_id URL needs a path, and no fragment, credentials or dot segments');
    }
    return url;
  }
}

function get(url: URL, lookup: ReturnType<typeof pinnedLookup>, logger: Logger): Promise<FetchedDocument> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const refuse = (message: string) => reject(new OAuthProblem('invalid_client', `client metadata document ${url.href}: ${message}`));
    const req = client.request(
      url,
      {
        method: 'GET',
        lookup,
        agent: false,
        signal: AbortSignal.timeout(CLIENT_METADATA_TIMEOUT_MS),
        headers: { accept: 'application/json', 'user-agent': 'Scout-OAuth/1' },
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          return refuse(`answered HTTP ${res.statusCode} (redirects are not followed)`);
        }
        const chunks: Buffer[] = [];
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > CLIENT_METADATA_MAX_BYTES) {
            res.destroy();
            refuse(`larger than ${CLIENT_METADATA_MAX_BYTES} bytes`);
          } else chunks.push(chunk);
        });
        res.on('error', () => refuse('the answer broke off'));
        res.on('end', () => {
          try {
            resolve({ document: JSON.parse(Buffer.concat(chunks).toString('utf8')), maxAgeSeconds: maxAge(res.headers['cache-control']) });
          } catch {
            refuse('not JSON');
          }
        });
      },
    );
    req.on('error', (error) => {
      if (error.name === 'TimeoutError' || error.name === 'AbortError') return refuse(`no answer within ${CLIENT_METADATA_TIMEOUT_MS} ms`);
      // A connection error names the address the host resolved to (connect ECONNREFUSED 203.0.113.5:443): logged only.
      logger.warn({ clientId: url.href, reason: error.message }, 'client metadata document could not be reached');
      refuse('could not be reached');
    });
    req.end();
  });
}

/** How long to keep a document: its max-age within [1 min, 24 h], 1 h when it says nothing. */
function maxAge(cacheControl: string | undefined): number {
  const match = /(?:^|,)\s*max-age\s*=\s*(\d+)/i.exec(cacheControl ?? '');
  const seconds = match ? Number(match[1]) : DEFAULT_CACHE_SECONDS;
  return Math.min(MAX_CACHE_SECONDS, Math.max(MIN_CACHE_SECONDS, seconds));
}
