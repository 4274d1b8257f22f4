import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { DEFAULT_LOOKUPS_DIR } from '../../server/db/reference-data';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDefinitionsFrom } from '../../server/definitions';
import { call, servicesUnderTest, startServer, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server.close());

type Option = { id: number; name: string };

describe('locations', () => {
  it('walks the Rwandan hierarchy from province to village with stable ids', async () => {
    const provinces = (await call<Option[]>(server.app, 'GET', 'provinces')).body.data;
    expect(provinces.map((p) => p.name)).toEqual(['East', 'Kigali', 'North', 'South', 'West']);
    const kigali = provinces.find((p) => p.name === 'Kigali');
    expect(kigali?.id).toBe(2);
    const districts = (await call<Option[]>(server.app, 'GET', 'districts/2')).body.data;
    expect(districts).toEqual([
      { id: 201, name: 'Gasabo' },
      { id: 202, name: 'Kicukiro' },
      { id: 203, name: 'Nyarugenge' },
    ]);
    const sectors = (await call<Option[]>(server.app, 'GET', 'sectors/201')).body.data;
    expect(sectors.length).toBeGreaterThan(5);
    const cells = (await call<Option[]>(server.app, 'GET', `cells/${sectors[0]?.id}`)).body.data;
    expect(cells.length).toBeGreaterThan(0);
    const villages = (await call<Option[]>(server.app, 'GET', `villages/${cells[0]?.id}`)).body.data;
    expect(villages.length).toBeGreaterThan(0);
    expect(villages[0]?.id).toBe((cells[0]?.id ?? 0) * 100 + 1);
  });

  it('answers an empty list for an unknown parent and 404 for a malformed id', async () => {
    expect((await call(server.app, 'GET', 'districts/99')).body).toEqual({ code: 200, data: [], error: null });
    expect((await call(server.app, 'GET', 'districts/abc')).status).toBe(404);
  });
});

describe('lookup lists', () => {
  it.each([
    ['company-categories', 'Private company'],
    ['quantity-measures', 'Kilograms'],
    ['quantity-measures', 'Tonnes'],
    ['quantity-measures', 'Pieces'],
    ['quantity-measures', 'Litres'],
    ['plastic-types', 'Other'],
    ['plastics/consumption-areas', 'Other'],
    ['plastics/consumption-areas', 'Meet Supplying'],
    ['plastics/consumption-areas', 'Medical Use'],
    ['plastics/consumption-areas', 'Food Packaging'],
    ['plastics/local-suppliers', 'Kigali Packaging Ltd'],
    ['disposal-types', 'Chemicals'],
    ['disposal-reasons', 'Expired'],
  ])('GET %s includes %s', async (path, name) => {
    const res = await call<Option[]>(server.app, 'GET', path);
    expect(res.status).toBe(200);
    expect(res.body.data.map((o) => o.name)).toContain(name);
    for (const option of res.body.data) expect(Object.keys(option).sort()).toEqual(['id', 'name']);
  });

  it('lists the items of one consumption area', async () => {
    const areas = (await call<Option[]>(server.app, 'GET', 'plastics/consumption-areas')).body.data;
    for (const area of areas.filter((a) => a.name !== 'Other')) {
      const items = (await call<Option[]>(server.app, 'GET', `plastics/consumption-areas/${area.id}`)).body.data;
      expect(items.length).toBeGreaterThan(0);
    }
  });
});

