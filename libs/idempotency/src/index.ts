export * from './idempotency-key';
export * from './idempotency.module';
export * from './idempotency.service';
export * from './jobs/idempotency.queue';
