// @vitest-environment jsdom
/**
 * Errors follow the answer (followed-errors.ts, rechecking-form.ts) and text fields count down near
 * their limit (length-counter.tsx), in a service form as the wizard renders it.
 */
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ServiceForm, type ServiceFormHandle } from './service-form';
import { COMMIT_DELAY_MS } from './deferred-input-template';
import { fakeApi, WithI18n } from './test-support';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const definition = {
  key: 'sample',
  formSchema: {
    type: 'object',
    required: ['name', 'note', 'kind'],
    properties: {
      name: { type: 'string', title: 'Name', maxLength: 10 },
      note: { type: 'string', title: 'Note', minLength: 3 },
      kind: { type: 'string', title: 'Kind', enum: ['Bags', 'Bottles'] },
    },
  },
  uiSchema: { note: { 'ui:widget': 'textarea' }, kind: { 'ui:widget': 'radio' } },
};

function renderForm() {
  const ref = createRef<ServiceFormHandle>();
  const onErrorsCleared = vi.fn();
  render(
    <WithI18n>
      <ServiceForm ref={ref} definition={definition} api={fakeApi({})} clientId={5} onErrorsCleared={onErrorsCleared} />
    </WithI18n>,
  );
  const refuse = () => {
    let valid = true;
    act(() => {
      valid = ref.current?.validate() ?? true;
    });
    expect(valid).toBe(false);
  };
  return { ref, refuse, onErrorsCleared };
}

/** The messages RJSF shows under the field `name` (its `__error` list). */
const errorsOf = (name: string) => document.getElementById(`root_${name}__error`)?.textContent ?? '';
const status = () => screen.getByRole('status').textContent;
const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