describe("reference data in the caller's language", () => {
  const german = JSON.parse(readFileSync(join(DEFAULT_LOOKUPS_DIR, 'i18n/de.json'), 'utf8')) as {
    lookups: Record<string, Record<string, string>>;
    services: Record<string, { name: string; description: string }>;
  };

  it('labels lookup entries in German beside their English names, and answers English callers the contract', async () => {
    const headers = { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' };
    const areas = (
      await call<Array<Option & { label: string }>>(server.app, 'GET', 'plastics/consumption-areas', { headers })
    ).body.data;
    const other = areas.find((area) => area.name === 'Other');
    expect(other?.label).toBe(german.lookups['consumption-areas']?.Other);
    expect(other?.label).not.toBe('Other');
    for (const area of areas) expect(area.label).toBe(german.lookups['consumption-areas']?.[area.name]);
    // Proper names stay as they are.
    const suppliers = (
      await call<Array<Option & { label: string }>>(server.app, 'GET', 'plastics/local-suppliers', { headers })
    ).body.data;
    for (const supplier of suppliers) expect(supplier.label).toBe(supplier.name);

    const english = (
      await call<Option[]>(server.app, 'GET', 'plastics/consumption-areas', { headers: { 'accept-language': 'en' } })
    ).body.data;
    for (const area of english) expect(Object.keys(area).sort()).toEqual(['id', 'name']);
  });

  it('names and describes the services in German', async () => {
    const res = await call<Array<{ id: number; name: string; label: string; description_label: string }>>(
      server.app,
      'GET',
      'services',
      { headers: { 'accept-language': 'de' } },
    );
    expect(res.response.headers.vary).toMatch(/Accept-Language/i);
    for (const service of res.body.data) {
      expect(service.label).toBe(german.services[String(service.id)]?.name);
      expect(service.description_label).toBe(german.services[String(service.id)]?.description);
    }
    expect(res.body.data.find((s) => s.id === 1)?.name).toBe('Authorization to use Plastics');
  });
});

describe('services', () => {
  it('lists every service of the definitions publicly, in the order of their ids', async () => {
    const res = await call<Array<{ id: number; name: string; description: string }>>(server.app, 'GET', 'services');
    const defined = loadDefinitionsFrom(servicesUnderTest()).definitions.map((definition) => definition.id);
    expect(defined.length).toBeGreaterThan(0);
    expect(res.body.data.map((s) => s.id)).toEqual(defined);
  });

  it('lists the documents of service 1: one mandatory, one optional', async () => {
    const res = await call<Array<{ name: string; is_mandatory: boolean }>>(server.app, 'GET', 'service/attachments/1');
    expect(res.body.data).toHaveLength(2);
    expect(res.body.data.filter((a) => a.is_mandatory).map((a) => a.name)).toEqual([
      'Company registration certificate',
    ]);
    expect(Object.keys(res.body.data[0] ?? {}).sort()).toEqual(['description', 'id', 'info', 'is_mandatory', 'name']);
  });

  it('names the documents in the language of Accept-Language beside the English name uploads are filed under', async () => {
    type Document = { name: string; label: string; description_label: string; info_label: string | null };
    const res = await call<Document[]>(server.app, 'GET', 'service/attachments/1', {
      headers: { 'accept-language': 'ru' },
    });
    expect(res.response.headers.vary).toMatch(/Accept-Language/i);
    expect(res.body.data[0]).toMatchObject({
      name: 'Company registration certificate',
      label: 'Свидетельство о регистрации компании',
      description_label: 'Свидетельство о создании или регистрации предприятия',
      info_label: 'PDF или изображение свидетельства, выданного регистрирующим органом',
    });
    // A document without a hint keeps none.
    const export_ = await call<Document[]>(server.app, 'GET', 'service/attachments/4', {
      headers: { 'accept-language': 'es' },
    });
    expect(export_.body.data.find((a) => a.name === 'Material safety data sheet')).toMatchObject({
      label: 'Ficha de datos de seguridad',
      info_label: null,
    });
  });
});

describe('envelope for unknown paths', () => {
  it('answers 404 in the envelope', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, data: null, error: 'Not found' });
    expect((await server.app.inject({ method: 'GET', url: '/dashboard' })).statusCode).toBe(404);
  });

  it('answers a malformed JSON body with a 400 envelope', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/clients/login',
      headers: { 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, data: null });
  });
});

describe('portal serving', () => {
  it('serves files of STATIC_DIR and index.html for client routes, never for /api', async () => {
    const { startServer: start } = await import('./helpers');
    const probe = await start();
    const staticDir = join(probe.config.dataDir, 'portal');
    await probe.close();
    mkdirSync(join(staticDir, 'assets'), { recursive: true });
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>EcoPermit</title>');
    writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log(1)');
    const withPortal = await start({ STATIC_DIR: staticDir });
    try {
      const page = await withPortal.app.inject({ method: 'GET', url: '/dashboard?x=1' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>EcoPermit</title>');
      const asset = await withPortal.app.inject({ method: 'GET', url: '/assets/app.js' });
      expect(asset.body).toBe('console.log(1)');
      const api = await withPortal.app.inject({ method: 'GET', url: '/api/nothing' });
      expect(api.json()).toEqual({ code: 404, data: null, error: 'Not found' });
    } finally {
      await withPortal.close();
    }
  });

  it('answers each address with its prerendered page in the language of the cookie, and the shell elsewhere', async () => {
    const { startServer: start } = await import('./helpers');
    const probe = await start();
    const staticDir = join(probe.config.dataDir, 'portal');
    await probe.close();
    const page = (language: string, name: string, text: string) => {
      mkdirSync(join(staticDir, 'pages', language), { recursive: true });
      writeFileSync(join(staticDir, 'pages', language, name), `<!doctype html><p>${text}</p>`);
    };
    mkdirSync(staticDir, { recursive: true });
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><div id="root"></div>');
    for (const [language, words] of [
      ['en', ['Welcome', 'Login', 'Loading']],
      ['de', ['Willkommen', 'Anmelden', 'Laden']],
    ] as const) {
      page(language, 'index.html', words[0]);
      page(language, 'login.html', words[1]);
      page(language, 'shell.html', words[2]);
    }
    writeFileSync(
      join(staticDir, 'pages', 'pages.json'),
      JSON.stringify({
        languages: ['en', 'de'],
        cookie: 'lang',
        pages: { '/': 'index.html', '/login': 'login.html' },
        shell: 'shell.html',
      }),
    );
    const withPortal = await start({ STATIC_DIR: staticDir });
    try {
      const get = (url: string, cookie?: string) =>
        withPortal.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      const landing = await get('/');
      expect(landing.body).toContain('Welcome');
      expect(landing.headers['content-language']).toBe('en');
      expect(landing.headers.vary).toContain('Cookie');
      expect((await get('/login/', 'theme=dark; lang=de')).body).toContain('Anmelden');
      expect((await get('/', 'lang=de')).headers['content-language']).toBe('de');
      // An unknown language is the default one; any other address is the shell of the signed-in pages.
      expect((await get('/login', 'lang=xx')).body).toContain('Login');
      expect((await get('/dashboard?tab=2', 'lang=de')).body).toContain('Laden');
      expect((await get('/dashboard')).headers['content-type']).toContain('text/html');
    } finally {
      await withPortal.close();
    }
  });
});
