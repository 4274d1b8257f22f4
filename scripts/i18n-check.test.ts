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

  it('asks for the labels of plain enums at any depth: definitions, array items, nested objects', () => {
    const dir = mkdtempSync(join(tmpdir(), 'i18n-check-'));
    try {
      cpSync(join(root, 'services/plastics'), join(dir, 'services/plastics'), { recursive: true });
      cpSync(join(root, 'services/platform'), join(dir, 'services/platform'), { recursive: true });
      const schemaPath = join(dir, 'services/plastics/schema.json');
      const schema = JSON.parse(readFileSync(schemaPath, 'utf8')) as Record<string, Record<string, unknown>>;
      schema.definitions = { colour: { type: 'string', enum: ['Amber', 'Teal'] } };
      schema.properties = {
        ...schema.properties,
        bag_colour: { $ref: '#/definitions/colour', title: 'Bag colour' },
        other_colours: {
          type: 'array',
          title: 'Other colours',
          maxItems: 2,
          uniqueItems: true,
          items: { $ref: '#/definitions/colour' },
        },
        batches: {
          type: 'array',
          title: 'Batches',
          maxItems: 3,
          items: { type: 'object', properties: { grade: { type: 'string', enum: ['Coarse'] } } },
        },
      };
      write(schemaPath, schema);
      const dePath = join(dir, 'services/plastics/i18n/de.json');
      const de = JSON.parse(readFileSync(dePath, 'utf8')) as Record<string, string>;
      write(dePath, { ...de, 'Bag colour': 'Farbe der Tüte', 'Other colours': 'Weitere Farben', Batches: 'Chargen' });

      const result = i18nCheck(dir, { languages: ['de'], catalogueRoots: [] });
      expect(result.lines).toEqual([
        'de services/plastics/i18n/de.json: missing "Amber"',
        'de services/plastics/i18n/de.json: missing "Teal"',
        'de services/plastics/i18n/de.json: missing "Coarse"',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("asks for the transitions' labels, the platform's in the catalogue of the lifecycle every service includes", () => {
    const dir = mkdtempSync(join(tmpdir(), 'i18n-check-'));
    try {
      cpSync(join(root, 'services/disposal'), join(dir, 'services/disposal'), { recursive: true });
      cpSync(join(root, 'services/platform'), join(dir, 'services/platform'), { recursive: true });
      const dePath = join(dir, 'services/platform/i18n/de.json');
      const de = JSON.parse(readFileSync(dePath, 'utf8')) as Record<string, string>;
      expect(de['Propose approval']).toBe('Genehmigung vorschlagen');
      delete de['Propose approval'];
      write(dePath, { ...de, 'Approve at once': 'Sofort genehmigen' });

      const result = i18nCheck(dir, { languages: ['de'], catalogueRoots: [] });
      expect(result.lines).toEqual([
        'de services/disposal/i18n/de.json: missing "Propose approval"',
        'de services/platform/i18n/de.json: extra "Approve at once"',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("asks for the lifecycle's transition comments, reason messages and own e-mails", () => {
    const dir = mkdtempSync(join(tmpdir(), 'i18n-check-'));
    try {
      cpSync(join(root, 'services/environmental-audit'), join(dir, 'services/environmental-audit'), {
        recursive: true,
      });
      cpSync(join(root, 'services/platform'), join(dir, 'services/platform'), { recursive: true });
      const servicePath = join(dir, 'services/environmental-audit/service.json');
      const service = JSON.parse(readFileSync(servicePath, 'utf8')) as {
        lifecycle: { transitions: Array<Record<string, unknown>> };
      };
      const accepted = service.lifecycle.transitions.find((row) => row.comment === 'Approval conditions accepted.');
      if (!accepted) throw new Error('the audit has no transition commented "Approval conditions accepted."');
      accepted.email = {
        subject: 'Conditions accepted for {app_id}',
        paragraphs: ['Dear {name},'],
        link: 'view',
        linkLabel: 'Open your application',
      };
      write(servicePath, service);
      const dePath = join(dir, 'services/environmental-audit/i18n/de.json');
      const de = JSON.parse(readFileSync(dePath, 'utf8')) as Record<string, string>;
      delete de['Approval conditions accepted.'];
      delete de['Please provide a reason for rejection.'];
      write(dePath, de);

      const result = i18nCheck(dir, { languages: ['de'], catalogueRoots: [] });
      expect(result.lines.sort()).toEqual(
        [
          'de services/environmental-audit/i18n/de.json: missing "Approval conditions accepted."',
          'de services/environmental-audit/i18n/de.json: missing "Please provide a reason for rejection."',
          'de services/environmental-audit/i18n/de.json: missing "Conditions accepted for {app_id}"',
        ].sort(),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses an entry copied from English unless its catalogue lists the text in "$same"', () => {
    const dir = mkdtempSync(join(tmpdir(), 'i18n-check-'));
    try {
      write(join(dir, 'app/i18n/en.json'), {
        nav: { home: 'Home', brand: 'EcoPermit', pair: '{{a}} ({{b}})' },
        files_one: '{{count}} file',
        files_other: '{{count}} files',
      });
      write(join(dir, 'app/i18n/de.json'), {
        $same: ['EcoPermit', 'Old brand'],
        nav: { home: 'Home', brand: 'EcoPermit', pair: '{{a}} ({{b}})' },
        files_one: '{{count}} file',
        files_other: '{{count}} Dateien',
      });
      // A service catalogue: the title copied, an acronym kept on purpose.
      cpSync(join(root, 'services/plastics'), join(dir, 'services/plastics'), { recursive: true });
      cpSync(join(root, 'services/platform'), join(dir, 'services/platform'), { recursive: true });
      const dePath = join(dir, 'services/plastics/i18n/de.json');
      const de = JSON.parse(readFileSync(dePath, 'utf8')) as Record<string, unknown>;
      write(dePath, { ...de, $same: ['Description'], Description: 'Description', 'Applicant type': 'Applicant type' });
      write(join(dir, 'fixtures/lookups/services.json'), [{ id: 1, name: 'Plastics', description: 'Bags' }]);
      write(join(dir, 'fixtures/lookups/service-attachments.json'), [
        { service_id: 1, name: 'Invoice', description: 'From the supplier', info: null, is_mandatory: true },
      ]);
      write(join(dir, 'fixtures/lookups/i18n/de.json'), {
        services: { '1': { name: 'Plastics', description: 'Tüten' } },
        attachments: { Invoice: { name: 'Invoice', description: 'Vom Lieferanten' } },
      });
      write(join(dir, 'server/i18n/en.json'), { 'Invalid code': 'Invalid code', MB: 'MB', GB: 'GB' });
      write(join(dir, 'server/i18n/de.json'), {
        $same: ['MB'],
        'Invalid code': 'Invalid code',
        MB: 'MB',
        GB: 'GB',
      });

      const result = i18nCheck(dir, { languages: ['de'], catalogueRoots: ['app'] });
      const hint = '(as in English: translate it, or list it in "$same" if it is the same on purpose)';
      expect(result.lines.sort()).toEqual(
        [
          `de app/i18n/de.json: untranslated nav.home ${hint}`,
          `de app/i18n/de.json: untranslated files_one ${hint}`,
          'de app/i18n/de.json: extra $same "Old brand"',
          `de services/plastics/i18n/de.json: untranslated "Applicant type" ${hint}`,
          `de fixtures/lookups/i18n/de.json: untranslated services.1.name ${hint}`,
          `de fixtures/lookups/i18n/de.json: untranslated attachments."Invoice".name ${hint}`,
          `de server/i18n/de.json: untranslated "Invalid code" ${hint}`,
          `de server/i18n/de.json: untranslated "GB" ${hint}`,
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
