export * from './launchpad.module';
export * from './launchpad.ports';
export * from './pairs/launchlab-figures';
export * from './tokens/coin-rows';
