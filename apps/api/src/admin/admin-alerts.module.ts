import { Module } from '@nestjs/common';
import { AlertsModule } from '@scout/alerts';
import { AdminAlertsController } from './admin-alerts.controller';

/** Alerts in the API: the three alert tools (found by the tool registry) and the admin route over them. */
@Module({
  imports: [AlertsModule.register()],
  controllers: [AdminAlertsController],
})
export class AdminAlertsModule {}
