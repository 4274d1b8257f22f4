// @vitest-environment jsdom
/**
 * A service form typed into key by key, as a browser fires the events: inside the portal's area, with
 * the area turned off, and with no area at all. The form gets the same text and counts the same way in
 * each; only inside an area on do the keys skip React.
 */
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QuietTypingArea } from './quiet-typing-area';
import { ServiceForm } from './service-form';
import { fakeApi, WithI18n } from './test-support';

afterEach(cleanup);

const definition = {
  key: 'sample',
  formSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Name' },
      note: { type: 'string', title: 'Note', maxLength: 10 },
    },
  },
  uiSchema: { note: { 'ui:widget': 'textarea' } },
};

type Where = 'area on' | 'area off' | 'no area';

/** The form inside `where`, under a React key handler that notes what React hears. */
function renderForm(where: Where) {
  const onChange = vi.fn();
  const heard = vi.fn();
  const form = <ServiceForm definition={definition} api={fakeApi({})} clientId={5} onChange={onChange} />;
  const wrap = (children: ReactNode) =>
    where === 'no area' ? children : <QuietTypingArea on={where === 'area on'}>{children}</QuietTypingArea>;
  render(
    <WithI18n>
      <div onKeyDown={heard} onInput={heard}>
        {wrap(form)}
      </div>
    </WithI18n>,
  );
  return { onChange, heard };
}

/** Types `text` after what the field holds, with the events a browser fires per key. */
function type(field: HTMLInputElement | HTMLTextAreaElement, text: string) {
  const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setValue = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  for (const key of text) {
    field.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    field.dispatchEvent(new KeyboardEvent('keypress', { key, bubbles: true }));
    setValue?.call(field, field.value + key);
    field.dispatchEvent(new InputEvent('input', { bubbles: true, data: key }));
    field.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true }));
  }
}

describe.each<Where>(['area on', 'area off', 'no area'])('a service form typed into, %s', (where) => {
  it('hands the typed text to the form after the pause', async () => {
    const { onChange, heard } = renderForm(where);
    type(screen.getByLabelText(/^Name/) as HTMLInputElement, 'Ada');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ name: 'Ada' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    // Inside an area on, React hears the first key's input only (it fills the empty field: MUI's
    // label moves); otherwise every key and input.
    expect(heard).toHaveBeenCalledTimes(where === 'area on' ? 1 : 6);
  });

  it('counts down near the limit as each key is typed', () => {
    renderForm(where);
    const note = screen.getByLabelText(/^Note/) as HTMLTextAreaElement;
    type(note, 'Bags for');
    const counter = document.getElementById('root_note-helper-text');
    expect(counter?.textContent).toBe('Characters left: 2 of 10');
    expect(counter?.hidden).toBe(false);
  });
});

describe('QuietTypingArea', () => {
  it('is a plain div that says whether it is on', () => {
    const { container, rerender } = render(<QuietTypingArea>child</QuietTypingArea>);
    expect(container.innerHTML).toBe('<div data-quiet-typing="on">child</div>');
    rerender(<QuietTypingArea on={false}>child</QuietTypingArea>);
    expect(container.innerHTML).toBe('<div data-quiet-typing="off">child</div>');
  });
});
