import { Controller, Delete, Get, Param, Req, UseInterceptors } from '@nestjs/common';
import { RequireKey, type ScoutRequest } from '@scout/auth';
import { UuidParam } from '../http/uuid-param.pipe';
import type { OAuthGrantList, OAuthGrantView } from '../views/oauth-grant-views';
import { MeOAuthGrantsService } from './me-oauth-grants.service';
import { RouteAnswerCheck } from '../http/route-answer-check.interceptor';

/**
 * The apps the account let in through OAuth: listed and withdrawn with an `sc_` key (an access
 * token cannot manage access, its own included).
 */
@Controller('api/v1/me/oauth-grants')
@UseInterceptors(RouteAnswerCheck)
@RequireKey()
export class MeOAuthGrantsController {
  constructor(private readonly grants: MeOAuthGrantsService) {}

  @Get()
  list(@Req() req: ScoutRequest): Promise<OAuthGrantList> {
    return this.grants.list(req.caller!);
  }

  @Delete(':grantId')
  revoke(@Req() req: ScoutRequest, @Param('grantId', UuidParam) grantId: string): Promise<OAuthGrantView> {
    return this.grants.revoke(req.caller!, grantId);
  }
}
