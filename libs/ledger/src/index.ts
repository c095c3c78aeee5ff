export * from './entities';
export * from './ledger.module';
export * from './ledger.service';
