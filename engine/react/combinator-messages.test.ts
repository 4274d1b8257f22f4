import type { RJSFSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { describe, expect, it } from 'vitest';
import { RJSF_AJV_OPTIONS } from '../core/ajv-setup';
import { validateFormData } from '../core/form-validator';
import { transformErrors } from '../core/transform-errors';

/** A choice between two groups of questions, with the analyst's message for choosing neither. */
const schema = {
  type: 'object',
  properties: { email: { type: 'string', maxLength: 90 } },
  anyOf: [
    { properties: { first_name: { type: 'string', maxLength: 90 } }, required: ['first_name'] },
    { properties: { organisation: { type: 'string', maxLength: 90 } }, required: ['organisation'] },
  ],
  errorMessage: { anyOf: 'Give the name of the person or of the organisation' },
};

describe("an analyst's message on anyOf/oneOf", () => {
  it.each(['anyOf', 'oneOf'])('%s: stands alone in the page and on the server', (keyword) => {
    const written = JSON.parse(JSON.stringify(schema).replaceAll('anyOf', keyword)) as RJSFSchema;
    const browser = customizeValidator(RJSF_AJV_OPTIONS).validateFormData({ email: 'a@b.example' }, written);
    expect(transformErrors(browser.errors).map((e) => [e.property, e.message])).toEqual([
      ['', 'Give the name of the person or of the organisation'],
    ]);
    expect(validateFormData(written as never, { email: 'a@b.example' }).errors).toEqual([
      { field: '', message: 'Give the name of the person or of the organisation' },
    ]);
  });
});
