// @vitest-environment jsdom
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ServiceForm, type ServiceFormHandle } from './service-form';
import { fakeApi, WithI18n } from './test-support';

afterEach(cleanup);

const definition = {
  key: 'sample',
  formSchema: {
    type: 'object',
    required: ['name', 'note'],
    properties: { name: { type: 'string', title: 'Name' }, note: { type: 'string', title: 'Note' } },
  },
  uiSchema: { note: { 'ui:widget': 'textarea' } },
};

function renderForm() {
  const onChange = vi.fn();
  const ref = createRef<ServiceFormHandle>();
  render(
    <WithI18n>
      <ServiceForm ref={ref} definition={definition} api={fakeApi({})} clientId={5} onChange={onChange} />
    </WithI18n>,
  );
  return { onChange, ref };
}

describe('text inputs hand their value to the form when typing pauses', () => {
  it('shows every key at once but tells the form once, after the pause', async () => {
    const { onChange } = renderForm();
    const name = screen.getByLabelText(/^Name/) as HTMLInputElement;
    for (const value of ['A', 'Ad', 'Ada']) fireEvent.change(name, { target: { value } });
    expect(name.value).toBe('Ada');
    expect(onChange).not.toHaveBeenCalled();
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(onChange.mock.calls[0]?.[0]).toEqual({ name: 'Ada' });
  });

  it('hands the value over when the field loses focus', () => {
    const { onChange } = renderForm();
    const note = screen.getByLabelText(/^Note/);
    fireEvent.change(note, { target: { value: 'Bags for events' } });
    fireEvent.blur(note);
    expect(onChange).toHaveBeenLastCalledWith({ note: 'Bags for events' });
  });

  it('validates and reads what was just typed, with no pause', () => {
    const { ref } = renderForm();
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText(/^Note/), { target: { value: 'Bags' } });
    let valid = false;
    act(() => {
      valid = ref.current?.validate() ?? false;
    });
    expect(valid).toBe(true);
    expect(ref.current?.getData()).toEqual({ name: 'Ada', note: 'Bags' });
  });

  it('keeps what was typed when the form is disabled and enabled again (a dialog saving)', () => {
    const ref = createRef<ServiceFormHandle>();
    const form = (disabled: boolean) => (
      <WithI18n>
        <ServiceForm ref={ref} definition={definition} api={fakeApi({})} clientId={5} disabled={disabled} />
      </WithI18n>
    );
    const { rerender } = render(form(false));
    const name = screen.getByLabelText(/^Name/) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Ada' } });
    fireEvent.blur(name);
    rerender(form(true));
    rerender(form(false));
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Ada');
    expect(ref.current?.getData()).toEqual({ name: 'Ada' });
  });
});