describe('errors that follow the answer', () => {
  it('a fresh form stays quiet: leaving a field, even a wrong one, shows nothing before Next', () => {
    renderForm();
    fireEvent.change(field(/^Note/), { target: { value: 'ab' } });
    fireEvent.blur(field(/^Note/));
    fireEvent.blur(field(/^Name/));
    expect(errorsOf('note')).toBe('');
    expect(errorsOf('name')).toBe('');
  });

  it('after a refused Next, a field loses its error once corrected, and the others keep theirs', () => {
    const { refuse } = renderForm();
    refuse();
    expect(errorsOf('name')).toContain('This field is required');
    expect(errorsOf('note')).toContain('This field is required');
    fireEvent.change(field(/^Name/), { target: { value: 'Ada' } });
    fireEvent.blur(field(/^Name/));
    expect(errorsOf('name')).toBe('');
    expect(field(/^Name/).getAttribute('aria-invalid')).not.toBe('true');
    expect(errorsOf('note')).toContain('This field is required');
    // A screen reader hears it, through the form's polite status region.
    expect(screen.getByRole('status').getAttribute('aria-live')).toBe('polite');
    expect(status()).toBe('Corrected. Errors left on the form: 2.');
  });

  it('waits for a press on another field to end before re-checking, so nothing moves under the click', () => {
    vi.useFakeTimers();
    const { refuse } = renderForm();
    refuse();
    fireEvent.change(field(/^Name/), { target: { value: 'Ada' } });
    const bags = screen.getByRole('radio', { name: 'Bags' });
    // Pressing on a radio leaves the text field: its error stays while the pointer is down.
    fireEvent.pointerDown(bags);
    fireEvent.blur(field(/^Name/));
    expect(errorsOf('name')).toContain('This field is required');
    fireEvent.pointerUp(bags);
    fireEvent.click(bags);
    expect((bags as HTMLInputElement).checked).toBe(true);
    act(() => vi.runOnlyPendingTimers());
    // Then both answers are judged: the name and the kind lose their errors.
    expect(errorsOf('name')).toBe('');
    expect(errorsOf('kind')).toBe('');
    expect(errorsOf('note')).toContain('This field is required');
  });

  it('waits for the element the focus went to (Next below the form) to be clicked before re-checking', () => {
    vi.useFakeTimers();
    const { refuse } = renderForm();
    const next = document.createElement('button');
    document.body.append(next);
    refuse();
    fireEvent.change(field(/^Name/), { target: { value: 'Ada' } });
    fireEvent.focusOut(field(/^Name/), { relatedTarget: next });
    expect(errorsOf('name')).toContain('This field is required');
    fireEvent.click(next);
    act(() => vi.runOnlyPendingTimers());
    expect(errorsOf('name')).toBe('');
    next.remove();
  });

  it('says what the field being answered gained or lost once a hold ends, not the field left before it', () => {
    vi.useFakeTimers();
    const { refuse } = renderForm();
    refuse();
    // The focus goes from Name to Note (a click, or a key): Note's answer is judged once it is used.
    fireEvent.focusOut(field(/^Name/), { relatedTarget: field(/^Note/) });
    fireEvent.change(field(/^Note/), { target: { value: 'Long enough' } });
    expect(errorsOf('note')).toContain('This field is required');
    fireEvent.keyUp(field(/^Note/));
    act(() => vi.runOnlyPendingTimers());
    expect(errorsOf('note')).toBe('');
    expect(status()).toBe('Corrected. Errors left on the form: 2.');
  });

  it('re-checks a press that never ends on the form (released elsewhere) after at most a second', () => {
    vi.useFakeTimers();
    const { refuse } = renderForm();
    refuse();
    fireEvent.change(field(/^Name/), { target: { value: 'Ada' } });
    fireEvent.pointerDown(field(/^Note/));
    fireEvent.blur(field(/^Name/));
    expect(errorsOf('name')).toContain('This field is required');
    act(() => vi.advanceTimersByTime(1000));
    expect(errorsOf('name')).toBe('');
  });

  it('clears an error when typing pauses, without leaving the field', () => {
    vi.useFakeTimers();
    const { refuse } = renderForm();
    refuse();
    fireEvent.change(field(/^Name/), { target: { value: 'Ada' } });
    expect(errorsOf('name')).toContain('This field is required');
    act(() => vi.advanceTimersByTime(COMMIT_DELAY_MS));
    expect(errorsOf('name')).toBe('');
  });

  it('a field wrong in another way says so at once; a corrected one made wrong again shows its error on leaving', () => {
    const { refuse } = renderForm();
    refuse();
    fireEvent.change(field(/^Note/), { target: { value: 'ab' } });
    fireEvent.blur(field(/^Note/));
    expect(errorsOf('note')).toMatch(/3/);
    expect(errorsOf('note')).not.toContain('This field is required');
    expect(status()).toBe(errorsOf('note'));
    fireEvent.change(field(/^Note/), { target: { value: 'abc' } });
    fireEvent.blur(field(/^Note/));
    expect(errorsOf('note')).toBe('');

    fireEvent.change(field(/^Note/), { target: { value: '' } });
    fireEvent.blur(field(/^Note/));
    expect(errorsOf('note')).toContain('This field is required');
  });

  it('a choice clears its error on change; the page hears when the form has no error left', () => {
    const { refuse, onErrorsCleared } = renderForm();
    refuse();
    fireEvent.change(field(/^Name/), { target: { value: 'Ada' } });
    fireEvent.blur(field(/^Name/));
    fireEvent.change(field(/^Note/), { target: { value: 'Bags for events' } });
    fireEvent.blur(field(/^Note/));
    expect(onErrorsCleared).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('radio', { name: 'Bottles' }));
    expect(errorsOf('kind')).toBe('');
    expect(onErrorsCleared).toHaveBeenCalledTimes(1);
    expect(status()).toBe('Corrected. No errors are left on the form.');
  });
});

describe('a text field near its maximum length', () => {
  it('holds the limit and counts down from four fifths of it, as the field description', () => {
    renderForm();
    const name = field(/^Name/);
    expect(name.maxLength).toBe(10);
    const counter = () => document.getElementById('root_name-helper-text');
    fireEvent.change(name, { target: { value: 'Adalove' } });
    expect(counter()?.hidden).toBe(true);
    fireEvent.change(name, { target: { value: 'Adalovel' } });
    expect(counter()?.hidden).toBe(false);
    expect(counter()?.textContent).toBe('Characters left: 2 of 10');
    expect(name.getAttribute('aria-describedby')?.split(' ')).toContain('root_name-helper-text');
    fireEvent.change(name, { target: { value: 'Adalovelac' } });
    expect(counter()?.textContent).toBe('Characters left: 0 of 10');
  });

  it('says the count to a screen reader when typing pauses, not at every key', () => {
    vi.useFakeTimers();
    renderForm();
    const name = field(/^Name/);
    name.focus();
    fireEvent.change(name, { target: { value: 'Adalovel' } });
    expect(status()).toBe('');
    act(() => vi.advanceTimersByTime(COMMIT_DELAY_MS));
    expect(status()).toBe('Characters left: 2 of 10');
  });
});
