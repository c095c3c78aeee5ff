export * from './audit-entry.entity';
export * from './audit-log.service';
export * from './audit.module';
