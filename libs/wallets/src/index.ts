export * from './wallets.module';
export * from './wallets.ports';
export * from './pnl/wallet-pnl.dto';
export * from './pnl/pnl-figures';
export * from './pnl/pnl-tools.service';
export * from './portfolio/portfolio-tools.service';
export * from './transfers/transfers-tools.service';
export * from './age/age-tools.service';
