// @module-tag dialect-free
// The studio reads services from disk; its one query, the staff key, is tested on PostgreSQL by staff.test.ts.
/**
 * The analyst studio's API: absent when off, behind a staff key when on, and, open, every service as
 * it is on disk now (a change shows without a restart), with its problems, fixtures, and what the
 * portal and the server make of any form data in any language.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { hashForSchema, type RJSFSchema } from '@rjsf/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNextVersion } from '../../scripts/services-version';
import { createStaff } from '../../server/staff-accounts';
import { call, startServer, type TestServer } from './helpers';

const repository = resolve(__dirname, '../..');

interface StudioServices {
  problems: Array<{ file: string; pointer: string; message: string }>;
  services: Array<{
    key: string;
    title: string;
    version: number;
    kept: number[];
    migrations: number[];
    forms: Array<{
      key: string;
      validator: string;
      definition: { title: string; formSchema: { properties: Record<string, { title?: string }> } };
      fixtures: { valid: Array<[string, Record<string, unknown>]>; invalid: Array<[string, { data: unknown }]> };
    }>;
  }>;
}

interface StudioCheck {
  fields: Array<{ name: string; title: string; required: boolean }>;
  errors: Array<{ field: string; message: string }>;
  uploads: Array<{ name: string; required: boolean }>;
  summary: Array<{ field: string; label: string; value: string }>;
  view: { rows: Array<{ label: string; value: string }> };
  requests: Array<{ name: string; method: string; path: string; body: Record<string, unknown> }>;
}

describe('studio settings', () => {
  it('is absent when off and asks for a staff key when on', async () => {
    const off = await startServer();
    try {
      expect((await call(off.app, 'GET', 'studio/access')).status).toBe(404);
      expect((await call(off.app, 'GET', 'studio/services')).status).toBe(404);
    } finally {
      await off.close();
    }
    const on = await startServer({ STUDIO: 'on' });
    try {
      const anonymous = await call(on.app, 'GET', 'studio/services');
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.error).toBe('Staff sign-in required.');
      const { key } = await createStaff(on.database.db, 'analyst.one');
      const signedIn = await call(on.app, 'GET', 'studio/access', { headers: { authorization: `Bearer ${key}` } });
      expect(signedIn.body.data).toEqual({ mode: 'on' });

      // A form's validator module: only at the address the signed-in services answer gave out.
      const services = await call<StudioServices>(on.app, 'GET', 'studio/services', {
        headers: { authorization: `Bearer ${key}` },
      });
      const address = services.body.data.services[0]?.forms[0]?.validator ?? '';
      expect(address).toMatch(/^studio\/validators\/plastics\/plastics\/en\.js\?rev=[^&]+&sig=/);
      const module = await on.app.inject({ method: 'GET', url: `/api/${address}` });
      expect(module.statusCode).toBe(200);
      expect(module.headers['content-type']).toBe('text/javascript; charset=utf-8');
      for (const forged of [address.replace(/sig=.*/, 'sig=forged'), address.replace(/&sig=.*/, '')]) {
        const refused = await on.app.inject({ method: 'GET', url: `/api/${forged}` });
        expect(refused.statusCode).toBe(404);
      }
    } finally {
      await on.close();
    }
  });
});

