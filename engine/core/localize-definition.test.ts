import { describe, expect, it } from 'vitest';
import type { Lifecycle, ServiceDefinition } from './definition-types';
import { schemaMatches, validateFormData } from './form-validator';
import { uploadSlots } from './required-documents';
import {
  definitionStrings,
  historyCommentLabels,
  localizeDefinition,
  localizeSchema,
  localizeUiSchema,
  withEnumLabels,
  type LocalizedExtraUpload,
} from './localize-definition';
import { detailRows } from './view-rows';

const definition: ServiceDefinition = {
  version: 1,
  id: 99,
  key: 'sample',
  title: 'Sample service',
  summary: 'A sample',
  department: 'Sample unit',
  routes: { info: '/sample', apply: '/sample-apply', view: '/view-sample' },
  info: { fee: 'FREE', validity: '5', processingDays: 30, howToApply: ['Fill in the form.', 'Submit it.'] },
  wizard: { title: 'Apply | Sample' },
  form: { schema: 'schema.json', ui: 'ui.json' },
  documents: {
    accept: ['pdf'],
    serviceAttachments: false,
    extra: [
      {
        name: 'EIA report',
        description: 'The environmental impact assessment',
        required: true,
        when: { properties: { kind: { const: 'big' } }, required: ['kind'] },
        requiredMessage: 'Please upload the EIA report',
      },
    ],
  },
  submit: { calls: [{ name: 'save', method: 'POST', path: 'sample', body: { '...': '$form' }, savesRecord: true }] },
  view: { record: 'sample_record', rows: [{ label: 'Kind', field: 'kind' }] },
  formSchema: {
    $comment: 'Not shown',
    type: 'object',
    required: ['kind', 'id_number'],
    properties: {
      kind: {
        type: 'string',
        title: 'Kind',
        description: 'What you apply for',
        oneOf: [
          { const: 'big', title: 'Big' },
          { const: 'small', title: 'Small' },
        ],
      },
      id_number: {
        type: 'string',
        title: 'ID number',
        pattern: '^[0-9]{16}$',
        errorMessage: { pattern: 'Your ID number must be 16 digits!' },
      },
      usage: { type: 'string', title: 'Usage', enum: ['Local Sale', 'Export'], default: 'Export' },
      contact: {
        type: 'object',
        title: 'Contact',
        properties: { phone: { type: 'string', title: 'Phone' } },
      },
      items: { type: 'array', title: 'Items', items: { type: 'string', title: 'Item' } },
    },
    allOf: [
      {
        if: { properties: { kind: { const: 'big' } }, required: ['kind'] },
        then: {
          properties: { size: { type: 'number', title: 'Size' } },
          required: ['size'],
          errorMessage: { required: { size: 'Please give the size' } },
        },
      },
    ],
  },
  uiSchema: {
    'ui:order': ['kind', '*'],
    kind: { 'ui:widget': 'radio', 'ui:help': 'Choose one' },
    id_number: { 'ui:placeholder': '16 digits', 'ui:title': 'National ID' },
    usage: { 'ui:enumNames': ['Local Sale', 'Export'] },
    contact: { phone: { 'ui:description': 'Mobile phone', 'ui:options': { inputType: 'tel' } } },
    area_id: {
      'ui:widget': 'lookup',
      'ui:options': {
        source: 'areas',
        nameField: 'area_name',
        exclude: ['Other'],
        extraOptions: [{ value: 0, label: 'Other' }],
        help: 'Where you use it',
      },
    },
  },
  callSchemas: {},
};

