import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.host).toBe('127.0.0.1');
    expect(config.databaseUrl).toBe('');
    expect(config.dataDir.endsWith('data')).toBe(true);
  });

  it('uses the documented upload quotas and body timeout (ARCHITECTURE.md, "Security")', () => {
    const { limits } = loadConfig({});
    expect(limits.uploadFilesPerApplication).toBe(30);
    expect(limits.uploadBytesPerApplication).toBe(200 * 1024 * 1024);
    expect(limits.uploadFilesPerDay).toBe(100);
    expect(limits.uploadBytesPerDay).toBe(500 * 1024 * 1024);
    expect(limits.bodyTimeoutMs).toBe(30_000);
  });

  it('names every bad variable in one clear error', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://db' })).toThrow(ConfigError);
    const bad = () => loadConfig({ PORT: '70000', DATABASE_URL: 'mysql://db' });
    expect(bad).toThrow('PORT: must be a port number from 0 to 65535');
    expect(bad).toThrow('DATABASE_URL: must be empty');
  });

  it('accepts a PostgreSQL URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@localhost/ecopermit' }).databaseUrl).toMatch(/^postgres:/);
  });
});
