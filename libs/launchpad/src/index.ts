export * from './launchpad.module';
export * from './launchpad.ports';
export * from './report/report-figures';