describe('studio, open, on a copy of services/', () => {
  const root = mkdtempSync(join(tmpdir(), 'ecopermit-studio-'));
  let server: TestServer;

  beforeAll(async () => {
    cpSync(join(repository, 'services'), join(root, 'services'), { recursive: true });
    cpSync(join(repository, 'fixtures'), join(root, 'fixtures'), { recursive: true });
    server = await startServer(
      { STUDIO: 'open' },
      { servicesDir: join(root, 'services'), lookupsDir: join(root, 'fixtures', 'lookups') },
    );
  });
  afterAll(async () => {
    await server?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const services = async (language = 'en') =>
    (await call<StudioServices>(server.app, 'GET', `studio/services?language=${language}`)).body.data;
  const check = async (body: Record<string, unknown>) =>
    call<StudioCheck>(server.app, 'POST', 'studio/check', { body });

  it('lists every service with its forms and fixtures, in the language asked', async () => {
    const english = await services();
    expect(english.problems).toEqual([]);
    expect(english.services.map((s) => s.key)).toContain('plastics');
    const plastics = english.services.find((s) => s.key === 'plastics');
    expect(plastics?.forms[0]?.fixtures.valid.map(([name]) => name)).toContain('company-import.json');
    expect(plastics?.forms[0]?.fixtures.invalid.map(([name]) => name)).toContain('bad-id-number.json');
    const licence = english.services.find((s) => s.key === 'export-licence');
    expect(licence?.forms.map((f) => f.key)).toEqual(['export-licence.rotterdam', 'export-licence.basel']);
    const german = await services('de');
    expect(german.services.find((s) => s.key === 'plastics')?.title).toBe(
      'Genehmigung für die Verwendung von Kunststoffen',
    );
  });

  it('serves the validators of a form as they are on disk, for the live form, in the language of its schema', async () => {
    const plastics = (await services('de')).services.find((s) => s.key === 'plastics')?.forms[0];
    const answer = await server.app.inject({ method: 'GET', url: `/api/${plastics?.validator ?? ''}` });
    expect(answer.statusCode).toBe(200);
    const file = join(root, 'plastics-validators.mjs');
    writeFileSync(file, answer.body);
    const served = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as {
      schemaHash: string;
      default: (require: (name: string) => unknown) => Record<string, (data: unknown) => boolean>;
    };
    // The hash of the German schema the services answer gave: the page's validator fits the form it shows.
    expect(served.schemaHash).toBe(hashForSchema(plastics?.definition.formSchema as RJSFSchema));
    const validators = served.default(createRequire(import.meta.url));
    const validate = validators[served.schemaHash];
    expect(validate?.(plastics?.fixtures.valid.find(([name]) => name === 'company-import.json')?.[1])).toBe(true);
    expect(validate?.(plastics?.fixtures.invalid.find(([name]) => name === 'bad-id-number.json')?.[1].data)).toBe(
      false,
    );
    const unknown = await server.app.inject({
      method: 'GET',
      url: '/api/studio/validators/plastics/nope/en.js?rev=1&sig=x',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers the fields, errors, documents, summary, view and calls of a fixture', async () => {
    const plastics = (await services()).services.find((s) => s.key === 'plastics')?.forms[0];
    const valid = plastics?.fixtures.valid.find(([name]) => name === 'company-import.json')?.[1];
    const answer = await check({ service: 'plastics', form: plastics?.key, data: valid });
    expect(answer.status).toBe(200);
    const result = answer.body.data;
    expect(result.errors).toEqual([]);
    expect(result.fields.map((f) => f.name)).toContain('origin');
    expect(result.fields.find((f) => f.name === 'company_id')).toMatchObject({ title: 'Company', required: true });
    expect(result.uploads.length).toBeGreaterThan(0);
    expect(result.summary.find((row) => row.field === 'quantity')).toBeDefined();
    expect(result.view.rows.find((row) => row.label === 'Country of origin')?.value).toBe('Kenya');
    expect(result.requests).toEqual([
      expect.objectContaining({
        name: 'save',
        method: 'POST',
        path: 'clients/applications/plastic-bags-authorization',
      }),
    ]);

    const invalid = plastics?.fixtures.invalid.find(([name]) => name === 'bad-id-number.json')?.[1].data;
    for (const [language, message] of [
      ['en', 'Your ID number must be 16 digits!'],
      ['de', 'Ihre Ausweisnummer muss aus 16 Ziffern bestehen!'],
    ]) {
      const refused = await check({ service: 'plastics', form: plastics?.key, data: invalid, language });
      expect(refused.body.data.errors).toEqual([{ field: 'tin', message }]);
    }
    const unknown = await check({ service: 'plastics', form: 'nope', data: {} });
    expect(unknown.status).toBe(422);
  });

  it('shows a change on disk at once, and a broken file as a problem with its file', async () => {
    const revision = async () =>
      (await call<{ revision: string }>(server.app, 'GET', 'studio/revision')).body.data.revision;
    const before = await revision();
    const schemaFile = join(root, 'services', 'disposal', 'schema.json');
    const schema = JSON.parse(readFileSync(schemaFile, 'utf8')) as {
      properties: Record<string, { title?: string }>;
    };
    const location = schema.properties.location;
    if (location) location.title = 'Where are the products kept?';
    writeFileSync(schemaFile, JSON.stringify(schema, null, 2));
    expect(await revision()).not.toBe(before);
    const disposal = (await services()).services.find((s) => s.key === 'disposal');
    expect(disposal?.forms[0]?.definition.formSchema.properties.location?.title).toBe('Where are the products kept?');

    writeFileSync(join(root, 'services', 'disposal', 'ui.json'), '{ "broken": ');
    const broken = await services();
    expect(broken.problems).toContainEqual(
      expect.objectContaining({ file: 'disposal/ui.json', message: expect.stringContaining('not valid JSON') }),
    );
    expect(broken.services.map((s) => s.key)).not.toContain('disposal');
  });

  it('says which version of a service is edited and which earlier ones are kept', async () => {
    const letter = async () => (await services()).services.find((s) => s.key === 'no-objection-letter');
    expect(await letter()).toMatchObject({ version: 1, kept: [], migrations: [] });
    await startNextVersion(join(root, 'services'), 'no-objection-letter');
    expect(await letter()).toMatchObject({ version: 2, kept: [1], migrations: [] });
  });
});
