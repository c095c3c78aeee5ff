import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js';
import type { OAuthClientInformationFull } from '@modelcontextprotocol/sdk/shared/auth.js';
import { OAuthClientStore, type OAuthClient } from '@scout/auth';
import { asOAuth } from './oauth-errors';

/**
 * The SDK's view of Scout's clients (@scout/auth OAuthClientStore): every client is public (no
 * secret, auth method `none`), so the SDK's client authentication checks only that it exists.
 */
export class ScoutClientsStore implements OAuthRegisteredClientsStore {
  /** The domain client behind each object handed to the SDK, for the authorize step. */
  private readonly domain = new WeakMap<OAuthClientInformationFull, OAuthClient>();

  constructor(private readonly clients: OAuthClientStore) {}

  async getClient(clientId: string): Promise<OAuthClientInformationFull | undefined> {
    const client = await asOAuth(() => this.clients.find(clientId));
    return client ? this.toSdk(client) : undefined;
  }

  /** RFC 7591 registration: the SDK made the client_id (a UUID); a secret it made is dropped. */
  async registerClient(info: Omit<OAuthClientInformationFull, 'client_id' | 'client_id_issued_at'>): Promise<OAuthClientInformationFull> {
    const id = (info as { client_id?: unknown }).client_id;
    const client = await asOAuth(() => this.clients.register(typeof id === 'string' ? id : crypto.randomUUID(), info));
    return this.toSdk(client);
  }

  domainClient(client: OAuthClientInformationFull): OAuthClient | undefined {
    return this.domain.get(client);
  }

  private toSdk(client: OAuthClient): OAuthClientInformationFull {
    const info: OAuthClientInformationFull = { ...client.metadata, client_id: client.id };
    if (client.kind === 'dcr') info.client_id_issued_at = Math.floor(client.createdAt.getTime() / 1000);
    this.domain.set(info, client);
    return info;
  }
}
