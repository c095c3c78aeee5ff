import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res, UseInterceptors } from '@nestjs/common';
import type { Response } from 'express';
import { RequireKey, type ScoutRequest } from '@scout/auth';
import { CREDITS_HEADER } from '@scout/core';
import { UuidParam } from '../http/uuid-param.pipe';
import { ChangeOwnPlanDto, CreateOwnKeyDto, OwnLedgerQueryDto } from './me.dto';
import type { PlanChangeAnswer } from '@scout/ledger';
import type { KeyView, LedgerPage, NewKey } from '../views/account-views';
import { streamLedgerCsv } from '../views/ledger-csv';
import { PeriodQueryDto, RequiredPeriodQueryDto } from '../views/period';
import type { AccountUsage } from '../views/usage-views';
import type { GrantList, MeSummary, OwnKeyList, OwnPlan } from './me-answers';
import { MeService } from './me.service';
import { RouteAnswerCheck } from '../http/route-answer-check.interceptor';

/**
 * The caller's own account (any valid key): balance and usage, keys, plan, grants and ledger.
 * Every route acts on the account of the key that calls it and on nothing else.
 */
@Controller('api/v1/me')
@UseInterceptors(RouteAnswerCheck)
@RequireKey()
export class MeController {
  constructor(private readonly me: MeService) {}

  /** Balance, calls left at 250 credits a call, plan and net usage by tool (refunds deducted). An OAuth token may read it too. */
  @Get()
  @RequireKey('tools', { acceptsOAuth: true })
  async summary(@Req() req: ScoutRequest, @Res({ passthrough: true }) res: Response): Promise<MeSummary> {
    const summary = await this.me.summary(req.caller!);
    res.setHeader(CREDITS_HEADER, String(summary.balance));
    return summary;
  }

  @Get('keys')
  keys(@Req() req: ScoutRequest): Promise<OwnKeyList> {
    return this.me.listKeys(req.caller!);
  }

  @Post('keys')
  createKey(@Req() req: ScoutRequest, @Body() dto: CreateOwnKeyDto): Promise<NewKey> {
    return this.me.createKey(req.caller!, dto);
  }

  @Delete('keys/:keyId')
  revokeKey(@Req() req: ScoutRequest, @Param('keyId', UuidParam) keyId: string): Promise<KeyView> {
    return this.me.revokeKey(req.caller!, keyId);
  }

  @Get('plan')
  plan(@Req() req: ScoutRequest): Promise<OwnPlan> {
    return this.me.plan(req.caller!);
  }

  /** Picks or changes the plan: a new period starts at once with its credits. */
  @Put('plan')
  changePlan(@Req() req: ScoutRequest, @Body() dto: ChangeOwnPlanDto): Promise<PlanChangeAnswer> {
    return this.me.changePlan(req.caller!, dto.plan);
  }

  /** Cancels the plan: no more monthly grants; credits already granted stay. */
  @Delete('plan')
  @HttpCode(200)
  cancelPlan(@Req() req: ScoutRequest): Promise<PlanChangeAnswer> {
    return this.me.changePlan(req.caller!, null);
  }

  @Get('grants')
  grants(@Req() req: ScoutRequest): Promise<GrantList> {
    return this.me.grants(req.caller!);
  }

  @Get('ledger')
  ledger(@Req() req: ScoutRequest, @Query() query: OwnLedgerQueryDto): Promise<LedgerPage> {
    return this.me.ledgerPage(req.caller!, query.limit, query.before);
  }

  /** The account's entries of a period as CSV, oldest first, exactly as the admin export writes them. */
  @Get('ledger.csv')
  async ledgerCsv(@Req() req: ScoutRequest, @Query() query: RequiredPeriodQueryDto, @Res() res: Response): Promise<void> {
    const { filename, batches } = this.me.ledgerExport(req.caller!, query);
    await streamLedgerCsv(res, filename, batches, false);
  }

  /** Net usage of a period by tool, UTC day and channel; by default the current plan period (without a plan, the UTC month). */
  @Get('usage')
  usage(@Req() req: ScoutRequest, @Query() query: PeriodQueryDto): Promise<AccountUsage> {
    return this.me.usage(req.caller!, query);
  }
}
