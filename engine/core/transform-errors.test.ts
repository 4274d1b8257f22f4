import { describe, expect, it } from 'vitest';
import { transformErrors, type RjsfLikeError } from './transform-errors';

const e = (error: Partial<RjsfLikeError>): RjsfLikeError => ({ stack: error.message ?? '', ...error });

describe('transformErrors', () => {
  it('drops if noise and keeps custom messages over built-in ones', () => {
    const out = transformErrors([
      e({ name: 'if', property: '', message: 'must match "then" schema', schemaPath: '#/allOf/0/if' }),
      e({
        name: 'errorMessage',
        property: '.tin',
        message: 'Your ID number must be 16 digits!',
        schemaPath: '#/allOf/0/then/properties/tin/errorMessage',
      }),
      e({
        name: 'type',
        property: '.tin',
        message: 'must be string',
        schemaPath: '#/allOf/0/then/properties/tin/type',
      }),
    ]);
    expect(out.map((x) => [x.property, x.message])).toEqual([['.tin', 'Your ID number must be 16 digits!']]);
  });
  it('moves a custom required message onto the missing property', () => {
    const [out] = transformErrors([
      e({
        name: 'errorMessage',
        property: '',
        message: 'Please choose the items you will be packaging',
        params: { errors: [{ keyword: 'required', instancePath: '', params: { missingProperty: 'items' } }] },
      }),
    ]);
    expect(out?.property).toBe('.items');
    expect(out?.stack).toBe('Please choose the items you will be packaging');
  });
  it('uses one required message and folds const alternatives', () => {
    const out = transformErrors([
      e({
        name: 'required',
        property: 'quantity',
        message: "must have required property 'Quantity'",
        params: { missingProperty: 'quantity' },
      }),
      e({
        name: 'const',
        property: '.kind',
        message: 'must be equal to constant',
        schemaPath: '#/properties/kind/oneOf/0/const',
      }),
      e({
        name: 'const',
        property: '.kind',
        message: 'must be equal to constant',
        schemaPath: '#/properties/kind/oneOf/1/const',
      }),
      e({
        name: 'oneOf',
        property: '.kind',
        message: 'must match exactly one schema in oneOf',
        schemaPath: '#/properties/kind/oneOf',
      }),
    ]);
    expect(out.map((x) => [x.property, x.message])).toEqual([
      ['quantity', 'This field is required'],
      ['.kind', 'must be equal to one of the allowed values'],
    ]);
  });
  it('uses the message texts it is given (the interface language)', () => {
    const out = transformErrors(
      [
        e({ name: 'required', property: 'quantity', message: 'x', params: { missingProperty: 'quantity' } }),
        e({ name: 'const', property: '.kind', message: 'y', schemaPath: '#/properties/kind/oneOf/0/const' }),
        e({ name: 'oneOf', property: '.kind', message: 'z', schemaPath: '#/properties/kind/oneOf' }),
      ],
      { required: 'Dieses Feld ist erforderlich', notAllowed: 'muss einem der vorgegebenen Werte entsprechen' },
    );
    expect(out.map((x) => [x.property, x.message, x.stack])).toEqual([
      ['quantity', 'Dieses Feld ist erforderlich', 'Dieses Feld ist erforderlich'],
      ['.kind', 'muss einem der vorgegebenen Werte entsprechen', 'muss einem der vorgegebenen Werte entsprechen'],
    ]);
  });
  it('removes duplicates', () => {
    const dup = e({ name: 'minLength', property: '.a', message: 'too short' });
    expect(transformErrors([dup, { ...dup }])).toHaveLength(1);
  });
});
