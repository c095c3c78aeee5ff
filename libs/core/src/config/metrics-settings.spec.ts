import { AppConfig } from './app-config';

describe('AppConfig: the metrics endpoints', () => {
  it('serves no metrics unless a port is set, and binds them to loopback by default', () => {
    const config = AppConfig.fromEnv({});
    expect(config.METRICS_PORT).toBeUndefined();
    expect(config.WORKER_METRICS_PORT).toBeUndefined();
    expect(config.METRICS_HOST).toBe('127.0.0.1');
  });

  it('reads the API and worker ports and another bind address', () => {
    const config = AppConfig.fromEnv({ METRICS_PORT: '9464', WORKER_METRICS_PORT: '9465', METRICS_HOST: '0.0.0.0' });
    expect(config.METRICS_PORT).toBe(9464);
    expect(config.WORKER_METRICS_PORT).toBe(9465);
    expect(config.METRICS_HOST).toBe('0.0.0.0');
  });

  it.each(['0', '65536', 'abc', '9464.5'])('refuses METRICS_PORT=%s (1-65535)', (port) => {
    expect(() => AppConfig.fromEnv({ METRICS_PORT: port })).toThrow(/METRICS_PORT/);
    expect(() => AppConfig.fromEnv({ WORKER_METRICS_PORT: port })).toThrow(/WORKER_METRICS_PORT/);
  });
});
