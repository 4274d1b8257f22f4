import { describe, expect, it } from 'vitest';
import {
  buildSubmitRequests,
  callBodyDocument,
  callSchema,
  readKey,
  readSubmitBody,
  resolveBodyValue,
  resolveCallPath,
  submitCallProblems,
  submitRoute,
  withCallDefaults,
} from './payload-mapping';
import type { SubmitCall } from './definition-types';
import { testDefinition } from './test-definition';

const context = { clientId: 5, applicationId: 42, serviceId: 90 };

describe('buildSubmitRequests', () => {
  it('spreads the form, adds context, constants and one-hot flags, fills the path', () => {
    const [request, ...rest] = buildSubmitRequests(testDefinition(), { kind_id: 1, mode: 'slow' }, context);
    expect(rest).toEqual([]);
    expect(request).toEqual({
      name: 'save',
      method: 'POST',
      path: 'samples/42',
      body: { kind_id: 1, mode: 'slow', client_id: 5, service_id: 90, is_submitted: true, fast: false, slow: true },
      savesRecord: true,
    });
  });
  it('lets template keys override spread form fields and context override forged ids', () => {
    const [request] = buildSubmitRequests(testDefinition(), { client_id: 999, mode: 'fast' }, context);
    expect(request?.body.client_id).toBe(5);
  });
  it('does not change the form data', () => {
    const data = { mode: 'fast' };
    buildSubmitRequests(testDefinition(), data, context);
    expect(data).toEqual({ mode: 'fast' });
  });
});

describe('resolveBodyValue', () => {
  it('resolves references inside nested templates and leaves out missing fields', () => {
    const data = { codes: [{ code: 'A1' }], a: { b: 2 } };
    expect(
      resolveBodyValue(
        { list: '$form.codes', nested: ['$form.a.b', '$context.applicationId', 'x'], none: '$form.nope' },
        data,
        context,
      ),
    ).toEqual({
      list: [{ code: 'A1' }],
      nested: [2, 42, 'x'],
    });
    expect(resolveBodyValue('$form', data, context)).toEqual(data);
  });
  it('fills path placeholders', () => {
    expect(resolveCallPath('a/{clientId}/{serviceId}', context)).toBe('a/5/90');
  });
});

