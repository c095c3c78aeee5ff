export * from './launchpad.module';
export * from './launchpad.ports';
