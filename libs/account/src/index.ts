export * from './account.module';
export * from './account-tools.dto';
export * from './account-tools.service';
