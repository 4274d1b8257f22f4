// @module-tag dialect-free: no database (settings read from the environment).
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

  it('uses the documented upload quotas and body timeout (docs/security.md)', () => {
    const { limits } = loadConfig({});
    expect(limits.uploadFilesPerApplication).toBe(30);
    expect(limits.uploadBytesPerApplication).toBe(200 * 1024 * 1024);
    expect(limits.uploadFilesPerDay).toBe(100);
    expect(limits.uploadBytesPerDay).toBe(500 * 1024 * 1024);
    expect(limits.bodyTimeoutMs).toBe(30_000);
  });

  it('waits SMTP_TIMEOUT_SECONDS (15) for the mail server, a whole number of seconds', () => {
    expect(loadConfig({}).smtpTimeoutMs).toBe(15_000);
    expect(loadConfig({ SMTP_TIMEOUT_SECONDS: '3' }).smtpTimeoutMs).toBe(3_000);
    expect(() => loadConfig({ SMTP_TIMEOUT_SECONDS: '0' })).toThrow(
      'SMTP_TIMEOUT_SECONDS: must be a whole number of at least 1',
    );
  });

  it('signs the staff in with the embedded provider by default, or with an https issuer and its client', () => {
    expect(loadConfig({}).staffSignIn).toEqual({
      issuer: null,
      clientId: '',
      clientSecret: '',
      rolesClaim: 'roles',
      nameClaim: 'preferred_username',
      sessionMaxMs: 10 * 60 * 60_000,
      sessionIdleMs: 120 * 60_000,
    });
    const own = loadConfig({
      STAFF_OIDC_ISSUER: 'https://id.example.org/realms/staff/',
      STAFF_OIDC_CLIENT_ID: 'console',
      STAFF_OIDC_ROLES_CLAIM: 'groups',
      STAFF_SESSION_HOURS: '8',
    }).staffSignIn;
    expect(own).toMatchObject({
      issuer: 'https://id.example.org/realms/staff',
      clientId: 'console',
      rolesClaim: 'groups',
    });
    expect(own.sessionMaxMs).toBe(8 * 60 * 60_000);
    expect(
      loadConfig({ STAFF_OIDC_ISSUER: 'http://localhost:8180/realms/x', STAFF_OIDC_CLIENT_ID: 'c' }).staffSignIn.issuer,
    ).toBe('http://localhost:8180/realms/x');
    expect(() => loadConfig({ STAFF_OIDC_ISSUER: 'http://id.example.org', STAFF_OIDC_CLIENT_ID: 'c' })).toThrow(
      'STAFF_OIDC_ISSUER: must be empty',
    );
    expect(() => loadConfig({ STAFF_OIDC_ISSUER: 'https://id.example.org' })).toThrow(
      'STAFF_OIDC_CLIENT_ID: must be set with STAFF_OIDC_ISSUER',
    );
  });

  it('names every bad variable in one clear error', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://db' })).toThrow(ConfigError);
    const bad = () => loadConfig({ PORT: '70000', DATABASE_URL: 'mysql://db' });
    expect(bad).toThrow('PORT: must be a port number from 0 to 65535');
    expect(bad).toThrow('DATABASE_URL: must be empty');
  });

  it('drains for SHUTDOWN_GRACE_SECONDS (20) after DRAIN_DELAY_SECONDS (0), with metrics off by default', () => {
    const defaults = loadConfig({});
    expect(defaults.shutdownGraceMs).toBe(20_000);
    expect(defaults.drainDelayMs).toBe(0);
    expect(defaults.metrics).toBe(false);
    const set = loadConfig({ SHUTDOWN_GRACE_SECONDS: '45', DRAIN_DELAY_SECONDS: '5', METRICS: 'on' });
    expect(set.shutdownGraceMs).toBe(45_000);
    expect(set.drainDelayMs).toBe(5_000);
    expect(set.metrics).toBe(true);
    // 0 is allowed for both: exit as soon as the listener closes, or close it at once.
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '0' }).shutdownGraceMs).toBe(0);
    const bad = () => loadConfig({ SHUTDOWN_GRACE_SECONDS: '-1', DRAIN_DELAY_SECONDS: '1.5', METRICS: 'yes' });
    expect(bad).toThrow('SHUTDOWN_GRACE_SECONDS: must be a whole number of at least 0');
    expect(bad).toThrow('DRAIN_DELAY_SECONDS: must be a whole number of at least 0');
    expect(bad).toThrow("METRICS: must be 'off' or 'on'");
  });

  it('keeps files under DATA_DIR by default, and in an S3 bucket with STORAGE_URL', () => {
    const local = loadConfig({});
    expect(local.storage).toEqual({ backend: 'local' });
    // One process owns its disk: nothing of its own can be in flight when it starts.
    expect(local.orphanGraceMs).toBe(0);

    const s3 = loadConfig({ STORAGE_URL: 's3://ecopermit-files/portal/', S3_ENDPOINT: 'http://127.0.0.1:9000' });
    expect(s3.storage).toEqual({
      backend: 's3',
      bucket: 'ecopermit-files',
      prefix: 'portal/',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      accessKeyId: '',
      secretAccessKey: '',
      forcePathStyle: true,
    });
    // Other instances may be receiving files: the sweep leaves the last hour alone.
    expect(s3.orphanGraceMs).toBe(60 * 60_000);
    expect(loadConfig({ STORAGE_URL: 's3://bucket' }).storage).toMatchObject({ prefix: '', forcePathStyle: false });
    expect(loadConfig({ STORAGE_URL: 's3://bucket', ORPHAN_GRACE_MINUTES: '0' }).orphanGraceMs).toBe(0);

    const bad = () => loadConfig({ STORAGE_URL: 'file:///tmp', S3_ENDPOINT: 'minio:9000', ORPHAN_GRACE_MINUTES: '-1' });
    expect(bad).toThrow('STORAGE_URL: must be empty');
    expect(bad).toThrow('S3_ENDPOINT: must be empty (AWS) or an http(s) address');
    expect(bad).toThrow('ORPHAN_GRACE_MINUTES: must be a whole number of at least 0');
  });

  it('accepts a PostgreSQL URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@localhost/ecopermit' }).databaseUrl).toMatch(/^postgres:/);
  });
});
