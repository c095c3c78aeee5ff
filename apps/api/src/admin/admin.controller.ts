import { Body, Controller, Delete, Get, Param, Post, Query, Req } from '@nestjs/common';
import { RequireKey, type ScoutRequest } from '@scout/auth';
import { AddCreditsDto, CreateAccountDto, CreateKeyDto, LedgerQueryDto } from './admin.dto';
import { AdminService } from './admin.service';
import { UuidParam } from './uuid-param.pipe';

/** Admin bootstrap API (admin scope). Responses are plain JSON, not the tool envelope. */
@Controller('api/v1/admin')
@RequireKey('admin')
export class AdminController {
  constructor(private readonly admin: AdminService) {}

  @Post('accounts')
  createAccount(@Body() dto: CreateAccountDto) {
    return this.admin.createAccount(dto);
  }

  @Get('accounts/:id')
  account(@Param('id', UuidParam) id: string) {
    return this.admin.account(id);
  }

  @Get('accounts/:id/ledger')
  ledger(@Param('id', UuidParam) id: string, @Query() query: LedgerQueryDto) {
    return this.admin.ledgerPage(id, query.limit, query.before);
  }

  @Post('accounts/:id/keys')
  createKey(@Param('id', UuidParam) id: string, @Body() dto: CreateKeyDto) {
    return this.admin.createKey(id, dto);
  }

  @Delete('keys/:keyId')
  revokeKey(@Param('keyId', UuidParam) keyId: string) {
    return this.admin.revokeKey(keyId);
  }

  @Post('accounts/:id/credits')
  addCredits(@Param('id', UuidParam) id: string, @Body() dto: AddCreditsDto, @Req() req: ScoutRequest) {
    return this.admin.addCredits(id, dto, `key:${req.caller!.keyId}`);
  }
}
