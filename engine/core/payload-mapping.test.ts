import { describe, expect, it } from 'vitest';
import { buildSubmitRequests, resolveBodyValue, resolveCallPath } from './payload-mapping';
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
