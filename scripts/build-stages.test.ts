import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUILD_STAGES, buildStage } from './build-stages';

describe('buildStage', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('says nothing unless the build asks for its stages', () => {
    vi.stubEnv(BUILD_STAGES, '');
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    buildStage('prerendering the public pages');
    expect(log).not.toHaveBeenCalled();
  });

  it('says the stage and the seconds since the build began', () => {
    vi.stubEnv(BUILD_STAGES, '1');
    vi.stubEnv('PORTAL_BUILD_STARTED', String(Date.now() - 12_000));
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    buildStage('prerendering the public pages');
    expect(log).toHaveBeenCalledTimes(1);
    const line = String(log.mock.calls[0]?.[0]);
    expect(line).toMatch(/^ {2}prerendering the public pages \(\d+ s\)$/);
    // At least the twelve seconds before the call (a slow machine may add some).
    expect(Number(/\((\d+) s\)/.exec(line)?.[1])).toBeGreaterThanOrEqual(12);
  });
});
