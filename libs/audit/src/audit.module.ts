import { Module } from '@nestjs/common';
import { AuditLogService } from './audit-log.service';

@Module({ providers: [AuditLogService], exports: [AuditLogService] })
export class AuditModule {}
