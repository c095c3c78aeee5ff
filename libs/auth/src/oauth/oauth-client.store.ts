import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ClientMetadataFetcher, isClientMetadataUrl } from './client-metadata.fetcher';
import { checkClientMetadata, type ClientMetadata, type OAuthClient, type OAuthClientKind } from './oauth-client';
import { OAuthProblem } from './oauth.errors';

interface ClientRow {
  id: string;
  kind: OAuthClientKind;
  metadata: ClientMetadata;
  redirect_uris: string[];
  created_at: Date;
  fresh: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The clients Scout knows (oauth_clients). A registered client is a row; a metadata-document
 * client is fetched on first sight and kept until its document's cache time runs out, then
 * fetched again (one fetch per URL at a time in this process).
 */
@Injectable()
export class OAuthClientStore {
  private readonly inFlight = new Map<string, Promise<OAuthClient>>();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly fetcher: ClientMetadataFetcher,
  ) {}

  /** Registers a public client (RFC 7591) under the id given; returns it as stored. */
  async register(id: string, raw: unknown): Promise<OAuthClient> {
    const metadata = checkClientMetadata(raw, 'dcr');
    const [row] = await this.db.query<ClientRow[]>(
      `INSERT INTO oauth_clients (id, kind, metadata, redirect_uris) VALUES ($1, 'dcr', $2, $3)
       RETURNING id, kind, metadata, redirect_uris, created_at, true AS fresh`,
      [id, JSON.stringify(metadata), metadata.redirect_uris],
    );
    return toClient(row);
  }

  /**
   * The client a client_id names, or null when none: an unknown registration, or a metadata
   * document that cannot be read or does not hold (OAuthProblem says why).
   */
  async find(clientId: string): Promise<OAuthClient | null> {
    if (isClientMetadataUrl(clientId)) return this.metadataDocumentClient(clientId);
    if (!UUID.test(clientId)) return null;
    const [row] = await this.db.query<ClientRow[]>(
      `SELECT id, kind, metadata, redirect_uris, created_at, true AS fresh FROM oauth_clients WHERE id = $1 AND kind = 'dcr'`,
      [clientId],
    );
    return row ? toClient(row) : null;
  }

  private async metadataDocumentClient(url: string): Promise<OAuthClient> {
    const [row] = await this.db.query<ClientRow[]>(
      `SELECT id, kind, metadata, redirect_uris, created_at, expires_at > now() AS fresh FROM oauth_clients WHERE id = $1 AND kind = 'cimd'`,
      [url],
    );
    if (row?.fresh) return toClient(row);
    let pending = this.inFlight.get(url);
    if (!pending) {
      pending = this.refresh(url).finally(() => this.inFlight.delete(url));
      this.inFlight.set(url, pending);
    }
    return pending;
  }

  private async refresh(url: string): Promise<OAuthClient> {
    const { document, maxAgeSeconds } = await this.fetcher.fetch(url);
    const clientId = (document as { client_id?: unknown } | null)?.client_id;
    if (clientId !== url) throw new OAuthProblem('invalid_client', 'the client metadata document must name its own URL as client_id');
    let metadata: ClientMetadata;
    try {
      metadata = checkClientMetadata(document, 'cimd');
    } catch (error) {
      // To the authorization and token endpoints, a document that does not hold is an unknown client.
      if (error instanceof OAuthProblem) throw new OAuthProblem('invalid_client', `client metadata document ${url}: ${error.message}`);
      throw error;
    }
    const [row] = await this.db.query<ClientRow[]>(
      `INSERT INTO oauth_clients (id, kind, metadata, redirect_uris, fetched_at, expires_at)
       VALUES ($1, 'cimd', $2, $3, now(), now() + make_interval(secs => $4))
       ON CONFLICT (id) DO UPDATE SET metadata = EXCLUDED.metadata, redirect_uris = EXCLUDED.redirect_uris,
         fetched_at = EXCLUDED.fetched_at, expires_at = EXCLUDED.expires_at
       WHERE oauth_clients.kind = 'cimd'
       RETURNING id, kind, metadata, redirect_uris, created_at, true AS fresh`,
      [url, JSON.stringify(metadata), metadata.redirect_uris, maxAgeSeconds],
    );
    if (!row) throw new OAuthProblem('invalid_client', 'client_id is taken by a registered client');
    return toClient(row);
  }
}

function toClient(row: ClientRow): OAuthClient {
  return {
    id: row.id,
    kind: row.kind,
    name: row.metadata.client_name ?? null,
    redirectUris: row.redirect_uris,
    metadata: row.metadata,
    createdAt: row.created_at,
  };
}
