import { Injectable } from '@nestjs/common';
import { ApiKeyService, OAuthGrantStore } from '@scout/auth';
import { NotFoundError } from '@scout/core';
import { LedgerService } from '@scout/ledger';
import { oauthGrantView, type OAuthGrantList, type OAuthGrantView } from '../views/oauth-grant-views';
import { AdminService, type AdminActor } from './admin.service';

/** Admin side of OAuth grants: list an account's, revoke one with its audit row in the same transaction. */
@Injectable()
export class AdminOAuthGrantsService {
  constructor(
    private readonly admin: AdminService,
    private readonly grants: OAuthGrantStore,
    private readonly ledger: LedgerService,
    private readonly keys: ApiKeyService,
  ) {}

  async list(accountId: string): Promise<OAuthGrantList> {
    await this.ledger.requireAccount(accountId);
    return { grants: (await this.grants.listForAccount(accountId, true)).map(oauthGrantView) };
  }

  async revoke(grantId: string, by: AdminActor): Promise<OAuthGrantView> {
    const grant = await this.grants.find(grantId);
    if (!grant) throw new NotFoundError(`No OAuth grant ${grantId}.`);
    const revoked = await this.admin.audited(
      by,
      'oauth_grant.revoke',
      grant.accountId,
      async (manager) => (await this.grants.revoke(grantId, 'admin', manager))!,
      () => ({ target: `oauth_grants#${grantId}`, details: { client: grant.client.id, alreadyRevoked: grant.revokedAt !== null } }),
    );
    // Once committed: what this instance verified meanwhile is dropped too.
    this.keys.forgetVerifiedKeys();
    return oauthGrantView(revoked);
  }
}
