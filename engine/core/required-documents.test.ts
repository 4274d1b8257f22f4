import { describe, expect, it } from 'vitest';
import { schemaMatches } from './form-validator';
import { documentLabels, missingUploads, uploadSlots } from './required-documents';
import type { ApplicantTask, ExtraUpload } from './definition-types';

const documents = {
  accept: ['pdf', 'image'] as Array<'pdf' | 'image'>,
  serviceAttachments: true,
  extra: [
    {
      name: 'EIA report',
      accept: ['pdf'] as Array<'pdf'>,
      required: true,
      when: { properties: { has_eia: { const: true } }, required: ['has_eia'] },
      requiredMessage: 'EIA report is required',
    },
    { name: 'Draft ToR', description: 'Optional draft' },
  ],
};
const attachments = [
  { id: 1, name: 'Business licence', description: 'Copy', info: 'Certified', is_mandatory: 1 },
  { id: 2, name: 'Concept note', description: null, is_mandatory: false },
];

describe('uploadSlots', () => {
  it('lists service attachments then the extras whose condition holds', () => {
    expect(uploadSlots({ documents }, attachments, { has_eia: false }, schemaMatches)).toEqual([
      { name: 'Business licence', description: 'Copy', info: 'Certified', required: true, accept: ['pdf', 'image'] },
      { name: 'Concept note', description: '', required: false, accept: ['pdf', 'image'] },
      { name: 'Draft ToR', description: 'Optional draft', required: false, accept: ['pdf', 'image'] },
    ]);
    const withEia = uploadSlots({ documents }, attachments, { has_eia: true }, schemaMatches);
    expect(withEia.map((s) => s.name)).toContain('EIA report');
    expect(withEia.find((s) => s.name === 'EIA report')).toMatchObject({
      required: true,
      accept: ['pdf'],
      requiredMessage: 'EIA report is required',
    });
  });
  it("makes a listed attachment mandatory only when the definition's condition holds (mandatoryWhen)", () => {
    const conditional = {
      documents: {
        ...documents,
        mandatoryWhen: {
          'Business licence': { properties: { is_company: { const: true } }, required: ['is_company'] },
        },
      },
    };
    const required = (data: Record<string, unknown>) =>
      uploadSlots(conditional, attachments, data, schemaMatches).find((slot) => slot.name === 'Business licence')
        ?.required;
    expect(required({ is_company: true })).toBe(true);
    expect(required({ is_company: false })).toBe(false);
    expect(required({})).toBe(false);
    // The condition never makes an attachment the list calls optional mandatory.
    const optional = { documents: { ...documents, mandatoryWhen: { 'Concept note': {} } } };
    expect(uploadSlots(optional, attachments, {}, schemaMatches).find((s) => s.name === 'Concept note')?.required).toBe(
      false,
    );
  });
  it("shows a translated list's names, descriptions and hints, keeping the English name uploads are filed under", () => {
    const translated = [
      {
        name: 'Business licence',
        description: 'The licence',
        info: 'A scan',
        is_mandatory: true,
        label: 'Лицензия',
        description_label: 'Лицензия предприятия',
        info_label: 'Скан',
      },
    ];
    expect(
      uploadSlots({ documents: { accept: ['pdf'], serviceAttachments: true } }, translated, {}, schemaMatches),
    ).toEqual([
      {
        name: 'Business licence',
        label: 'Лицензия',
        description: 'Лицензия предприятия',
        info: 'Скан',
        required: true,
        accept: ['pdf'],
      },
    ]);
    const extra = { name: 'Site plan', label: 'План участка' } as { name: string };
    expect(
      documentLabels({ documents: { accept: ['pdf'], serviceAttachments: true, extra: [extra] } }, [
        ...translated,
        { name: 'Concept note', is_mandatory: false },
      ]),
    ).toEqual(
      new Map([
        ['Business licence', 'Лицензия'],
        ['Site plan', 'План участка'],
      ]),
    );
  });

  it("names the uploads of the applicant's tasks by their translated labels too", () => {
    const report = { name: 'Audit report (PDF)', label: 'Rapporto di audit (PDF)', accept: ['pdf'] } as ExtraUpload;
    const task = { uploads: [report, { name: 'Unlabelled', accept: ['pdf'] }] } as unknown as ApplicantTask;
    expect(documentLabels({ documents: { accept: ['pdf'], serviceAttachments: false }, tasks: [task] }, null)).toEqual(
      new Map([['Audit report (PDF)', 'Rapporto di audit (PDF)']]),
    );
  });

  it('ignores the service list when the definition does not use it', () => {
    expect(
      uploadSlots(
        { documents: { ...documents, serviceAttachments: false, extra: [] } },
        attachments,
        {},
        schemaMatches,
      ),
    ).toEqual([]);
    expect(uploadSlots({ documents }, null, null, schemaMatches).map((s) => s.name)).toEqual(['Draft ToR']);
  });
});

describe('missingUploads', () => {
  it('names required slots without a file', () => {
    const slots = uploadSlots({ documents }, attachments, { has_eia: true }, schemaMatches);
    expect(missingUploads(slots, {})).toEqual(['Business licence', 'EIA report']);
    expect(missingUploads(slots, { 'Business licence': { name: 'a.pdf' }, 'EIA report': [] })).toEqual(['EIA report']);
    expect(missingUploads(slots, { 'Business licence': [{ name: 'a.pdf' }], 'EIA report': 'uploads/x.pdf' })).toEqual(
      [],
    );
  });
});