const GERMAN: Record<string, string> = {
  'Sample service': 'Beispieldienst',
  'A sample': 'Ein Beispiel',
  'Sample unit': 'Beispielreferat',
  FREE: 'KOSTENLOS',
  'Fill in the form.': 'Füllen Sie das Formular aus.',
  'Submit it.': 'Reichen Sie es ein.',
  'Apply | Sample': 'Antrag | Beispiel',
  'EIA report': 'UVP-Bericht',
  'The environmental impact assessment': 'Die Umweltverträglichkeitsprüfung',
  'Please upload the EIA report': 'Bitte laden Sie den UVP-Bericht hoch',
  Kind: 'Art',
  'What you apply for': 'Was Sie beantragen',
  Big: 'Groß',
  Small: 'Klein',
  'ID number': 'Ausweisnummer',
  'Your ID number must be 16 digits!': 'Ihre Ausweisnummer muss 16 Ziffern haben!',
  'Local Sale': 'Inlandsverkauf',
  Export: 'Ausfuhr',
  Size: 'Größe',
  'Please give the size': 'Bitte geben Sie die Größe an',
  'Choose one': 'Wählen Sie eine Option',
  'National ID': 'Personalausweis',
  Other: 'Sonstiges',
};
const german = (text: string): string => GERMAN[text] ?? text;

describe('localizeDefinition', () => {
  const localized = localizeDefinition(definition, german);

  it('translates the texts of service.json and leaves ids, routes, calls and numbers alone', () => {
    expect(localized.title).toBe('Beispieldienst');
    expect(localized.summary).toBe('Ein Beispiel');
    expect(localized.department).toBe('Beispielreferat');
    expect(localized.wizard.title).toBe('Antrag | Beispiel');
    expect(localized.info).toEqual({
      fee: 'KOSTENLOS',
      validity: '5',
      processingDays: 30,
      howToApply: ['Füllen Sie das Formular aus.', 'Reichen Sie es ein.'],
    });
    expect(localized.view.rows).toEqual([{ label: 'Art', field: 'kind' }]);
    expect(localized.routes).toEqual(definition.routes);
    expect(localized.submit).toEqual(definition.submit);
    expect(localized.key).toBe('sample');
  });

  it('shows a translated label for an extra upload but keeps its name, which is sent to the server', () => {
    const [extra] = (localized.documents.extra ?? []) as LocalizedExtraUpload[];
    expect(extra).toEqual({
      name: 'EIA report',
      label: 'UVP-Bericht',
      description: 'Die Umweltverträglichkeitsprüfung',
      required: true,
      when: { properties: { kind: { const: 'big' } }, required: ['kind'] },
      requiredMessage: 'Bitte laden Sie den UVP-Bericht hoch',
    });
  });

  it('gives the upload slot the translated label and keeps the English name as its description', () => {
    expect(uploadSlots(localized, [], { kind: 'big' }, schemaMatches)).toEqual([
      {
        name: 'EIA report',
        label: 'UVP-Bericht',
        description: 'Die Umweltverträglichkeitsprüfung',
        required: true,
        accept: ['pdf'],
        requiredMessage: 'Bitte laden Sie den UVP-Bericht hoch',
      },
    ]);
    expect(uploadSlots(definition, [], { kind: 'big' }, schemaMatches)[0]).not.toHaveProperty('label');
  });

  it('translates schema titles, descriptions, option titles and errorMessage texts at any depth', () => {
    const properties = localized.formSchema.properties as Record<string, Record<string, unknown>>;
    expect(properties.kind).toEqual({
      type: 'string',
      title: 'Art',
      description: 'Was Sie beantragen',
      oneOf: [
        { const: 'big', title: 'Groß' },
        { const: 'small', title: 'Klein' },
      ],
    });
    expect(properties.id_number?.errorMessage).toEqual({ pattern: 'Ihre Ausweisnummer muss 16 Ziffern haben!' });
    // enum values and defaults are data, not texts.
    expect(properties.usage).toMatchObject({ enum: ['Local Sale', 'Export'], default: 'Export' });
    const then = (localized.formSchema.allOf as Array<Record<string, Record<string, unknown>>>)[0]?.then;
    expect(then?.properties).toEqual({ size: { type: 'number', title: 'Größe' } });
    expect(then?.errorMessage).toEqual({ required: { size: 'Bitte geben Sie die Größe an' } });
    expect(localized.formSchema.$comment).toBe('Not shown');
  });

  it('translates uiSchema texts, enum names and extra option labels, keeping the English name', () => {
    const ui = localized.uiSchema as Record<string, Record<string, unknown>>;
    expect(ui.kind).toEqual({ 'ui:widget': 'radio', 'ui:help': 'Wählen Sie eine Option' });
    expect(ui.id_number).toEqual({ 'ui:placeholder': '16 digits', 'ui:title': 'Personalausweis' });
    expect(ui.usage).toEqual({ 'ui:enumNames': ['Inlandsverkauf', 'Ausfuhr'] });
    expect(ui['area_id']?.['ui:options']).toEqual({
      source: 'areas',
      nameField: 'area_name',
      exclude: ['Other'],
      extraOptions: [{ value: 0, label: 'Sonstiges', name: 'Other' }],
      help: 'Where you use it',
    });
    expect(localized.uiSchema['ui:order']).toEqual(['kind', '*']);
  });

  it('does not change its input', () => {
    const before = JSON.stringify(definition);
    localizeDefinition(definition, () => 'X');
    expect(JSON.stringify(definition)).toBe(before);
  });

  it('gives a definition that accepts and refuses the same data, with translated custom messages', () => {
    const data = { kind: 'big', id_number: '12', usage: 'Export' };
    const original = validateFormData(definition.formSchema, data).errors;
    const translated = validateFormData(localized.formSchema, data).errors;
    expect(translated.map((e) => e.field)).toEqual(original.map((e) => e.field));
    expect(translated).toEqual(
      expect.arrayContaining([
        { field: 'id_number', message: 'Ihre Ausweisnummer muss 16 Ziffern haben!' },
        { field: 'size', message: 'Bitte geben Sie die Größe an' },
      ]),
    );
    expect(validateFormData(localized.formSchema, { kind: 'small', id_number: '1234567890123456' }).valid).toBe(true);
  });

  it('leaves texts without letters (numbers, symbols) untranslated', () => {
    expect(localizeSchema({ title: '42', properties: { a: { title: '-' } } }, () => 'X')).toEqual({
      title: '42',
      properties: { a: { title: '-' } },
    });
    expect(localizeUiSchema({ a: { 'ui:enumNames': { x: 'Yes', y: 7 } } }, () => 'X')).toEqual({
      a: { 'ui:enumNames': { x: 'X', y: 7 } },
    });
  });

  it("translates a tuple's places (items as a list) and the layouts of anyOf options", () => {
    const ui = {
      spot: { items: [{ 'ui:title': 'Latitude' }, { 'ui:help': 'East is positive' }] },
      kind: { anyOf: [{ 'ui:title': 'By weight' }] },
    };
    expect(localizeUiSchema(ui, (text) => `[${text}]`)).toEqual({
      spot: { items: [{ 'ui:title': '[Latitude]' }, { 'ui:help': '[East is positive]' }] },
      kind: { anyOf: [{ 'ui:title': '[By weight]' }] },
    });
  });
});

