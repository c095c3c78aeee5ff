import { Controller, Delete, Get, Param, Req, UseInterceptors } from '@nestjs/common';
import { RequireKey, type ScoutRequest } from '@scout/auth';
import type { OAuthGrantList, OAuthGrantView } from '../views/oauth-grant-views';
import { AdminOAuthGrantsService } from './admin-oauth-grants.service';
import { UuidParam } from '../http/uuid-param.pipe';
import { RouteAnswerCheck } from '../http/route-answer-check.interceptor';

/** OAuth grants of any account (admin scope): every grant, revoked ones too; revoking is audited. */
@Controller('api/v1/admin')
@UseInterceptors(RouteAnswerCheck)
@RequireKey('admin')
export class AdminOAuthGrantsController {
  constructor(private readonly grants: AdminOAuthGrantsService) {}

  @Get('accounts/:id/oauth-grants')
  list(@Param('id', UuidParam) id: string): Promise<OAuthGrantList> {
    return this.grants.list(id);
  }

  @Delete('oauth-grants/:grantId')
  revoke(@Param('grantId', UuidParam) grantId: string, @Req() req: ScoutRequest): Promise<OAuthGrantView> {
    return this.grants.revoke(grantId, { actor: `key:${req.caller!.keyId}`, requestId: String(req.id) });
  }
}
