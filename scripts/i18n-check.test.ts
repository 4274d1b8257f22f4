import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareCatalogue, flattenCatalogue, i18nCheck, pluralForms } from './i18n-check';

const root = resolve(__dirname, '..');

function write(path: string, value: unknown): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
}

describe('i18n-check', () => {
  it('finds every catalogue and service text translated in the real tree', () => {
    const result = i18nCheck(root);
    expect(result.problems).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.lines).toHaveLength(1);
    expect(result.lines[0]).toMatch(
      /^i18n:check OK: \d+ catalogue group\(s\), \d+ service\(s\), \d+ reference list\(s\), \d+ server message\(s\), languages en \+ de, it, ru, es$/,
    );
  });

  it('reports missing, extra, empty, placeholder and plural problems per language and file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'i18n-check-'));
    try {
      write(join(dir, 'app/i18n/en.json'), {
        nav: { home: 'Home', hello: 'Hello {{name}}' },
        days_one: '{{count}} day',
        days_other: '{{count}} days',
      });
      write(join(dir, 'app/i18n/de.json'), {
        nav: { home: '', hello: 'Hallo {{nme}}', old: 'Alt' },
        days_one: '{{count}} Tag',
        days_other: '{{count}} Tage',
      });
      write(join(dir, 'app/i18n/ru.json'), {
        nav: { home: 'Главная', hello: 'Здравствуйте, {{name}}' },
        days_one: '{{count}} день',
        days_other: '{{count}} дня',
      });
      // A feature folder is a group of its own; its German file is missing, and it redefines a key.
      write(join(dir, 'app/feature/i18n/en.json'), { feature: { title: 'Feature' }, nav: { home: 'Start' } });
      write(join(dir, 'app/feature/i18n/ru.json'), { feature: { title: 'Функция' }, nav: { home: 'Начало' } });
      // A service whose German catalogue lacks a text and keeps a stale one.
      cpSync(join(root, 'services/plastics'), join(dir, 'services/plastics'), { recursive: true });
      cpSync(join(root, 'services/platform'), join(dir, 'services/platform'), { recursive: true });
      const dePath = join(dir, 'services/plastics/i18n/de.json');
      const de = JSON.parse(readFileSync(dePath, 'utf8')) as Record<string, string>;
      delete de['Your ID number must be 16 digits!'];
      de['An old text'] = 'Ein alter Text';
      write(dePath, de);

      const result = i18nCheck(dir, { languages: ['de', 'ru'] });
      expect(result.ok).toBe(false);
      expect(result.lines).toEqual([
        'de app/feature/i18n/de.json: missing file (2 key(s))',
        'en app/i18n/en.json: duplicate nav.home (also in app/feature/i18n/en.json)',
        'de app/i18n/de.json: empty nav.home',
        'de app/i18n/de.json: placeholder {{name}} missing in nav.hello',
        'de app/i18n/de.json: placeholder {{nme}} unknown in nav.hello',
        'de app/i18n/de.json: extra nav.old',
        'ru app/i18n/ru.json: missing days_few',
        'ru app/i18n/ru.json: missing days_many',
        'de services/plastics/i18n/de.json: missing "Your ID number must be 16 digits!"',
        'de services/plastics/i18n/de.json: extra "An old text"',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads the catalogue of a shared fragment a service includes, and finds its stale keys', () => {
    const dir = mkdtempSync(join(tmpdir(), 'i18n-check-'));
    try {
      // The disposal service's form moved to a fragment folder: its texts come from the fragment's catalogue.
      cpSync(join(root, 'services/disposal'), join(dir, 'services/disposal'), { recursive: true });
      cpSync(join(root, 'services/platform'), join(dir, 'services/platform'), { recursive: true });
      for (const file of ['schema.json', 'ui.json'])
        cpSync(join(dir, 'services/disposal', file), join(dir, 'services/shared-form', file));
      rmSync(join(dir, 'services/disposal/schema.json'));
      rmSync(join(dir, 'services/disposal/ui.json'));
      const servicePath = join(dir, 'services/disposal/service.json');
      const service = JSON.parse(readFileSync(servicePath, 'utf8')) as Record<string, unknown>;
      service.form = { schema: '../shared-form/schema.json', ui: '../shared-form/ui.json' };
      write(servicePath, service);
      const de = JSON.parse(readFileSync(join(dir, 'services/disposal/i18n/de.json'), 'utf8')) as Record<
        string,
        string
      >;
      // The form's texts are in the fragment catalogue only; one is missing everywhere, one is stale.
      const formTexts = ['Quantity', 'Description'];
      write(
        join(dir, 'services/shared-form/i18n/de.json'),
        Object.fromEntries([...formTexts.slice(1).map((t) => [t, de[t] ?? t]), ['Old', 'Alt']]),
      );
      for (const text of formTexts) delete de[text];
      write(join(dir, 'services/disposal/i18n/de.json'), de);

      const result = i18nCheck(dir, { languages: ['de'], catalogueRoots: [] });
      expect(result.lines).toEqual([
        'de services/disposal/i18n/de.json: missing "Quantity"',
        'de services/shared-form/i18n/de.json: extra "Old"',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('finds every seeded lookup entry, service and document translated, except lists of proper names', () => {
    const dir = mkdtempSync(join(tmpdir(), 'i18n-check-'));
    try {
      write(join(dir, 'fixtures/lookups/quantity-measures.json'), {
        kind: 'quantity-measures',
        path: 'quantity-measures',
        items: [
          { id: 1, name: 'Kilograms' },
          { id: 2, name: 'Pieces' },
        ],
      });
      write(join(dir, 'fixtures/lookups/local-suppliers.json'), {
        kind: 'local-suppliers',
        path: 'plastics/local-suppliers',
        translated: false,
        items: [{ id: 1, name: 'Kigali Packaging Ltd' }],
      });
      write(join(dir, 'fixtures/lookups/services.json'), [{ id: 1, name: 'Plastics', description: 'Bags' }]);
      write(join(dir, 'fixtures/lookups/service-attachments.json'), [
        { service_id: 1, name: 'Invoice', description: 'From the supplier', info: null, is_mandatory: true },
        { service_id: 1, name: 'Permit', description: 'The permit', info: 'A scan', is_mandatory: false },
      ]);
      write(join(dir, 'fixtures/lookups/i18n/de.json'), {
        lookups: { 'quantity-measures': { Kilograms: 'Kilogramm', Litres: 'Liter' }, colours: {} },
        services: { '1': { name: 'Kunststoffe', description: '' } },
        attachments: {
          Invoice: { name: 'Rechnung', description: 'Vom Lieferanten' },
          Permit: { name: 'Genehmigung', description: 'Die Genehmigung' },
          Receipt: { name: 'Quittung', description: 'Die Quittung' },
        },
      });
      const result = i18nCheck(dir, { languages: ['de', 'es'], catalogueRoots: [] });
      expect(result.lines.sort()).toEqual(
        [
          'de fixtures/lookups/i18n/de.json: missing lookups.quantity-measures."Pieces"',
          'de fixtures/lookups/i18n/de.json: extra lookups.quantity-measures."Litres"',
          'de fixtures/lookups/i18n/de.json: extra lookups.colours',
          'de fixtures/lookups/i18n/de.json: empty services.1.description',
          'de fixtures/lookups/i18n/de.json: missing attachments."Permit".info',
          'de fixtures/lookups/i18n/de.json: extra attachments."Receipt"',
          'es fixtures/lookups/i18n/es.json: missing file',
        ].sort(),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('finds every server message translated with its values, and the stale ones', () => {
    const dir = mkdtempSync(join(tmpdir(), 'i18n-check-'));
    try {
      write(join(dir, 'server/i18n/en.json'), {
        'Invalid code': 'Invalid code',
        'Try again in {{minutes}} minutes.': 'Try again in {{minutes}} minutes.',
        'Your application {app_id} is approved': 'Your application {app_id} is approved',
      });
      write(join(dir, 'server/i18n/de.json'), {
        'Try again in {{minutes}} minutes.': 'Versuchen Sie es in {{minuten}} Minuten erneut.',
        'Your application {app_id} is approved': 'Ihr Antrag {antrag} ist genehmigt',
        'Old message': 'Alte Meldung',
      });
      const result = i18nCheck(dir, { languages: ['de', 'es'], catalogueRoots: [] });
      expect(result.lines.sort()).toEqual(
        [
          'de server/i18n/de.json: missing "Invalid code"',
          'de server/i18n/de.json: placeholder {{minutes}} missing in "Try again in {{minutes}} minutes."',
          'de server/i18n/de.json: placeholder {{minuten}} unknown in "Try again in {{minutes}} minutes."',
          'de server/i18n/de.json: placeholder {app_id} missing in "Your application {app_id} is approved"',
          'de server/i18n/de.json: placeholder {antrag} unknown in "Your application {app_id} is approved"',
          'de server/i18n/de.json: extra "Old message"',
          'es server/i18n/es.json: missing file',
        ].sort(),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('asks for the plural forms of each language', () => {
    expect(pluralForms('de')).toEqual(expect.arrayContaining(['one', 'other']));
    expect(pluralForms('ru')).toEqual(expect.arrayContaining(['one', 'few', 'many', 'other']));
    const english = flattenCatalogue({ n_one: '{{count}} item', n_other: '{{count}} items' });
    // _zero is optional everywhere; a form the language does not have is extra.
    expect(
      compareCatalogue(
        english,
        flattenCatalogue({ n_one: '{{count}} Ding', n_other: '{{count}} Dinge', n_zero: 'Nichts', n_few: 'x' }),
        'de',
        'de.json',
      ),
    ).toEqual([{ language: 'de', file: 'de.json', kind: 'extra', key: 'n_few' }]);
  });
});
