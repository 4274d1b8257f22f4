import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PLATFORM_LIFECYCLE, testFiles } from '../engine/core/test-definition';
import { loadServicesDir } from '../engine/core/node/load-services-dir';
import { upgradeServices } from './services-upgrade';

const work = mkdtempSync(join(tmpdir(), 'services-upgrade-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('services:upgrade', () => {
  it('writes an older service and its catalogues in the format of the transition table', async () => {
    const services = join(work, 'services');
    for (const [name, value] of Object.entries(testFiles())) {
      mkdirSync(join(services, name, '..'), { recursive: true });
      writeFileSync(join(services, name), JSON.stringify(value, null, 2));
    }
    const file = join(services, 'sample', 'service.json');
    const older = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    older.lifecycle = {
      statuses: [
        {
          id: 40,
          label: 'Booked',
          colour: 'info',
          next: 'Wait.',
          staffMoves: [9],
          email: { subject: 'Booked {{app_id}}', paragraphs: ['Hi'], link: 'view', linkLabel: 'Open' },
        },
      ],
      actions: [{ name: 'book', description: 'books it', to: 40, from: [2] }],
    };
    writeFileSync(file, JSON.stringify(older, null, 2));
    mkdirSync(join(services, 'sample', 'i18n'));
    writeFileSync(
      join(services, 'sample', 'i18n', 'de.json'),
      JSON.stringify({ 'Booked {{app_id}}': 'Gebucht {{app_id}}' }),
    );
    writeFileSync(join(services, 'platform', 'lifecycle.json'), JSON.stringify(PLATFORM_LIFECYCLE));

    const written = await upgradeServices(services);
    expect(written.map((path) => path.slice(services.length + 1)).sort()).toEqual([
      'sample/i18n/de.json',
      'sample/service.json',
    ]);
    const upgraded = JSON.parse(readFileSync(file, 'utf8')) as { lifecycle: { transitions: Array<{ name: string }> } };
    expect(upgraded.lifecycle.transitions.map((row) => row.name)).toEqual(['reject', 'book']);
    expect(JSON.parse(readFileSync(join(services, 'sample', 'i18n', 'de.json'), 'utf8'))).toEqual({
      'Booked {app_id}': 'Gebucht {app_id}',
    });
    expect(loadServicesDir(services).problems).toEqual([]);
    // Once written, there is nothing more to do.
    expect(await upgradeServices(services)).toEqual([]);
  });
});
