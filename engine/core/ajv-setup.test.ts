import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { AJV_OPTIONS, createAjv, extendAjv } from './ajv-setup';

describe('ajv setup', () => {
  it('has the shared options', () => {
    expect(AJV_OPTIONS).toEqual({
      allErrors: true,
      strict: false,
      coerceTypes: false,
      useDefaults: false,
      $data: true,
    });
  });
  it('adds formats and custom messages, and can be applied twice', () => {
    const ajv = extendAjv(extendAjv(new Ajv({ ...AJV_OPTIONS })));
    const validate = ajv.compile({ type: 'string', format: 'email', errorMessage: 'Invalid email format' });
    expect(validate('a@b.co')).toBe(true);
    expect(validate('nope')).toBe(false);
    expect(validate.errors?.[0]?.message).toBe('Invalid email format');
  });
  it('does not coerce types', () => {
    const validate = createAjv().compile({ type: 'number' });
    expect(validate('12')).toBe(false);
  });
});
