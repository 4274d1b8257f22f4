import { describe, expect, it } from 'vitest';
import { loadServiceDefinitions } from './load-definitions';
import { formsOf, variantOf } from './service-forms';
import { testDefinition, testDefinitionFile, testFiles, testLifecycleFile } from './test-definition';
import type { TransitionFile } from './definition-types';

describe('loadServiceDefinitions', () => {
  it('loads a correct definition with its files', () => {
    const { definitions, problems } = loadServiceDefinitions(testFiles());
    expect(problems).toEqual([]);
    expect(definitions).toHaveLength(1);
    expect(definitions[0]?.formSchema.type).toBe('object');
    expect(definitions[0]?.uiSchema['ui:order']).toEqual(['mode', '*']);
  });

  it('reports meta-schema errors with pointers', () => {
    const files = testFiles();
    const service = files['sample/service.json'] as Record<string, unknown>;
    service.colour = 'red';
    delete service.title;
    (service.routes as Record<string, unknown>).info = 'no-slash';
    const { definitions, problems } = loadServiceDefinitions(files);
    expect(definitions).toEqual([]);
    expect(problems).toEqual(
      expect.arrayContaining([
        { file: 'sample/service.json', pointer: '/colour', message: 'unknown property' },
        { file: 'sample/service.json', pointer: '/title', message: 'is required' },
        expect.objectContaining({ file: 'sample/service.json', pointer: '/routes/info' }),
      ]),
    );
  });

  it('refuses a transition named as a word of the staff command, and a text named as a field beside it', () => {
    const files = testFiles({
      lifecycle: testLifecycleFile({
        statuses: [{ key: 'noted', id: 70, label: 'Noted', colour: 'info', next: 'Nothing.' }],
        transitions: [
          { name: 'help', from: ['submitted'], to: 'under-review', by: 'staff', via: 'move' },
          {
            name: 'note',
            from: ['submitted'],
            to: 'noted',
            by: 'staff',
            via: 'action',
            text: { name: 'comment', requiredMessage: 'A note needs its text.' },
          },
        ],
      }),
    });
    const { definitions, problems } = loadServiceDefinitions(files);
    expect(definitions).toEqual([]);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ pointer: '/lifecycle/transitions/0/name' }),
        expect.objectContaining({ pointer: '/lifecycle/transitions/1/text/name' }),
      ]),
    );
  });

  it('refuses a transition label that is not a text, and a second label for rows of one name', () => {
    const labelled = (label: unknown) =>
      testFiles({
        lifecycle: testLifecycleFile({
          transitions: [{ name: 'approve', label, from: ['submitted'], to: 'approved', by: 'staff', via: 'move' }],
        } as never),
      });
    const notText = loadServiceDefinitions(labelled(3));
    expect(notText.definitions).toEqual([]);
    expect(notText.problems).toEqual([
      expect.objectContaining({ file: 'sample/service.json', pointer: '/lifecycle/transitions/0/label' }),
    ]);
    // The platform's row named 'approve' writes its label: the service's row shares it, or says nothing.
    expect(loadServiceDefinitions(labelled('Approve at once')).problems).toEqual([
      {
        file: 'sample/service.json',
        pointer: '/lifecycle/transitions/0/label',
        message: "rows named 'approve' share one label: 'Approve' is written",
      },
    ]);
    const { definitions, problems } = loadServiceDefinitions(labelled(undefined));
    expect(problems).toEqual([]);
    const approvals = definitions[0]?.lifecycle?.transitions.filter((row) => row.name === 'approve');
    expect(approvals?.map((row) => row.label)).toEqual(['Approve', 'Approve']);
  });

  it('reports free text without maxLength with its file and pointer', () => {
    const files = testFiles();
    const schema = files['sample/schema.json'] as { properties: Record<string, Record<string, unknown>> };
    delete schema.properties.kind_name?.maxLength;
    const { definitions, problems } = loadServiceDefinitions(files);
    expect(definitions).toEqual([]);
    expect(problems).toEqual([
      {
        file: 'sample/schema.json',
        pointer: '/properties/kind_name',
        message: 'a free-text field needs a maxLength (2,000 characters unless the spec says otherwise)',
      },
    ]);
  });

  it('reports missing files and a schema that does not compile', () => {
    const files = testFiles();
    delete files['sample/ui.json'];
    expect(loadServiceDefinitions(files).problems).toEqual([
      { file: 'sample/service.json', pointer: '/form/ui', message: "file 'ui.json' is missing or not a JSON object" },
    ]);
    const broken = testFiles();
    (broken['sample/schema.json'] as Record<string, unknown>).properties = { a: { type: 'strang' } };
    expect(loadServiceDefinitions(broken).problems[0]).toMatchObject({ file: 'sample/schema.json', pointer: '' });
  });

  it("takes RJSF's registry names of widgets, and refuses a ui:field RJSF does not have", () => {
    const files = testFiles();
    const ui = files['sample/ui.json'] as Record<string, Record<string, unknown>>;
    ui.mode = { 'ui:widget': 'RadioWidget' };
    ui.done = { 'ui:widget': 'CheckboxWidget' };
    const loaded = loadServiceDefinitions(files);
    expect(loaded.problems).toEqual([]);
    expect(loaded.definitions[0]?.uiSchema.mode).toEqual({ 'ui:widget': 'radio' });
    expect(loaded.definitions[0]?.uiSchema.done).toEqual({ 'ui:widget': 'checkbox' });
    ui.done = { 'ui:field': 'GeoPickerField' };
    ui.when = { 'ui:field': 'StringField' };
    expect(loadServiceDefinitions(files).problems).toEqual([
      {
        file: 'sample/ui.json',
        pointer: '/done/ui:field',
        message:
          "unknown field 'GeoPickerField': RJSF's fields are AnyOfField, ArrayField, BooleanField, LayoutGridField, LayoutHeaderField, LayoutMultiSchemaField, NullField, NumberField, ObjectField, OneOfField, SchemaField, StringField",
      },
    ]);
  });

  it('reports unknown widgets, unknown ui keys, lookup options and rule fields with pointers', () => {
    const files = testFiles();
    const ui = files['sample/ui.json'] as Record<string, Record<string, unknown>>;
    ui.mode = { 'ui:widget': 'lokup' };
    ui.colour = { 'ui:widget': 'text' };
    ui.kind_id = { 'ui:widget': 'lookup', 'ui:options': { nameField: 'kind_label' } };
    const schema = files['sample/schema.json'] as { allOf: Array<{ if: { properties: Record<string, unknown> } }> };
    schema.allOf[0]!.if.properties = { kind_label: { const: 'Other' } };
    const { problems } = loadServiceDefinitions(files);
    expect(problems).toEqual(
      expect.arrayContaining([
        { file: 'sample/ui.json', pointer: '/mode/ui:widget', message: "unknown widget 'lokup'" },
        { file: 'sample/ui.json', pointer: '/colour', message: "'colour' is not a property of schema.json" },
        {
          file: 'sample/ui.json',
          pointer: '/kind_id/ui:options/source',
          message: 'the lookup widget needs this option',
        },
        {
          file: 'sample/ui.json',
          pointer: '/kind_id/ui:options/nameField',
          message: "'kind_label' is not a property of schema.json",
        },
        {
          file: 'sample/schema.json',
          pointer: '/allOf/0/if/properties/kind_label',
          message: "rule reads 'kind_label', which is not a property of the form",
        },
      ]),
    );
  });

  it('refuses markdown in texts, which the portal shows as written', () => {
    const files = testFiles();
    const ui = files['sample/ui.json'] as Record<string, Record<string, unknown>>;
    ui.mode = { 'ui:enableMarkdownInDescription': true };
    ui.kind_name = { 'ui:options': { enableMarkdownInHelp: true } };
    const { problems } = loadServiceDefinitions(files);
    expect(problems).toHaveLength(2);
    expect(problems).toEqual(
      expect.arrayContaining([
        {
          file: 'sample/ui.json',
          pointer: '/mode/ui:enableMarkdownInDescription',
          message: 'ui:enableMarkdownInDescription: markdown is not supported, texts show as written',
        },
        {
          file: 'sample/ui.json',
          pointer: '/kind_name/ui:options/enableMarkdownInHelp',
          message: 'enableMarkdownInHelp: markdown is not supported, texts show as written',
        },
      ]),
    );
  });

  it("checks a widget's options against its contract", () => {
    const files = testFiles();
    const ui = files['sample/ui.json'] as Record<string, Record<string, unknown>>;
    ui.kind_id = { 'ui:widget': 'lookup', 'ui:options': { source: 'kinds', sorce: 'typo', exclude: 'Other' } };
    ui.mode = { 'ui:widget': 'company-picker', 'ui:options': { fill: { ghost: 'name' } } };
    expect(loadServiceDefinitions(files).problems).toEqual(
      expect.arrayContaining([
        {
          file: 'sample/ui.json',
          pointer: '/kind_id/ui:options/sorce',
          message: 'unknown option of the lookup widget',
        },
        { file: 'sample/ui.json', pointer: '/kind_id/ui:options/exclude', message: 'must be array' },
        {
          file: 'sample/ui.json',
          pointer: '/mode/ui:options/fill/ghost',
          message: "'ghost' is not a property of schema.json",
        },
      ]),
    );
  });

  it('checks that the certificate holder fields exist', () => {
    const files = testFiles();
    const service = files['sample/service.json'] as { view: Record<string, unknown> };
    service.view.holder = ['mode', 'company_nmae'];
    expect(loadServiceDefinitions(files).problems).toEqual([
      {
        file: 'sample/service.json',
        pointer: '/view/holder/1',
        message: "'company_nmae' is not a property of schema.json",
      },
    ]);
  });

  it('checks that a view row reads a record the application holds', () => {
    const files = testFiles();
    const service = files['sample/service.json'] as { view: { record: string; rows: Array<Record<string, unknown>> } };
    service.view.rows.push(
      { label: 'Own', field: 'mode', record: service.view.record },
      { label: 'Later', field: 'who', record: 'follow_up', supersededBy: { record: 'nowhere', field: 'x' } },
    );
    expect(loadServiceDefinitions(files).problems).toEqual([
      {
        file: 'sample/service.json',
        pointer: `/view/rows/${service.view.rows.length - 1}/record`,
        message: "no call or task saves a record 'follow_up'",
      },
      {
        file: 'sample/service.json',
        pointer: `/view/rows/${service.view.rows.length - 1}/supersededBy/record`,
        message: "no call or task saves a record 'nowhere'",
      },
    ]);
  });

  it("checks that a letter's placeholders name fields of the form, or the holder", () => {
    const files = testFiles();
    const service = files['sample/service.json'] as { view: Record<string, unknown> };
    service.view.letter = { subject: 'About {kind_name}', body: ['To {holder}, in {mode}.', 'By {kind_nmae}.'] };
    expect(loadServiceDefinitions(files).problems).toEqual([
      {
        file: 'sample/service.json',
        pointer: '/view/letter/body/1',
        message: "'kind_nmae' is not a property of schema.json",
      },
    ]);
  });

  it('checks the submit pipeline', () => {
    const base = testDefinitionFile();
    const call = base.submit.calls[0]!;
    const files = testFiles({
      submit: {
        calls: [
          {
            ...call,
            body: { ...call.body, owner: '$context.userId', note: '$form.nope' },
            flags: [{ field: 'mode', values: ['fast', 'warp'] }],
          },
          { ...call, savesRecord: true },
        ],
      },
    });
    const messages = loadServiceDefinitions(files).problems.map((p) => `${p.pointer}: ${p.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        '/submit/calls: exactly one call must have savesRecord (found 2)',
        "/submit/calls/1/name: duplicate call name 'save'",
        "/submit/calls/0/body/owner: unknown reference '$context.userId'",
        "/submit/calls/0/body/note: unknown reference '$form.nope'",
        "/submit/calls/0/flags/0/values/1: 'warp' is not a value of 'mode'",
      ]),
    );
  });

  it('wants the fields the record call leaves out saved by calls before it, which submits', () => {
    const record = testDefinitionFile().submit.calls[0]!;
    const doneCall = {
      name: 'done',
      method: 'POST' as const,
      path: 'sample-done',
      body: { application_id: '$context.applicationId', done: '$form.done' },
    };
    const problems = (calls: Array<typeof record>) =>
      loadServiceDefinitions(testFiles({ submit: { calls } })).problems.map((p) => `${p.pointer}: ${p.message}`);
    const leaving = { ...record, omit: ['done', 'when'] };
    expect(problems([doneCall, leaving])).toEqual([
      "/submit/calls/1/omit/1: no other call of the pipeline sends 'when'",
    ]);
    expect(problems([leaving, doneCall])).toContain(
      "/submit/calls/1: call 'done' sends 'done', which the record call leaves out: it must come before the record call, which submits the application",
    );
    expect(problems([doneCall, { ...record, omit: ['done'] }])).toEqual([]);
    // A call the record leaves nothing to comes before it too: nothing changes a submitted application.
    const noteCall = { ...doneCall, name: 'note', path: 'sample-note' };
    expect(problems([record, noteCall])).toEqual([
      "/submit/calls/1: call 'note' comes after the record call, which submits the application: it must come before it",
    ]);
    expect(problems([noteCall, record])).toEqual([]);
  });

  it('requires unique ids and routes across services and sorts by id', () => {
    const files = { ...testFiles() };
    const other = testDefinitionFile({
      key: 'another',
      id: 90,
      routes: { info: '/another', apply: '/sample-apply', view: '/view-another' },
    });
    files['another/service.json'] = other;
    files['another/schema.json'] = files['sample/schema.json'];
    files['another/ui.json'] = files['sample/ui.json'];
    const { definitions, problems } = loadServiceDefinitions(files);
    expect(problems).toEqual([
      { file: 'sample/service.json', pointer: '/id', message: "id 90 is already used by 'another'" },
      {
        file: 'sample/service.json',
        pointer: '/routes/apply',
        message: "route '/sample-apply' is already used by 'another'",
      },
    ]);
    expect(definitions.map((d) => d.key)).toEqual(['another']);

    const third = testDefinitionFile({
      key: 'third',
      id: 3,
      routes: { info: '/third', apply: '/third-apply', view: '/view-third' },
    });
    const sorted = loadServiceDefinitions({
      ...testFiles(),
      'third/service.json': third,
      'third/schema.json': files['sample/schema.json'],
      'third/ui.json': files['sample/ui.json'],
    });
    expect(sorted.definitions.map((d) => d.id)).toEqual([3, 90]);
  });

  it('gives a feature to one service, at a page no other route uses', () => {
    const unlock = (route: string) => ({
      feature: 'recycled-reports' as const,
      route,
      check: { path: 'checks/{clientId}', answer: 'open' },
    });
    const files = { ...testFiles({ unlocks: [unlock('/reports')] }) };
    expect(loadServiceDefinitions(files).problems).toEqual([]);
    files['another/service.json'] = testDefinitionFile({
      key: 'another',
      id: 91,
      routes: { info: '/reports', apply: '/another-apply', view: '/view-another' },
      unlocks: [unlock('/more-reports')],
    });
    files['another/schema.json'] = files['sample/schema.json'];
    files['another/ui.json'] = files['sample/ui.json'];
    expect(loadServiceDefinitions(files).problems).toEqual([
      {
        file: 'sample/service.json',
        pointer: '/unlocks/0/route',
        message: "route '/reports' is already used by 'another'",
      },
      {
        file: 'sample/service.json',
        pointer: '/unlocks/0/feature',
        message: "feature 'recycled-reports' is already opened by 'another'",
      },
    ]);
    const badCheck = testFiles({
      unlocks: [{ ...unlock('/reports'), check: { path: 'checks/mine', answer: 'open' } }],
    });
    expect(loadServiceDefinitions(badCheck).problems.map((p) => p.pointer)).toEqual(['/unlocks/0/check/path']);
  });

  it('requires the key to match the folder', () => {
    const files = testFiles({ key: 'other' });
    expect(loadServiceDefinitions(files).problems).toEqual([
      { file: 'sample/service.json', pointer: '/key', message: "must equal the folder name 'sample'" },
    ]);
  });
});

describe("the wizard's alerts", () => {
  it('are messages of the form, word for word', () => {
    const files = testFiles();
    const service = files['sample/service.json'] as { wizard: Record<string, unknown> };
    service.wizard = { ...service.wizard, alerts: ['No such message'] };
    expect(loadServiceDefinitions(files).problems).toContainEqual({
      file: 'sample/service.json',
      pointer: '/wizard/alerts/0',
      message: "'No such message' is not a message of the form's rules",
    });
  });
});

describe('variants and shared fragments', () => {
  /** A service whose two forms live in a folder of shared fragments, included by reference. */
  function variantFiles(): Record<string, unknown> {
    const files = testFiles();
    const single = files['sample/service.json'] as Record<string, unknown>;
    const { form, submit, view, ...service } = single as Record<string, unknown> & {
      form: unknown;
      submit: { calls: Array<Record<string, unknown>> };
      view: unknown;
    };
    const variant = (key: string, path: string) => ({
      key,
      label: `${key} form`,
      form: { schema: '../shared-forms/schema.json', ui: '../shared-forms/ui.json' },
      submit: { calls: [{ ...submit.calls[0], path }] },
      view,
    });
    void form;
    files['sample/service.json'] = {
      ...service,
      variants: { label: 'Convention', options: [variant('a', 'samples-a'), { $ref: '../shared-forms/b.json' }] },
    };
    files['shared-forms/b.json'] = variant('b', 'samples-b');
    files['shared-forms/schema.json'] = files['sample/schema.json'];
    files['shared-forms/ui.json'] = { $ref: 'ui-body.json' };
    files['shared-forms/ui-body.json'] = files['sample/ui.json'];
    delete files['sample/schema.json'];
    delete files['sample/ui.json'];
    return files;
  }

  it('loads every variant as a form of its own, the first one standing for the service', () => {
    const { definitions, problems } = loadServiceDefinitions(variantFiles());
    expect(problems).toEqual([]);
    const [definition] = definitions;
    expect(definition?.variant).toEqual({ key: 'a', label: 'a form' });
    expect(definition?.variants?.label).toBe('Convention');
    expect(formsOf(definition!).map((f) => [f.variant?.key, f.submit.calls[0]?.path])).toEqual([
      ['a', 'samples-a'],
      ['b', 'samples-b'],
    ]);
    expect(variantOf(definition!, 'b')?.submit.calls[0]?.path).toBe('samples-b');
    expect(variantOf(definition!, 'c')).toBeUndefined();
    // The platform's base lifecycle is a fragment every service includes.
    expect(definition?.fragments).toEqual(['platform', 'shared-forms']);
    expect(formsOf(testDefinition())).toEqual([testDefinition()]);
  });

  it('reports missing and circular includes, and a service with both a form and variants', () => {
    const missing = variantFiles();
    delete missing['shared-forms/b.json'];
    expect(loadServiceDefinitions(missing).problems).toEqual([
      {
        file: 'sample/service.json',
        pointer: '/variants/options/1',
        message: "included file '../shared-forms/b.json' is missing",
      },
    ]);
    const circular = variantFiles();
    circular['shared-forms/ui-body.json'] = { $ref: 'ui.json' };
    expect(loadServiceDefinitions(circular).problems[0]).toMatchObject({
      file: 'shared-forms/ui-body.json',
      message: expect.stringContaining('includes itself'),
    });
    const both = variantFiles();
    (both['sample/service.json'] as Record<string, unknown>).form = { schema: 'schema.json', ui: 'ui.json' };
    expect(loadServiceDefinitions(both).problems).toContainEqual({
      file: 'sample/service.json',
      pointer: '',
      message: 'a service has form, submit and view, or variants, not both',
    });
  });

  it("reports a conditional upload's condition where it is written: the service's documents or a variant's own", () => {
    const condition = { properties: { nowhere: { const: true } }, required: ['nowhere'] };
    const shared = variantFiles();
    const service = shared['sample/service.json'] as { documents: Record<string, unknown> };
    service.documents = { ...service.documents, extra: [{ name: 'permit', description: 'Permit', when: condition }] };
    expect(loadServiceDefinitions(shared).problems).toContainEqual({
      file: 'sample/service.json',
      pointer: '/documents/extra/0/when/properties/nowhere',
      message: "condition reads 'nowhere', which is not a property of the form",
    });
    const own = variantFiles();
    const options = (own['sample/service.json'] as { variants: { options: Array<Record<string, unknown>> } }).variants
      .options;
    (options[0] as Record<string, unknown>).documents = {
      accept: ['pdf'],
      serviceAttachments: true,
      extra: [{ name: 'permit', description: 'Permit', when: condition }],
    };
    expect(loadServiceDefinitions(own).problems).toContainEqual({
      file: 'sample/service.json',
      pointer: '/variants/options/0/documents/extra/0/when/properties/nowhere',
      message: "condition reads 'nowhere', which is not a property of the form",
    });
  });

  it('lays the keys beside an include over the included object', () => {
    const files = variantFiles();
    files['shared-forms/ui.json'] = { $ref: 'ui-body.json', 'ui:order': ['*'] };
    const { definitions, problems } = loadServiceDefinitions(files);
    expect(problems).toEqual([]);
    const ui = definitions[0]?.uiSchema as Record<string, unknown>;
    expect(ui['ui:order']).toEqual(['*']);
    const body = files['shared-forms/ui-body.json'] as Record<string, unknown>;
    for (const key of Object.keys(body).filter((k) => k !== 'ui:order')) expect(ui[key]).toEqual(body[key]);

    const rows = variantFiles();
    const sampleService = rows['sample/service.json'] as { variants: { options: Array<Record<string, unknown>> } };
    const first = sampleService.variants.options[0] as { view: { rows: unknown[] } };
    rows['shared-forms/rows.json'] = [{ label: 'Shared', field: 'shared' }];
    first.view = { ...first.view, rows: [{ $ref: '../shared-forms/rows.json' }, ...first.view.rows] };
    const withRows = loadServiceDefinitions(rows);
    expect(withRows.problems).toEqual([]);
    expect(withRows.definitions[0]?.view.rows[0]).toEqual({ label: 'Shared', field: 'shared' });
    expect(withRows.definitions[0]?.view.rows.length).toBe(first.view.rows.length);

    const notObject = variantFiles();
    notObject['shared-forms/list.json'] = ['a'];
    notObject['shared-forms/ui.json'] = {
      ...(notObject['shared-forms/ui-body.json'] as object),
      'ui:order': { $ref: 'list.json', x: 1 },
    };
    expect(loadServiceDefinitions(notObject).problems).toContainEqual({
      file: 'shared-forms/ui.json',
      pointer: '/ui:order',
      message: "'list.json' is not an object, so keys beside its $ref cannot be laid over it",
    });
  });

  it('lets services share a view route but not an info or apply route', () => {
    const files = testFiles();
    files['other/service.json'] = { ...testDefinitionFile({ id: 91, key: 'other' }) };
    files['other/schema.json'] = files['sample/schema.json'];
    files['other/ui.json'] = files['sample/ui.json'];
    const sharedView = loadServiceDefinitions({
      ...files,
      'other/service.json': {
        ...testDefinitionFile({ id: 91, key: 'other' }),
        routes: { info: '/other', apply: '/other-apply', view: '/view-sample' },
      },
    });
    expect(sharedView.problems).toEqual([]);
    expect(sharedView.definitions).toHaveLength(2);
    // Folders load in name order: the later one is reported.
    expect(loadServiceDefinitions(files).problems).toContainEqual({
      file: 'sample/service.json',
      pointer: '/routes/info',
      message: "route '/sample' is already used by 'other'",
    });
  });

  describe('applicant tasks', () => {
    const task = (overrides: Record<string, unknown> = {}) => ({
      key: 'details',
      title: 'Details wanted',
      action: 'Give the details',
      when: { properties: { status: { const: 'submitted' } } },
      form: { schema: 'task-schema.json', ui: 'task-ui.json' },
      uploads: [{ name: 'Report', accept: ['pdf'], required: true }],
      save: { path: 'sample/details', record: 'sample_details', transition: 'send-details' },
      messages: { upload: 'Upload failed', unavailable: 'Try later', refused: 'Refused', success: 'Done' },
      ...overrides,
    });
    /** The task's transition (and, for the problems, one that would let an applicant decide). */
    const sendDetails = {
      name: 'send-details',
      from: ['submitted'],
      to: 'under-review',
      by: 'applicant',
      via: 'task',
    } satisfies TransitionFile;
    const selfApprove = {
      name: 'self-approve',
      from: ['submitted'],
      to: 'approved',
      by: 'applicant',
      via: 'task',
    } satisfies TransitionFile;
    const withTask = (
      tasks: unknown[],
      schema: unknown = { type: 'object', properties: { who: { type: 'string', maxLength: 50 } } },
      lifecycle = testLifecycleFile({ transitions: [sendDetails] }),
    ) => ({
      ...testFiles({ tasks: tasks as never, lifecycle }),
      'sample/task-schema.json': schema,
      'sample/task-ui.json': { 'ui:order': ['who'] },
    });

    it('loads a task with its form on every form of the service', () => {
      const { definitions, problems } = loadServiceDefinitions(withTask([task()]));
      expect(problems).toEqual([]);
      expect(definitions[0]?.tasks?.[0]).toMatchObject({
        key: 'details',
        formSchema: { type: 'object' },
        uiSchema: { 'ui:order': ['who'] },
      });
    });

    it('reports its problems with pointers: files, bounds, keys, records, statuses and uploads', () => {
      const { definitions, problems } = loadServiceDefinitions(
        withTask(
          [
            task({ save: { path: 'sample/details', record: 'sample_details', transition: 'approve' } }),
            task({
              form: { schema: 'task-schema.json', ui: 'missing.json' },
              save: { path: 'sample/other', record: 'sample_details' },
              uploads: [
                { name: 'Report', accept: ['pdf'] },
                { name: 'Report', accept: ['doc'] },
              ],
            }),
            task({ key: 'third', save: { path: 'sample/third', record: 'save' } }),
          ],
          { type: 'object', properties: { who: { type: 'string' } } },
          testLifecycleFile({ transitions: [sendDetails, selfApprove] }),
        ),
      );
      expect(definitions).toEqual([]);
      expect(problems).toEqual(
        expect.arrayContaining([
          {
            file: 'sample/service.json',
            pointer: '/lifecycle/transitions/1/to',
            message: 'a task hands the application back: submitted or under-review',
          },
          {
            file: 'sample/service.json',
            pointer: '/tasks/0/save/transition',
            message: `no transition 'approve' via "task" in the lifecycle`,
          },
          { file: 'sample/service.json', pointer: '/tasks/1/key', message: "duplicate task 'details'" },
          {
            file: 'sample/service.json',
            pointer: '/tasks/1/save/record',
            message: "record 'sample_details' is already saved by the service",
          },
          { file: 'sample/service.json', pointer: '/tasks/1/uploads/1/name', message: "duplicate upload 'Report'" },
          {
            file: 'sample/service.json',
            pointer: '/tasks/1/form/ui',
            message: "file 'missing.json' is missing or not a JSON object",
          },
          {
            file: 'sample/service.json',
            pointer: '/tasks/2/save/record',
            message: "record 'save' is already saved by the service",
          },
          expect.objectContaining({ file: 'sample/task-schema.json', pointer: '/properties/who' }),
        ]),
      );
    });

    it('wants each upload to name its kinds and to hold no condition', () => {
      const { problems } = loadServiceDefinitions(
        withTask([task({ uploads: [{ name: 'Report', when: { required: ['who'] } }] })]),
      );
      expect(problems.map((problem) => problem.pointer)).toContain('/tasks/0/uploads/0');
    });
  });
});
