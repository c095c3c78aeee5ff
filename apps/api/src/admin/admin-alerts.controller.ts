import { Controller, Get, Param, UseInterceptors } from '@nestjs/common';
import { AlertsAdminService, type AccountAlerts } from '@scout/alerts';
import { RequireKey } from '@scout/auth';
import { UuidParam } from '../http/uuid-param.pipe';
import { RouteAnswerCheck } from '../http/route-answer-check.interceptor';

/** An account's alerts for the dashboard: each with its firing, delivery state and every attempt (never a signing secret). */
@Controller('api/v1/admin/accounts/:id/alerts')
@UseInterceptors(RouteAnswerCheck)
@RequireKey('admin')
export class AdminAlertsController {
  constructor(private readonly alerts: AlertsAdminService) {}

  @Get()
  accountAlerts(@Param('id', UuidParam) id: string): Promise<AccountAlerts> {
    return this.alerts.accountAlerts(id);
  }
}