describe('localizeDefinition of variants, templates and tables', () => {
  it('translates the chooser, every form, the edit title, template labels and table texts', () => {
    const form = (key: string, label: string): ServiceDefinition => ({
      ...definition,
      variant: { key, label },
      view: {
        ...definition.view,
        tables: [
          { title: 'Transit states', field: 'states', columns: [{ label: 'State of dispatch', field: 'from' }] },
        ],
      },
    });
    const words: Record<string, string> = {
      Convention: 'Übereinkommen',
      'Basel form': 'Basler Formular',
      'Edit | Sample': 'Bearbeiten | Beispiel',
      'Notification template': 'Notifizierungsvorlage',
      'Transit states': 'Transitstaaten',
      'State of dispatch': 'Versandstaat',
    };
    const paired: ServiceDefinition = {
      ...form('rotterdam', 'Rotterdam form'),
      wizard: { title: 'Apply | Sample', editTitle: 'Edit | Sample' },
      documents: { ...definition.documents, templates: [{ label: 'Notification template', file: 'n.pdf' }] },
      variants: { label: 'Convention', options: [form('rotterdam', 'Rotterdam form'), form('basel', 'Basel form')] },
    };
    const localized = localizeDefinition(paired, (text) => words[text] ?? german(text));
    expect(localized.wizard.editTitle).toBe('Bearbeiten | Beispiel');
    expect(localized.documents.templates).toEqual([{ label: 'Notifizierungsvorlage', file: 'n.pdf' }]);
    expect(localized.variants?.label).toBe('Übereinkommen');
    const basel = localized.variants?.options[1];
    expect(basel?.variant).toEqual({ key: 'basel', label: 'Basler Formular' });
    expect(basel?.title).toBe('Beispieldienst');
    expect(basel?.view.tables).toEqual([
      { title: 'Transitstaaten', field: 'states', columns: [{ label: 'Versandstaat', field: 'from' }] },
    ]);
    expect(definitionStrings(paired)).toEqual(expect.arrayContaining(Object.keys(words)));
  });
});

