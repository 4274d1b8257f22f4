import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { check, resolveConfig } from 'prettier';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadServicesDir } from '../engine/core/node/load-services-dir';
import { DEFAULT_SERVICES_DIR } from '../server/definitions';
import { startNextVersion, VersionError } from './services-version';

describe('services:version', () => {
  let services: string;
  beforeEach(() => {
    services = join(mkdtempSync(join(tmpdir(), 'ecopermit-version-')), 'services');
    cpSync(DEFAULT_SERVICES_DIR, services, { recursive: true });
  });
  afterEach(() => rmSync(join(services, '..'), { recursive: true, force: true }));

  it('keeps the current version with the fragments it includes, raises the version, and passes the checks', async () => {
    const before = readFileSync(join(services, 'export-licence', 'service.json'), 'utf8');
    await startNextVersion(services, 'export-licence');
    const archive = join(services, 'export-licence', 'versions', '1.json');
    const kept = JSON.parse(readFileSync(archive, 'utf8')) as { version: number; files: Record<string, unknown> };
    expect(kept.version).toBe(1);
    expect(Object.keys(kept.files)).toContain('export-licence/service.json');
    expect(Object.keys(kept.files).some((file) => file.startsWith('licence-forms/'))).toBe(true);
    expect(Object.keys(kept.files).some((file) => file.startsWith('import-licence/'))).toBe(false);
    // Only the number changed in service.json; the archive is laid out as the formatter wants.
    expect(readFileSync(join(services, 'export-licence', 'service.json'), 'utf8')).toBe(
      before.replace('"version": 1', '"version": 2'),
    );
    expect(await check(readFileSync(archive, 'utf8'), { ...(await resolveConfig(archive)), filepath: archive })).toBe(
      true,
    );
    const loaded = loadServicesDir(services);
    expect(loaded.problems).toEqual([]);
    expect(loaded.definitions.find((d) => d.key === 'export-licence')?.version).toBe(2);
    expect(loaded.archived.map((d) => [d.key, d.version, d.superseded])).toEqual([['export-licence', 1, true]]);

    // A later change of the shared fragment leaves the kept version as it shipped.
    const fragment = join(services, 'licence-forms', 'basel.schema.json');
    writeFileSync(fragment, readFileSync(fragment, 'utf8').replace('"title"', '"description": "changed", "title"'));
    const archived = loadServicesDir(services).archived[0];
    expect(JSON.stringify(archived?.formSchema)).not.toContain('changed');
  });

  it('refuses an unknown service and a service with problems, writing nothing', async () => {
    await expect(startNextVersion(services, 'nothing')).rejects.toThrow(VersionError);
    writeFileSync(join(services, 'plastics', 'ui.json'), '{ broken');
    await expect(startNextVersion(services, 'plastics')).rejects.toThrow(/plastics has problems/);
    expect(existsSync(join(services, 'plastics', 'versions'))).toBe(false);
  });
});
