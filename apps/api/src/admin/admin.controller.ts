import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res, UseInterceptors } from '@nestjs/common';
import type { Response } from 'express';
import { RequireKey, type ScoutRequest } from '@scout/auth';
import { AccountListQueryDto, AddCreditsDto, AuditQueryDto, CreateAccountDto, CreateKeyDto, LedgerQueryDto, ReasonDto, SetPlanDto } from './admin.dto';
import { LedgerService, type PlanChangeAnswer } from '@scout/ledger';
import type { KeyView, LedgerPage, NewKey } from '../views/account-views';
import { PeriodQueryDto, RequiredPeriodQueryDto, requiredPeriod } from '../views/period';
import type { AccountUsage } from '../views/usage-views';
import type {
  AccountDetail,
  AccountList,
  AccountStatusChange,
  AdminOverview,
  AuditPage,
  CreatedAccount,
  CreditsMoved,
  KeyList,
  PlanHistory,
} from './admin-answers';
import { AdminService, type AdminActor } from './admin.service';
import { ledgerCsvName, streamLedgerCsv } from '../views/ledger-csv';
import { UuidParam } from '../http/uuid-param.pipe';
import { RouteAnswerCheck } from '../http/route-answer-check.interceptor';

const by = (req: ScoutRequest): AdminActor => ({ actor: `key:${req.caller!.keyId}`, requestId: String(req.id) });

/**
 * The admin API (admin scope) the dashboard is built against. Responses are plain JSON, not the
 * tool envelope. Every action that changes something is written to the audit log.
 */
@Controller('api/v1/admin')
@UseInterceptors(RouteAnswerCheck)
@RequireKey('admin')
export class AdminController {
  constructor(
    private readonly admin: AdminService,
    private readonly ledger: LedgerService,
  ) {}

  // --- overview ------------------------------------------------------------------------------

  /** Every account's calls and credits per UTC day of the last 30 (by channel and tool area), this month's top accounts, open holds, accounts by status. */
  @Get('overview')
  overview(): Promise<AdminOverview> {
    return this.admin.overview();
  }

  // --- accounts ------------------------------------------------------------------------------

  @Get('accounts')
  listAccounts(@Query() query: AccountListQueryDto): Promise<AccountList> {
    return this.admin.listAccounts(query);
  }

  @Post('accounts')
  createAccount(@Body() dto: CreateAccountDto, @Req() req: ScoutRequest): Promise<CreatedAccount> {
    return this.admin.createAccount(dto, by(req));
  }

  @Get('accounts/:id')
  account(@Param('id', UuidParam) id: string): Promise<AccountDetail> {
    return this.admin.account(id);
  }

  @Post('accounts/:id/suspend')
  @HttpCode(200)
  suspend(@Param('id', UuidParam) id: string, @Body() dto: ReasonDto, @Req() req: ScoutRequest): Promise<AccountStatusChange> {
    return this.admin.setStatus(id, 'suspended', dto.reason ?? null, by(req));
  }

  @Post('accounts/:id/reactivate')
  @HttpCode(200)
  reactivate(@Param('id', UuidParam) id: string, @Body() dto: ReasonDto, @Req() req: ScoutRequest): Promise<AccountStatusChange> {
    return this.admin.setStatus(id, 'active', dto.reason ?? null, by(req));
  }

  // --- keys ----------------------------------------------------------------------------------

  @Get('accounts/:id/keys')
  keys(@Param('id', UuidParam) id: string): Promise<KeyList> {
    return this.admin.listKeys(id);
  }

  @Post('accounts/:id/keys')
  createKey(@Param('id', UuidParam) id: string, @Body() dto: CreateKeyDto, @Req() req: ScoutRequest): Promise<NewKey> {
    return this.admin.createKey(id, dto, by(req));
  }

  @Delete('keys/:keyId')
  revokeKey(@Param('keyId', UuidParam) keyId: string, @Req() req: ScoutRequest): Promise<KeyView> {
    return this.admin.revokeKey(keyId, by(req));
  }

  // --- plans ---------------------------------------------------------------------------------

  /** Picks or changes the plan: a new period starts at once with its credits and its charge. */
  @Put('accounts/:id/plan')
  setPlan(@Param('id', UuidParam) id: string, @Body() dto: SetPlanDto, @Req() req: ScoutRequest): Promise<PlanChangeAnswer> {
    return this.admin.setPlan(id, dto.plan, dto.reason ?? null, by(req));
  }

  /** Cancels the plan: no more monthly grants; the balance stays. */
  @Delete('accounts/:id/plan')
  cancelPlan(@Param('id', UuidParam) id: string, @Req() req: ScoutRequest): Promise<PlanChangeAnswer> {
    return this.admin.setPlan(id, null, null, by(req));
  }

  @Get('accounts/:id/plan/history')
  planHistory(@Param('id', UuidParam) id: string): Promise<PlanHistory> {
    return this.admin.planHistory(id);
  }

  // --- credits, ledger, usage ----------------------------------------------------------------

  @Post('accounts/:id/credits')
  addCredits(@Param('id', UuidParam) id: string, @Body() dto: AddCreditsDto, @Req() req: ScoutRequest): Promise<CreditsMoved> {
    return this.admin.addCredits(id, dto, by(req));
  }

  @Get('accounts/:id/ledger')
  ledgerPage(@Param('id', UuidParam) id: string, @Query() query: LedgerQueryDto): Promise<LedgerPage> {
    return this.admin.ledgerPage(id, query);
  }

  /** The account's entries of a period as CSV, oldest first. */
  @Get('accounts/:id/ledger.csv')
  async ledgerCsv(@Param('id', UuidParam) id: string, @Query() query: RequiredPeriodQueryDto, @Req() req: ScoutRequest, @Res() res: Response): Promise<void> {
    const { from, to } = requiredPeriod(query);
    await this.admin.recordExport(id, from, to, by(req));
    await streamLedgerCsv(res, ledgerCsvName(id, from, to), this.ledger.entriesInPeriod(id, from, to), false);
  }

  /** Every account's entries of a period as CSV, oldest first. */
  @Get('ledger.csv')
  async allLedgerCsv(@Query() query: RequiredPeriodQueryDto, @Req() req: ScoutRequest, @Res() res: Response): Promise<void> {
    const { from, to } = requiredPeriod(query);
    await this.admin.recordExport(null, from, to, by(req));
    await streamLedgerCsv(res, ledgerCsvName(null, from, to), this.ledger.entriesInPeriod(null, from, to), true);
  }

  @Get('accounts/:id/usage')
  usage(@Param('id', UuidParam) id: string, @Query() query: PeriodQueryDto): Promise<AccountUsage> {
    return this.admin.usage(id, query);
  }

  // --- audit ---------------------------------------------------------------------------------

  @Get('audit')
  audit(@Query() query: AuditQueryDto): Promise<AuditPage> {
    return this.admin.auditLog(query);
  }
}
