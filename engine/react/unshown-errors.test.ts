// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { unshownErrors } from './unshown-errors';

const definition = {
  formSchema: {
    type: 'object',
    properties: { items: { type: 'array', title: 'Items' }, name: { type: 'string', title: 'Name' } },
  },
  uiSchema: {},
  wizard: { alerts: ['Please choose the items you will be packaging'] },
};

/** A form whose fields show the errors of `shown`. */
function formShowing(shown: Record<string, string>): HTMLElement {
  const form = document.createElement('form');
  for (const [id, text] of Object.entries(shown)) {
    const element = document.createElement('div');
    element.id = id;
    element.textContent = text;
    form.append(element);
  }
  return form;
}

describe('unshownErrors', () => {
  it('keeps out the errors a field shows, except the alerts the definition names', () => {
    const form = formShowing({
      root_items__error: 'Please choose the items you will be packaging',
      root_name__error: 'This field is required',
    });
    const errors = [
      { property: '.items', message: 'Please choose the items you will be packaging', stack: '' },
      { property: '.name', message: 'This field is required', stack: '' },
    ];
    expect(unshownErrors(errors, form, definition)).toEqual([
      { field: 'items', label: 'Items', message: 'Please choose the items you will be packaging', alert: true },
    ]);
    expect(unshownErrors(errors, form, { ...definition, wizard: {} })).toEqual([]);
  });
});
