export * from './account.module';
export type * from './account-answers';
export * from './account-tools.dto';
export * from './account-tools.service';
