export * from './wallets.module';
export * from './wallets.ports';
export * from './portfolio/portfolio-tools.service';
export * from './transfers/transfers-tools.service';
export * from './age/age-tools.service';
