export * from './launchpad.schemas';
export * from './launchpad.errors';
export * from './launchpad.queries';
export * from './launchpad.client';
export * from './launchpad.probes';
