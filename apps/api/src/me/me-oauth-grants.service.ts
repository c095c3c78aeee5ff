import { Injectable } from '@nestjs/common';
import { OAuthGrantStore } from '@scout/auth';
import { NotFoundError, type CallerIdentity } from '@scout/core';
import { oauthGrantView, type OAuthGrantList, type OAuthGrantView } from '../views/oauth-grant-views';

/** The caller's own OAuth grants; another account's grant is "not found", never touched. */
@Injectable()
export class MeOAuthGrantsService {
  constructor(private readonly grants: OAuthGrantStore) {}

  /** The standing grants: client, scopes, when approved and last used. */
  async list(caller: CallerIdentity): Promise<OAuthGrantList> {
    return { grants: (await this.grants.listForAccount(caller.accountId)).map(oauthGrantView) };
  }

  /** Withdraws a grant: its tokens stop at once here, within AUTH_CACHE_TTL_MS everywhere. */
  async revoke(caller: CallerIdentity, grantId: string): Promise<OAuthGrantView> {
    const grant = await this.grants.find(grantId);
    if (!grant || grant.accountId !== caller.accountId) throw new NotFoundError(`No OAuth grant ${grantId} on this account.`);
    return oauthGrantView((await this.grants.revoke(grantId, 'holder'))!);
  }
}
