import { Controller, Get, Req, Res } from '@nestjs/common';
import type { Response } from 'express';
import { RequireKey, type ScoutRequest } from '@scout/auth';
import { CREDITS_HEADER, CREDITS_PER_CALL } from '@scout/core';
import { LedgerService } from '@scout/ledger';

@Controller('api/v1/me')
export class MeController {
  constructor(private readonly ledger: LedgerService) {}

  /** Balance, calls left at 250 credits a call, and net usage by tool (refunds deducted). */
  @Get()
  @RequireKey()
  async me(@Req() req: ScoutRequest, @Res({ passthrough: true }) res: Response) {
    const { accountId, keyId, scopes } = req.caller!;
    const [account, remaining, usage] = await Promise.all([
      this.ledger.requireAccount(accountId),
      this.ledger.remaining(accountId),
      this.ledger.usageByTool(accountId),
    ]);
    res.setHeader(CREDITS_HEADER, String(remaining));
    return {
      account: { id: account.id, name: account.name, plan: account.planId, status: account.status },
      key: { id: keyId, scopes },
      balance: remaining,
      callsLeft: Math.floor(remaining / CREDITS_PER_CALL),
      creditsPerCall: CREDITS_PER_CALL,
      usageByTool: usage,
    };
  }
}