describe('definitionStrings', () => {
  it('lists every translated text once, in the order met', () => {
    const strings = definitionStrings(definition);
    expect(strings).toEqual([
      // service.json
      'Sample service',
      'A sample',
      'Sample unit',
      'FREE',
      'Fill in the form.',
      'Submit it.',
      'Apply | Sample',
      'EIA report',
      'The environmental impact assessment',
      'Please upload the EIA report',
      'Kind',
      // schema.json
      'What you apply for',
      'Big',
      'Small',
      'ID number',
      'Your ID number must be 16 digits!',
      'Usage',
      'Contact',
      'Phone',
      'Items',
      'Item',
      'Size',
      'Please give the size',
      // ui.json
      'Choose one',
      '16 digits',
      'National ID',
      'Local Sale',
      'Export',
      'Mobile phone',
      'Other',
      'Where you use it',
    ]);
  });

  it('covers exactly what localizeDefinition translates', () => {
    const strings = new Set(definitionStrings(definition));
    const asked: string[] = [];
    localizeDefinition(definition, (text) => {
      asked.push(text);
      return text;
    });
    expect(new Set(asked)).toEqual(strings);
  });
});

describe('labels of a plain enum', () => {
  const schema = {
    type: 'object',
    properties: {
      usage: { type: 'string', title: 'Usage', enum: ['Local Sale', 'Export'] },
      size: { type: 'integer', enum: [1, 2], maximum: 2 },
      rows: {
        type: 'array',
        maxItems: 3,
        items: { type: 'object', properties: { kind: { type: 'string', enum: ['Bag'] } } },
      },
      titled: { type: 'string', oneOf: [{ const: 'a', title: 'A' }] },
    },
    allOf: [
      {
        if: { properties: { usage: { enum: ['Export'] } } },
        then: { properties: { port: { type: 'string', enum: ['Mombasa'] } } },
      },
    ],
  };

  it('are the values themselves, for the fields that carry none, at any depth', () => {
    expect(withEnumLabels(schema, { usage: { 'ui:widget': 'radio' } })).toEqual({
      usage: { 'ui:widget': 'radio', 'ui:enumNames': ['Local Sale', 'Export'] },
      rows: { items: { kind: { 'ui:enumNames': ['Bag'] } } },
      port: { 'ui:enumNames': ['Mombasa'] },
    });
    expect(withEnumLabels(schema, { usage: { 'ui:enumNames': ['Here', 'Abroad'] } }).usage).toEqual({
      'ui:enumNames': ['Here', 'Abroad'],
    });
  });

  it('are translated, listed among the texts to translate, and shown by the view', () => {
    const plain = {
      ...definition,
      formSchema: schema,
      uiSchema: {},
      view: { ...definition.view, rows: [{ label: 'Usage', field: 'usage' }] },
    };
    const german: Record<string, string> = { 'Local Sale': 'Verkauf im Inland', Export: 'Ausfuhr' };
    const localized = localizeDefinition(plain, (text) => german[text] ?? text);
    expect((localized.uiSchema as Record<string, unknown>).usage).toEqual({
      'ui:enumNames': ['Verkauf im Inland', 'Ausfuhr'],
    });
    expect(definitionStrings(plain)).toEqual(expect.arrayContaining(['Local Sale', 'Export', 'Bag', 'Mombasa']));
    expect(detailRows(localized, { usage: 'Export' })).toEqual([{ label: 'Usage', value: 'Ausfuhr' }]);
  });
});

