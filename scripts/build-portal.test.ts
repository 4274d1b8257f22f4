import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { portalIsCurrent } from './build-portal.mjs';

describe('portalIsCurrent', () => {
  const made: string[] = [];
  afterEach(() => made.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  /** A build folder whose index.html is newer than every source, built at `compression` if given. */
  const built = (compression?: string): string => {
    const dir = mkdtempSync(join(tmpdir(), 'ecopermit-built-'));
    made.push(dir);
    writeFileSync(join(dir, 'index.html'), '<!doctype html>');
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(dir, 'index.html'), later, later);
    if (compression) writeFileSync(join(dir, '.compression'), `${compression}\n`);
    return dir;
  };

  it('serves a fast build to the tests, and builds it again for a start that asks for the best', () => {
    const dir = built('fast');
    expect(portalIsCurrent(dir, { PORTAL_COMPRESSION: 'fast' })).toBe(true);
    expect(portalIsCurrent(dir, {})).toBe(false);
    expect(portalIsCurrent(dir, { PORTAL_COMPRESSION: 'best' })).toBe(false);
  });

  it('serves a best build (or one made before the setting) whatever is asked', () => {
    for (const dir of [built('best'), built()]) {
      expect(portalIsCurrent(dir, {})).toBe(true);
      expect(portalIsCurrent(dir, { PORTAL_COMPRESSION: 'fast' })).toBe(true);
    }
  });

  it('builds again when a source is newer than the build, or when there is no build', () => {
    const dir = built('best');
    const earlier = new Date(Date.now() - 365 * 24 * 3600_000);
    utimesSync(join(dir, 'index.html'), earlier, earlier);
    expect(portalIsCurrent(dir, {})).toBe(false);
    expect(portalIsCurrent(join(dir, 'none'), {})).toBe(false);
  });
});
