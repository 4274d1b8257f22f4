import { describe, expect, it } from 'vitest';
import { entryText, flattenSummary, summariseAnswers, type SummaryEntry } from './answer-summary';
import { confirmSummary, confirmSummaryEntries } from './confirm-summary';
import { schemaMatches as matches } from './form-validator';
import { localizeDefinition } from './localize-definition';
import { schemaAtPath, uiAtPath } from './schema-walk';
import { sectionedGerman, sectionedTestDefinition, testDefinition } from './test-definition';
import { answeredViewRows, answeredViewSummary, detailRows } from './view-rows';

const answers = {
  applicant: {
    full_name: 'Amina Uwase',
    applicant_kind: 'natural-less',
    contact: { email: 'amina@example.rw', phone: ' ' },
  },
  site: { district: 'Gasabo', zone: 'C', protected_area: false, buffer_metres: 250 },
  activities: [{ activity: 'storage', scale: 'Small', tonnes: 12 }, {}, { activity: 'transport', scale: 'Large' }],
  declared: true,
};

const german = localizeDefinition(sectionedTestDefinition(), (text) => sectionedGerman[text] ?? text);
const germanTexts = { yes: 'Ja', no: 'Nein', selected: (count: number) => `${count} ausgewählt` };

describe('the confirm summary of a form made of sections', () => {
  it('shows each section under its title, each answer under its label, choices by their titles, rows as a table', () => {
    expect(confirmSummaryEntries(sectionedTestDefinition(), answers, { matches })).toEqual([
      {
        kind: 'section',
        field: 'applicant',
        title: 'Applicant',
        entries: [
          {
            kind: 'answer',
            field: 'applicant.applicant_kind',
            label: 'Kind of applicant',
            value: 'Natural person, fewer than ten staff',
          },
          { kind: 'answer', field: 'applicant.full_name', label: 'Full name', value: 'Amina Uwase' },
          {
            kind: 'section',
            field: 'applicant.contact',
            title: 'Contact',
            entries: [{ kind: 'answer', field: 'applicant.contact.email', label: 'E-mail', value: 'amina@example.rw' }],
          },
        ],
      },
      {
        kind: 'section',
        field: 'site',
        title: 'Site',
        entries: [
          { kind: 'answer', field: 'site.district', label: 'District', value: 'Gasabo' },
          { kind: 'answer', field: 'site.zone', label: 'Zone', value: 'Commercial' },
          { kind: 'answer', field: 'site.protected_area', label: 'Inside a protected area', value: 'No' },
          { kind: 'answer', field: 'site.buffer_metres', label: 'Distance to the buffer zone (m)', value: '250' },
        ],
      },
      {
        kind: 'table',
        field: 'activities',
        title: 'Activities',
        fields: ['activities.activity', 'activities.scale', 'activities.tonnes'],
        columns: ['Activity', 'Scale', 'Tonnes a year'],
        rows: [
          ['Storage of waste', 'Small', '12'],
          ['Transport of waste', 'Large', ''],
        ],
      },
      { kind: 'answer', field: 'declared', label: 'The answers are true', value: 'Yes' },
    ]);
  });

  it('says the same in another language: titles, choices of sections and of rows, a plain enum of rows', () => {
    const entries = confirmSummaryEntries(german, answers, { matches, texts: germanTexts });
    expect(flattenSummary(entries)).toEqual([
      {
        field: 'applicant.applicant_kind',
        label: 'Antragsteller › Art des Antragstellers',
        value: 'Natürliche Person, weniger als zehn Beschäftigte',
      },
      { field: 'applicant.full_name', label: 'Antragsteller › Vollständiger Name', value: 'Amina Uwase' },
      { field: 'applicant.contact.email', label: 'Antragsteller › Kontakt › E-Mail', value: 'amina@example.rw' },
      { field: 'site.district', label: 'Standort › Bezirk', value: 'Gasabo' },
      { field: 'site.zone', label: 'Standort › Zone', value: 'Gewerbegebiet' },
      { field: 'site.protected_area', label: 'Standort › In einem Schutzgebiet', value: 'Nein' },
      { field: 'site.buffer_metres', label: 'Standort › Abstand zur Pufferzone (m)', value: '250' },
      {
        field: 'activities',
        label: 'Tätigkeiten',
        value: 'Lagerung von Abfällen / Klein / 12; Beförderung von Abfällen / Groß',
      },
      { field: 'declared', label: 'Die Angaben sind wahr', value: 'Ja' },
    ]);
    const table = entries.find((entry) => entry.kind === 'table');
    expect(table).toMatchObject({ columns: ['Tätigkeit', 'Umfang', 'Tonnen im Jahr'] });
  });

  it("shows a section's conditional answer only while its condition holds, and leaves out empty sections", () => {
    const industrial = { ...answers, site: { ...answers.site, zone: 'I' }, applicant: { contact: { phone: '' } } };
    const entries = confirmSummaryEntries(sectionedTestDefinition(), industrial, { matches });
    expect(entries.map((entry) => entry.field)).toEqual(['site', 'activities', 'declared']);
    const site = entries[0] as Extract<SummaryEntry, { kind: 'section' }>;
    expect(site.entries.map((entry) => entry.field)).toEqual(['site.district', 'site.zone', 'site.protected_area']);
  });

  it('keeps the rows of a flat form as they were', () => {
    const data = { kind_id: 3, kind_name: 'Bags', mode: 'fast', done: false };
    const definition = testDefinition();
    expect(confirmSummaryEntries(definition, data, { matches }).every((entry) => entry.kind === 'answer')).toBe(true);
    expect(flattenSummary(summariseAnswers(definition.formSchema, definition.uiSchema, data, { matches }))).toEqual(
      confirmSummary(definition, data, { matches }),
    );
  });
});