describe('labels of a shared definition', () => {
  it('are given where a field or a list reaches it through a local $ref', () => {
    const schema = {
      type: 'object',
      definitions: { colour: { type: 'string', enum: ['Amber', 'Teal'] } },
      properties: {
        bag: { $ref: '#/definitions/colour', title: 'Bag colour' },
        others: { type: 'array', maxItems: 2, uniqueItems: true, items: { $ref: '#/definitions/colour' } },
        loop: { $ref: '#/properties/loop' },
      },
    };
    expect(withEnumLabels(schema, {})).toEqual({
      bag: { 'ui:enumNames': ['Amber', 'Teal'] },
      others: { items: { 'ui:enumNames': ['Amber', 'Teal'] } },
    });
    expect(definitionStrings({ ...definition, formSchema: schema, uiSchema: {} })).toEqual(
      expect.arrayContaining(['Amber', 'Teal']),
    );
  });
});

describe('a translated lifecycle', () => {
  const lifecycle: Lifecycle = {
    allStatuses: [],
    statuses: [],
    transitions: [
      {
        name: 'accept',
        label: 'Accept the conditions',
        description: 'accepts the conditions',
        from: [18],
        to: 4,
        by: 'applicant',
        via: 'decision',
        comment: 'Conditions accepted.',
      },
      {
        name: 'deny',
        from: [18],
        to: 5,
        by: 'applicant',
        via: 'decision',
        reason: { field: 'why', requiredMessage: 'Please give a reason.' },
        email: { subject: 'Denied', paragraphs: ['Dear {name},'], link: 'view', linkLabel: 'Open it' },
      },
    ],
  };
  const german: Record<string, string> = {
    'Conditions accepted.': 'Auflagen angenommen.',
    'Please give a reason.': 'Bitte nennen Sie einen Grund.',
    Denied: 'Abgelehnt',
    'Accept the conditions': 'Auflagen annehmen',
  };

  it("translates a transition's label and keeps its name, which the server knows it by", () => {
    const localized = localizeDefinition({ ...definition, lifecycle }, (text) => german[text] ?? text).lifecycle;
    expect(localized?.transitions[0]).toMatchObject({ name: 'accept', label: 'Auflagen annehmen' });
    // The description is the staff command's help: English, not a text to translate.
    expect(localized?.transitions[0]?.description).toBe('accepts the conditions');
    expect(localized?.transitions[1]).not.toHaveProperty('label');
    const texts = definitionStrings({ ...definition, lifecycle });
    expect(texts).toContain('Accept the conditions');
    expect(texts).not.toContain('accepts the conditions');
  });

  it("keeps the comment the server stores and gives the history's label beside it", () => {
    const localized = localizeDefinition({ ...definition, lifecycle }, (text) => german[text] ?? text).lifecycle;
    expect(localized?.transitions[0]).toMatchObject({
      comment: 'Conditions accepted.',
      commentLabel: 'Auflagen angenommen.',
    });
    expect(historyCommentLabels(localized)).toEqual(new Map([['Conditions accepted.', 'Auflagen angenommen.']]));
    expect(localized?.transitions[1]?.reason?.requiredMessage).toBe('Bitte nennen Sie einen Grund.');
    expect(localized?.transitions[1]?.email).toMatchObject({ subject: 'Abgelehnt', linkLabel: 'Open it' });
    // The English definition has no labels: its comments are shown as stored.
    expect(historyCommentLabels(lifecycle)).toEqual(new Map());
  });

  it('lists the comments, reason messages and e-mails among the texts to translate', () => {
    expect(definitionStrings({ ...definition, lifecycle })).toEqual(
      expect.arrayContaining(['Conditions accepted.', 'Please give a reason.', 'Denied', 'Dear {name},', 'Open it']),
    );
  });
});
