export * from './access.decorators';
export * from './access.guard';
export * from './api-key.entity';
export * from './api-key.format';
export * from './api-key.service';
export * from './auth.module';
export * from './unauthenticated-rate-limiter';
