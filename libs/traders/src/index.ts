export * from './traders.module';
export * from './trader-directory.service';