describe('the submit language both ways', () => {
  const definition = testDefinition({
    submit: {
      calls: [
        {
          name: 'save',
          method: 'POST',
          path: 'samples/{applicationId}',
          body: {
            '...': '$form',
            client_id: '$context.clientId',
            application_id: '$context.applicationId',
            service_id: '$context.serviceId',
            is_submitted: true,
          },
          omit: ['rows'],
          flags: [{ field: 'mode', values: ['fast', 'slow'] }],
          savesRecord: true,
        },
        {
          name: 'rows',
          method: 'POST',
          path: 'sample-rows',
          body: {
            application_id: '$context.applicationId',
            rows: { $form: 'rows', trim: true, keepRowsWith: ['from', 'to'] },
          },
        },
      ],
    },
  });
  const form = {
    kind_id: 3,
    mode: 'slow',
    rows: [
      { from: ' Kigali ', via: ' ', to: 'Goma ' },
      { from: 'Rubavu', to: '   ' },
      { from: '', to: '' },
    ],
  };

  it('builds the requests: spread without omitted fields, transforms, flags, context', () => {
    const [save, rows] = buildSubmitRequests(definition, form, context);
    expect(save?.body).toEqual({
      kind_id: 3,
      mode: 'slow',
      client_id: 5,
      application_id: 42,
      service_id: 90,
      is_submitted: true,
      fast: false,
      slow: true,
    });
    expect(rows).toMatchObject({ path: 'sample-rows', savesRecord: false });
    expect(rows?.body).toEqual({ application_id: 42, rows: [{ from: 'Kigali', via: '', to: 'Goma' }] });
  });

  it('reads every request back into the form data it was built from', () => {
    const requests = buildSubmitRequests(definition, form, context);
    const read = requests.map((request, i) =>
      readSubmitBody(definition.submit.calls[i]!, 90, request.body as Record<string, unknown>),
    );
    expect(read.every((r) => r.errors.length === 0)).toBe(true);
    expect(read.map((r) => [r.clientId, r.applicationId])).toEqual([
      [5, 42],
      [undefined, 42],
    ]);
    // Together the calls carry the whole form, transformed as the wizard sends it.
    expect({ ...read[0]?.formData, ...read[1]?.formData }).toEqual({
      kind_id: 3,
      mode: 'slow',
      rows: [{ from: 'Kigali', via: '', to: 'Goma' }],
    });
    // Reading back applies the transforms again: what the browser skipped, the server does not.
    const untrimmed = readSubmitBody(definition.submit.calls[1]!, 90, {
      application_id: 42,
      rows: [
        { from: ' A ', to: '' },
        { from: 'B', to: ' C' },
      ],
    });
    expect(untrimmed.formData).toEqual({ rows: [{ from: 'B', to: 'C' }] });
  });

  it('sends a default for a blank field and reads lists and objects built of references back', () => {
    const calls: SubmitCall[] = [
      {
        name: 'letter',
        method: 'POST',
        path: 'letters',
        body: {
          '...': '$form',
          application_id: '$context.applicationId',
          representative_name: { $form: 'representative_name', default: 'N/A' },
        },
        savesRecord: true,
      },
      {
        name: 'places',
        method: 'POST',
        path: 'places',
        body: {
          application_id: '$context.applicationId',
          places: [{ province_id: '$form.province_id', village_id: '$form.village_id', kind: 'project' }],
        },
      },
    ];
    const withPlaces = testDefinition({ submit: { calls } });
    for (const blank of [{}, { representative_name: '  ' }]) {
      const [letter] = buildSubmitRequests(withPlaces, blank, context);
      expect(letter?.body.representative_name).toBe('N/A');
    }
    const data = { representative_name: 'Ana', province_id: 1, village_id: 10101 };
    const [letter, places] = buildSubmitRequests(withPlaces, data, context);
    expect(letter?.body.representative_name).toBe('Ana');
    expect(places?.body).toEqual({
      application_id: 42,
      places: [{ province_id: 1, village_id: 10101, kind: 'project' }],
    });
    const read = readSubmitBody(calls[1]!, 90, places!.body);
    expect(read).toMatchObject({ errors: [], applicationId: 42, formData: { province_id: 1, village_id: 10101 } });
    // The server judges what was sent, then stores the default of a blank field.
    const blank = readSubmitBody(calls[0]!, 90, { application_id: 42, representative_name: ' ' }).formData;
    expect(blank).toEqual({ representative_name: ' ' });
    expect(withCallDefaults(calls[0]!, blank)).toEqual({ representative_name: 'N/A' });
    expect(withCallDefaults(calls[0]!, {})).toEqual({ representative_name: 'N/A' });
    expect(withCallDefaults(calls[0]!, { representative_name: 'Ana' })).toEqual({ representative_name: 'Ana' });
    expect(
      readSubmitBody(calls[1]!, 90, { application_id: 42, places: [{ province_id: 1, kind: 'other' }, {}] }).errors,
    ).toEqual([{ field: 'places', message: 'must be a list of 1' }]);
    expect(
      readSubmitBody(calls[1]!, 90, { application_id: 42, places: [{ province_id: 1, kind: 'other' }] }).errors,
    ).toEqual([{ field: 'places.0.kind', message: 'must be "project"' }]);
    expect(readKey(calls[1]!)).toBe('places');
    expect(readKey(calls[0]!)).toBeNull();
  });

  it('refuses changed constants, a wrong service, missing context values', () => {
    const read = readSubmitBody(definition.submit.calls[0]!, 90, {
      kind_id: 1,
      client_id: '',
      service_id: 91,
      is_submitted: false,
    });
    expect(read.errors).toEqual([
      { field: 'client_id', message: 'This field is required' },
      { field: 'application_id', message: 'This field is required' },
      { field: 'service_id', message: 'must be 90' },
      { field: 'is_submitted', message: 'must be true' },
    ]);
    expect(readSubmitBody(definition.submit.calls[0]!, 90, {}, { serviceId: '7' }).errors).toContainEqual({
      field: 'serviceId',
      message: 'must be 90',
    });
  });

  it('judges a follow-up call by the schemas of the fields it sends', () => {
    const schema = callSchema(
      {
        ...definition,
        formSchema: {
          type: 'object',
          required: ['kind_id'],
          properties: { kind_id: {}, rows: { type: 'array', maxItems: 10 } },
        },
      },
      definition.submit.calls[1]!,
    );
    expect(schema).toEqual({ type: 'object', properties: { rows: { type: 'array', maxItems: 10 } } });
  });

  it('judges the record call without the fields it leaves to other calls', () => {
    const formSchema = {
      type: 'object',
      required: ['kind_id', 'rows'],
      properties: { kind_id: { type: 'integer' }, rows: { type: 'array', minItems: 1, maxItems: 10 } },
      errorMessage: { required: { rows: 'Enter a row', kind_id: 'Choose a kind' } },
    };
    const withForm = { ...definition, formSchema };
    const record = callSchema(withForm, definition.submit.calls[0]!);
    expect(record).toEqual({
      type: 'object',
      required: ['kind_id'],
      properties: { kind_id: { type: 'integer' } },
      errorMessage: { required: { kind_id: 'Choose a kind' } },
    });
    // One schema object per form and omit list, so it is compiled once.
    expect(callSchema(withForm, definition.submit.calls[0]!)).toBe(record);
    expect(formSchema.required).toEqual(['kind_id', 'rows']);
    const { omit: _omit, ...keeping } = definition.submit.calls[0]!;
    expect(callSchema(withForm, keeping)).toBe(formSchema);
  });

  it('names the routes and checks the templates', () => {
    expect(submitRoute({ path: 'clients/{clientId}/x/{applicationId}' })).toBe('/clients/:clientId/x/:applicationId');
    const problems = submitCallProblems(
      {
        name: 'x',
        method: 'POST',
        path: 'a/{nope}',
        body: { '...': '$form.kind_id', a: '$form.missing', b: { $form: 'gone', trim: true }, c: '$context.who' },
        omit: ['ghost'],
      },
      (field) => field === 'kind_id',
    );
    expect(problems).toEqual([
      { path: ['body', '...'], message: "only '$form' can be spread" },
      { path: ['body', 'a'], message: "unknown reference '$form.missing'" },
      { path: ['body', 'b', '$form'], message: "unknown field 'gone'" },
      { path: ['body', 'c'], message: "unknown reference '$context.who'" },
      { path: ['omit', 0], message: "unknown field 'ghost'" },
      { path: ['path'], message: 'unknown placeholder {nope}' },
    ]);
  });
});

describe('callBodyDocument', () => {
  it("documents every key of a call's body: the form's fields by title, context values, constants and flags, judging nothing", () => {
    const definition = testDefinition();
    const call = definition.submit.calls[0] as SubmitCall;
    const document = callBodyDocument(definition, call);
    expect(document.type).toBe('object');
    const properties = document.properties as Record<string, Record<string, unknown>>;
    expect(Object.keys(properties).sort()).toEqual(
      [
        ...['client_id', 'service_id', 'is_submitted', 'fast', 'slow'],
        // The spread: every field of the form.
        ...['done', 'kind_id', 'kind_name', 'mode', 'other_kind', 'when'],
      ].sort(),
    );
    expect(properties.client_id?.description).toBe("The signed-in applicant's client id.");
    expect(properties.is_submitted?.description).toBe('Always true.');
    expect(properties.fast?.description).toBe("True when the form's field `mode` is 'fast'.");
    // Annotations only: the form's schema judges the fields, with the form's messages.
    const judging = JSON.stringify(document).match(/"(type|enum|const|minimum|maxLength|pattern|required)"/g) ?? [];
    expect(judging).toEqual(['"type"']);
  });
});
