// @module-tag dialect-free: no database (summaries of the fixtures, pure functions).
/**
 * Conformance: the confirm step and the read-only view of every service say each answer as a person
 * reads it, in English and in another language. For every form and every valid fixture, the confirm
 * summary and the view's summary (sections, rows, answers: what `AnswerSummary` draws), the
 * label/value rows of the studio's check and of the server's copy, and the view's tables hold no
 * `[object`, no property key shown as a label, and no stored code of a choice whose schema gives it a
 * title (`oneOf`/`anyOf` titles, `ui:enumNames`, at any depth, in rows too).
 */
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { confirmSummary, confirmSummaryEntries } from '../../engine/core/confirm-summary';
import type { ServiceDefinition } from '../../engine/core/definition-types';
import { schemaMatches } from '../../engine/core/form-validator';
import { loadServiceDefinitions } from '../../engine/core/load-definitions';
import { localizeDefinition } from '../../engine/core/localize-definition';
import { localizeFromDisk } from '../../engine/core/node/read-service-catalogue';
import { readServiceFiles } from '../../engine/core/node/read-service-files';
import { sectionedGerman, sectionedTestDefinition } from '../../engine/core/test-definition';
import { answeredViewRows, answeredViewSummary, detailTables } from '../../engine/core/view-rows';
import { formsOf, validFixtures } from './service-fixtures';
import { summaryProblems, type SummarisedForm } from './summary-problems';

const root = process.env.CONFORMANCE_ROOT ? resolve(process.env.CONFORMANCE_ROOT) : resolve(__dirname, '../..');
const servicesDir = join(root, 'services');
const loaded = loadServiceDefinitions(readServiceFiles(servicesDir).files);

/** English, and German as the other language (every service has its catalogue). */
const LANGUAGES = ['en', 'de'] as const;
const TEXTS = {
  en: { yes: 'Yes', no: 'No', selected: (count: number) => `${count} selected` },
  de: { yes: 'Ja', no: 'Nein', selected: (count: number) => `${count} ausgewählt` },
};

/** Every problem of what the confirm step and the view show of `data`, in the form's language. */
function shownProblems(form: ServiceDefinition, data: Record<string, unknown>, language: 'en' | 'de'): string[] {
  const texts = TEXTS[language];
  const application = { [form.view.record]: data };
  const flat = [
    ...confirmSummary(form, data, { matches: schemaMatches, texts }).map((row) => ({
      ...row,
      kind: 'answer' as const,
    })),
    ...answeredViewRows(form, application, undefined, texts).map((row) => ({
      field: '',
      kind: 'answer' as const,
      ...row,
    })),
  ];
  const tables = detailTables(form, application, texts).flatMap((table) =>
    table.rows
      .flat()
      .filter((cell) => cell.includes('[object'))
      .map((cell) => `${table.title}: a cell "${cell}" holds [object`),
  );
  return [
    ...summaryProblems(form, confirmSummaryEntries(form, data, { matches: schemaMatches, texts }), 'confirm'),
    ...summaryProblems(form, answeredViewSummary(form, application, undefined, texts), 'view'),
    ...summaryProblems(form, flat, 'rows'),
    ...tables,
  ];
}

describe('the summary check', () => {
  it('finds [object, a key shown as a label and a titled code', () => {
    const form: SummarisedForm = sectionedTestDefinition();
    expect(
      summaryProblems(form, [
        { kind: 'answer', field: 'site.zone', label: 'zone', value: 'C' },
        {
          kind: 'table',
          field: 'activities',
          title: 'Activities',
          fields: ['activities.activity', 'activities.scale'],
          columns: ['Activity', 'scale'],
          rows: [['storage', '[object Object]']],
        },
        {
          kind: 'section',
          field: 'applicant',
          title: 'Applicant',
          entries: [{ kind: 'answer', field: 'applicant.applicant_kind', label: 'Kind', value: 'natural-less' }],
        },
      ]),
    ).toEqual([
      '/site.zone: the label is the property key "zone"',
      '/site.zone: the value "C" is the code C, which has a title',
      '/activities: the label is the property key "scale"',
      '/activities[0].activity: the value "storage" is the code storage, which has a title',
      '/activities[0].scale: the value "[object Object]" holds [object',
      '/applicant/applicant.applicant_kind: the value "natural-less" is the code natural-less, which has a title',
    ]);
  });

  it('finds nothing in the test form made of sections, in English and German', () => {
    const answers = {
      applicant: { full_name: 'Amina Uwase', applicant_kind: 'natural-less', contact: { email: 'a@example.rw' } },
      site: { district: 'Gasabo', zone: 'C', protected_area: false, buffer_metres: 250 },
      activities: [{ activity: 'storage', scale: 'Small', tonnes: 12 }, { activity: 'transport' }],
      declared: true,
    };
    expect(shownProblems(sectionedTestDefinition(), answers, 'en')).toEqual([]);
    const german = localizeDefinition(sectionedTestDefinition(), (text) => sectionedGerman[text] ?? text);
    expect(shownProblems(german, answers, 'de')).toEqual([]);
  });
});

describe.each(loaded.definitions.map((definition): [string, ServiceDefinition] => [definition.key, definition]))(
  'the summaries of %s',
  (_key, definition) => {
    for (const language of LANGUAGES) {
      const localized = localizeFromDisk(servicesDir, definition, language);
      for (const form of formsOf(localized, join(root, 'fixtures')).forms) {
        it(`${form.name} in ${language}: every valid fixture is summarised field by field, choices by their titles`, () => {
          const fixtures = validFixtures(form);
          expect(fixtures.length).toBeGreaterThan(0);
          for (const [name, data] of fixtures) expect(shownProblems(form.definition, data, language), name).toEqual([]);
        });
      }
    }
  },
);
