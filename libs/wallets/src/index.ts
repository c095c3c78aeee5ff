export * from './wallets.module';
export * from './wallets.ports';
