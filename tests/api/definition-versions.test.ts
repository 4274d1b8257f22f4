/**
 * Definition versions through the real server: an application submitted under version 1 of a service
 * is still judged by version 1 after version 2 ships (a new required question), a draft follows the
 * current version, and a version that renames a stored field migrates the stored records with the
 * service's migration JSON. Each version is made as an analyst makes it: `services:version`, then an
 * edit of the JSON, checked by the same loader as `services:check`.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServicesDir } from '../../engine/core/node/load-services-dir';
import { startNextVersion } from '../../scripts/services-version';
import { moveStatus } from '../../server/transitions/execute';
import {
  applicantWithDraft,
  applicationAt,
  attach,
  call,
  PLASTICS_MANDATORY,
  plasticsBody,
  restartServer,
  startServer,
  type TestServer,
  type TestUser,
  servicesUnderTest,
} from './helpers';

const RECORD = 'auth_plastic_bags';

let root: string;
let services: string;
let server: TestServer;

/** Edits a JSON file of the copied plastics service. */
function edit(file: string, change: (value: Record<string, unknown>) => void): void {
  const path = join(services, 'plastics', file);
  const value = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  change(value);
  writeFileSync(path, JSON.stringify(value, null, 2));
}

function problemsOfCopy(): string[] {
  return loadServicesDir(services).problems.map((p) => `${p.file}#${p.pointer}: ${p.message}`);
}

async function versionOf(id: number): Promise<number> {
  const row = await server.database.db
    .selectFrom('applications')
    .select('definition_version')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.definition_version;
}

async function storedRecord(id: number): Promise<Record<string, unknown>> {
  const row = await server.database.db
    .selectFrom('application_records')
    .select('data')
    .where('application_id', '=', id)
    .where('record_key', '=', RECORD)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.data) as Record<string, unknown>;
}

async function submit(user: TestUser, company: number, applicationId: number, overrides: Record<string, unknown> = {}) {
  return call<Record<string, unknown>>(server.app, 'POST', 'clients/applications/plastic-bags-authorization', {
    token: user.token,
    body: plasticsBody({ clientId: user.id, company, applicationId }, overrides),
  });
}

describe('definition versions', () => {
  let user: TestUser;
  let company: number;
  let returned: number;
  let draft: number;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'ecopermit-versions-'));
    services = join(root, 'services');
    cpSync(servicesUnderTest(), services, { recursive: true });
    server = await startServer({}, { servicesDir: services });
    ({ user, company, draft: returned } = await applicantWithDraft(server));
    const first = await submit(user, company, returned);
    expect(first.status).toBe(200);
    await moveStatus(server.database.db, returned, { statusId: 7, comment: 'Please correct the quantity' });
    draft = (await applicationAt(server, user, 1, 1)).id;
    expect((await attach(server, user, draft, PLASTICS_MANDATORY)).statusCode).toBe(201);
  });

  afterAll(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('keeps version 1 when version 2 adds a required question, and stamps drafts with version 2', async () => {
    expect(await versionOf(returned)).toBe(1);
    const written = await startNextVersion(services, 'plastics');
    expect(written.map((file) => file.slice(services.length))).toEqual([
      '/plastics/versions/1.json',
      '/plastics/service.json',
    ]);
    edit('schema.json', (schema) => {
      (schema.properties as Record<string, unknown>).purpose = { type: 'string', title: 'Purpose', maxLength: 200 };
      (schema.required as string[]).push('purpose');
    });
    edit('ui.json', (ui) => (ui['ui:order'] as string[]).push('purpose'));
    expect(problemsOfCopy()).toEqual([]);
    await restartServer(server, { servicesDir: services });

    // The returned application: shown and judged by version 1, which did not ask the purpose.
    const shown = await call<{ definition_version: number }>(server.app, 'GET', `application/${returned}`, {
      token: user.token,
    });
    expect(shown.body.data.definition_version).toBe(1);
    const corrected = await submit(user, company, returned, { quantity: 12 });
    expect(corrected.status).toBe(200);
    expect(await versionOf(returned)).toBe(1);
    expect((await storedRecord(returned)).quantity).toBe(12);

    // The draft follows version 2: the new question is asked, and answered it is stamped version 2.
    expect(await versionOf(draft)).toBe(2);
    const refused = await submit(user, company, draft);
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain('purpose');
    const accepted = await submit(user, company, draft, { purpose: 'Retail packaging' });
    expect(accepted.status).toBe(200);
    expect(await versionOf(draft)).toBe(2);
    const answered = await call<{ definition_version: number }>(server.app, 'GET', `application/${draft}`, {
      token: user.token,
    });
    expect(answered.body.data.definition_version).toBe(2);
  });

  it('asks for a migration when version 3 renames a stored field, and migrates the stored records with it', async () => {
    await startNextVersion(services, 'plastics');
    for (const file of ['schema.json', 'ui.json', 'service.json']) {
      const path = join(services, 'plastics', file);
      writeFileSync(path, readFileSync(path, 'utf8').replaceAll('"origin"', '"origin_country"'));
    }
    expect(problemsOfCopy()).toEqual([
      `plastics/service.json#/version: version 3 breaks data stored under version 2: ${RECORD}/origin is no longer in the form (removed or renamed); say what becomes of it in plastics/migrations/3.json`,
    ]);
    mkdirSync(join(services, 'plastics', 'migrations'));
    writeFileSync(
      join(services, 'plastics', 'migrations', '3.json'),
      JSON.stringify({
        from: 2,
        to: 3,
        records: { [RECORD]: [{ op: 'move', from: '/origin', path: '/origin_country' }] },
      }),
    );
    expect(problemsOfCopy()).toEqual([]);
    expect((await storedRecord(draft)).origin).toBe('Kenya');
    await restartServer(server, { servicesDir: services });

    // Version 2's application moved to version 3 with its field renamed; version 1's is left as it was.
    expect(await versionOf(draft)).toBe(3);
    const migrated = await storedRecord(draft);
    expect(migrated.origin_country).toBe('Kenya');
    expect(migrated).not.toHaveProperty('origin');
    expect(await versionOf(returned)).toBe(1);
    expect((await storedRecord(returned)).origin).toBe('Kenya');

    // Restarting again changes nothing more.
    await restartServer(server, { servicesDir: services });
    expect(await versionOf(draft)).toBe(3);
    expect(await storedRecord(draft)).toEqual(migrated);
  });
});
