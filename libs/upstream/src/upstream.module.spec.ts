import { Global, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { ServiceStatusRegistry, SessionUsageTracker } from '@scout/core';
import { UpstreamModule, UpstreamSources } from './upstream.module';

/** Stands in for the global part of CoreModule that the upstream layer needs. */
@Global()
@Module({ providers: [ServiceStatusRegistry, SessionUsageTracker], exports: [ServiceStatusRegistry, SessionUsageTracker] })
class StatusStub {}

describe('UpstreamModule', () => {
  it('creates sources that report health and key states, refuses duplicates, and closes them on shutdown', async () => {
    const moduleRef = await Test.createTestingModule({ imports: [StatusStub, UpstreamModule] }).compile();
    const sources = moduleRef.get(UpstreamSources);
    const registry = moduleRef.get(ServiceStatusRegistry);
    const options = {
      name: 'llama',
      baseUrl: 'http://127.0.0.1:9',
      keys: ['secret-key-0000000001'],
      keyPlacement: { kind: 'path' } as const,
      timeoutMs: 1_000,
      retries: 1,
    };

    const source = sources.create(options);
    expect(source.name).toBe('llama');
    expect(registry.sourceHealth()).toEqual([{ name: 'llama', state: 'ok', retryAt: null }]);
    expect(registry.keyStates()).toEqual([{ source: 'llama', key: 'key#1 (secr…)', state: 'healthy', resetAt: null }]);
    expect(sources.stats()).toEqual([{ source: 'llama', calls: 0, cacheHits: 0, failures: 0, attempts: 0 }]);
    expect(() => sources.create(options)).toThrow('"llama" is created twice');

    const close = jest.spyOn(source, 'close');
    await moduleRef.close();
    expect(close).toHaveBeenCalled();
  });

  it('refuses options that cannot work and fills unset ones with defaults', async () => {
    const sources = new UpstreamSources(new ServiceStatusRegistry(), new SessionUsageTracker());
    const base = { name: 'x', baseUrl: 'http://127.0.0.1:9', keys: [], keyPlacement: { kind: 'none' } as const, timeoutMs: 1_000, retries: 0 };
    expect(() => sources.create({ ...base, baseUrl: 'not a url' })).toThrow('baseUrl "not a url" is not a URL');
    expect(() => sources.create({ ...base, retries: -1 })).toThrow('retries must be a whole number');
    expect(() => sources.create({ ...base, keys: ['k'] })).toThrow('keys are configured but keyPlacement is none');
    expect(() => sources.create({ ...base, timeoutMs: 0 })).toThrow('timeoutMs must be positive');
    expect(() => sources.create({ ...base, breakerThreshold: 0 })).toThrow('breakerThreshold must be positive');
    expect(sources.create({ ...base, breakerThreshold: undefined, halfOpenAfterMs: undefined }).health().state).toBe('ok');
    await sources.onModuleDestroy();
  });
});
