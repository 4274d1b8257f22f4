import { describe, expect, it } from 'vitest';
import type { ServiceDefinition } from './definition-types';
import { formKey, formOfApplication, formsOf, savedFormData, variantOf } from './service-forms';
import { testDefinition } from './test-definition';

/** A service with two forms: `a` saves record `rec_a`, `b` saves `rec_b` and its rows by a follow-up call. */
function twoForms(): ServiceDefinition {
  const a = { ...testDefinition(), view: { record: 'rec_a', rows: [] }, variant: { key: 'a', label: 'A' } };
  const b: ServiceDefinition = {
    ...testDefinition(),
    variant: { key: 'b', label: 'B' },
    formSchema: {
      type: 'object',
      properties: {
        name: { type: 'string', maxLength: 20 },
        rows: {
          type: 'array',
          maxItems: 3,
          items: { type: 'object', properties: { code: { type: 'string', maxLength: 5 } } },
        },
      },
    },
    submit: {
      calls: [
        { name: 'save', method: 'POST', path: 'b', body: { '...': '$form' }, omit: ['rows'], savesRecord: true },
        { name: 'rows', method: 'POST', path: 'b-rows', body: { rows: { $form: 'rows', trim: true } } },
      ],
    },
    view: { record: 'rec_b', rows: [] },
  };
  return { ...a, variants: { label: 'Kind', options: [a, b] } };
}

describe('forms of a service', () => {
  it('lists, keys and finds the forms', () => {
    const single = testDefinition();
    expect(formsOf(single)).toEqual([single]);
    expect(formKey(single)).toBe('sample');
    expect(variantOf(single, 'anything')).toBe(single);
    const paired = twoForms();
    expect(formsOf(paired).map(formKey)).toEqual(['sample.a', 'sample.b']);
    expect(variantOf(paired, 'b')?.view.record).toBe('rec_b');
    expect(variantOf(paired, undefined)).toBeUndefined();
  });

  it("finds an application's form by the record it holds, the first one before any is saved", () => {
    const paired = twoForms();
    expect(formOfApplication(paired, { rec_a: null, rec_b: { name: 'x' } }).variant?.key).toBe('b');
    expect(formOfApplication(paired, { rec_a: { kind_id: 1 }, rec_b: null }).variant?.key).toBe('a');
    expect(formOfApplication(paired, { rec_a: null, rec_b: null }).variant?.key).toBe('a');
  });

  it("gives back the data an application was submitted with, follow-up calls' fields included", () => {
    const b = variantOf(twoForms(), 'b') as ServiceDefinition;
    const application = {
      rec_b: { name: 'Acids' },
      // The server adds what it looked up to saved rows: the form does not edit it.
      rows: { rows: [{ code: 'A1', kind: { id: 1, name: 'Annex' } }] },
      unrelated: { name: 'other' },
    };
    expect(savedFormData(b, application)).toEqual({ name: 'Acids', rows: [{ code: 'A1' }] });
    expect(savedFormData(b, { rec_b: null })).toEqual({});
  });
});
