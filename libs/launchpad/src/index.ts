export * from './launchpad.module';
export * from './launchpad.ports';
export * from './pairs/launchlab-figures';
export * from './tokens/coin-rows';
export * from './token-amount';
export * from './token-economics/token-economics-figures';
export * from './platform/platform-figures';
export * from './report/report-figures';