describe('the read-only view of a form made of sections', () => {
  const application = { sample: answers };

  it('draws a section row as its answers, rows as a table, with the same texts as the confirm step', () => {
    const view = answeredViewSummary(sectionedTestDefinition(), application, undefined);
    const confirm = confirmSummaryEntries(sectionedTestDefinition(), answers, { matches });
    expect(view.map((entry) => entry.kind)).toEqual(['section', 'section', 'table', 'answer']);
    // Sections and rows are titled by the view's labels, and hold what the confirm step shows.
    expect(view.slice(0, 3)).toEqual(confirm.slice(0, 3));
    expect(view[3]).toEqual({ kind: 'answer', field: 'declared', label: 'Declaration', value: 'Yes' });
  });

  it('says it in another language, and as one line of text per row for the copy', () => {
    const view = answeredViewSummary(german, application, undefined, germanTexts);
    expect(flattenSummary(view).map((row) => `${row.label}: ${row.value}`)).toEqual([
      'Antragsteller › Art des Antragstellers: Natürliche Person, weniger als zehn Beschäftigte',
      'Antragsteller › Vollständiger Name: Amina Uwase',
      'Antragsteller › Kontakt › E-Mail: amina@example.rw',
      'Standort › Bezirk: Gasabo',
      'Standort › Zone: Gewerbegebiet',
      'Standort › In einem Schutzgebiet: Nein',
      'Standort › Abstand zur Pufferzone (m): 250',
      'Tätigkeiten: Lagerung von Abfällen / Klein / 12; Beförderung von Abfällen / Groß',
      'Erklärung: Ja',
    ]);
    expect(detailRows(german, answers, germanTexts)).toEqual([
      {
        label: 'Antragsteller',
        value:
          'Art des Antragstellers: Natürliche Person, weniger als zehn Beschäftigte; Vollständiger Name: Amina Uwase; Kontakt: E-Mail: amina@example.rw',
      },
      {
        label: 'Standort',
        value: 'Bezirk: Gasabo; Zone: Gewerbegebiet; In einem Schutzgebiet: Nein; Abstand zur Pufferzone (m): 250',
      },
      { label: 'Tätigkeiten', value: 'Lagerung von Abfällen / Klein / 12; Beförderung von Abfällen / Groß' },
      { label: 'Erklärung', value: 'Ja' },
    ]);
    expect(answeredViewRows(german, application, undefined, germanTexts)).toHaveLength(4);
  });

  it('reads a view row naming a nested field by its choice title', () => {
    const definition = sectionedTestDefinition();
    definition.view.rows = [
      { label: 'Zone', field: 'site.zone' },
      { label: 'Kind', field: 'applicant.applicant_kind' },
    ];
    expect(detailRows(definition, answers)).toEqual([
      { label: 'Zone', value: 'Commercial' },
      { label: 'Kind', value: 'Natural person, fewer than ten staff' },
    ]);
  });
});

describe('schemaAtPath and uiAtPath', () => {
  const definition = sectionedTestDefinition();
  it('find the schema and ui of nested fields, through branches and rows', () => {
    expect(schemaAtPath(definition.formSchema, 'site.buffer_metres')?.title).toBe('Distance to the buffer zone (m)');
    expect(schemaAtPath(definition.formSchema, 'activities.activity')?.title).toBe('Activity');
    expect(schemaAtPath(definition.formSchema, 'activities.0.scale')?.title).toBe('Scale');
    expect(schemaAtPath(definition.formSchema, 'site.nothing')).toBeUndefined();
    expect(uiAtPath(definition.uiSchema, 'activities.1.activity')).toEqual({
      'ui:enumNames': ['Storage of waste', 'Transport of waste'],
    });
    expect(uiAtPath(definition.uiSchema, 'site.zone')?.['ui:widget']).toBe('radio');
    expect(uiAtPath(definition.uiSchema, 'site.district')).toBeUndefined();
  });
  it('entryText writes a section on one line', () => {
    expect(
      entryText({
        kind: 'section',
        field: 's',
        title: 'S',
        entries: [{ kind: 'answer', field: 's.a', label: 'A', value: '1' }],
      }),
    ).toBe('A: 1');
  });
});
