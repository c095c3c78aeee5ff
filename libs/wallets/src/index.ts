export * from './wallets.module';
export * from './wallets.ports';
export * from './pnl/wallet-pnl.dto';
export * from './pnl/pnl-figures';
export * from './pnl/pnl-tools.service';
