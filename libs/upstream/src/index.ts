export * from './upstream.types';
export * from './chains';
export { HttpUpstreamSource, UPSTREAM_DEFAULTS, type HttpUpstreamSourceDeps, type UpstreamSourceStats } from './http-upstream-source';
export { parseKeyList } from './key-pool';
export { UpstreamModule, UpstreamSources } from './upstream.module';
export * from './providers/jupiter';
export * from './providers/alchemy';
export * from './providers/defillama';
export * from './providers/fomo';
