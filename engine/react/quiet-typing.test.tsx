// @vitest-environment jsdom
import { useEffect, useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { quietTyping } from './quiet-typing';

afterEach(cleanup);

/** A field registered for quiet typing, under a React handler of every event it could hear. */
function Field({
  onTyping,
  heard,
  start = '',
}: {
  onTyping: () => void;
  heard: (what: string) => void;
  start?: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => quietTyping(ref.current as HTMLInputElement, onTyping), [onTyping]);
  return (
    <div onKeyDown={(event) => heard(`keydown ${event.key}`)} onKeyUp={(event) => heard(`keyup ${event.key}`)}>
      <input
        ref={ref}
        defaultValue={start}
        aria-label="Name"
        onChange={(event) => heard(`change ${event.target.value}`)}
        onBlur={() => heard('blur')}
      />
    </div>
  );
}

/** Sets the field's text as the browser does (not through React's tracking of `value`). */
function setText(field: HTMLInputElement, text: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, text);
}

/** Types `text` after what the field holds, with the events a browser fires per key. */
function type(field: HTMLInputElement, text: string) {
  for (const key of text) {
    field.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    setText(field, field.value + key);
    field.dispatchEvent(new InputEvent('input', { bubbles: true, data: key }));
    field.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true }));
  }
}

describe('quietTyping', () => {
  it("runs the field's handler for each edit, and React hears none of the typing", () => {
    const onTyping = vi.fn();
    const heard: string[] = [];
    render(<Field onTyping={onTyping} heard={(what) => heard.push(what)} start="A" />);
    const field = screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    type(field, 'da');
    expect(onTyping).toHaveBeenCalledTimes(2);
    expect(heard).toEqual([]);
  });

  it('lets React hear the edit that fills an empty field or empties it, and keys that are not typing', () => {
    const onTyping = vi.fn();
    const heard: string[] = [];
    render(<Field onTyping={onTyping} heard={(what) => heard.push(what)} />);
    const field = screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    type(field, 'A');
    // The first character: React's onChange (MUI's label moves), not the quiet handler.
    expect(heard).toEqual(['change A']);
    expect(onTyping).not.toHaveBeenCalled();
    field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }));
    field.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', ctrlKey: true, bubbles: true }));
    expect(heard).toEqual(['change A', 'keydown Tab', 'keydown a']);
    setText(field, '');
    field.dispatchEvent(new InputEvent('input', { bubbles: true }));
    expect(heard.at(-1)).toBe('change ');
  });

  it('stops acting on a field once unregistered', () => {
    const field = document.createElement('input');
    document.body.append(field);
    const onTyping = vi.fn();
    const stop = quietTyping(field, onTyping);
    field.value = 'x';
    field.dispatchEvent(new InputEvent('input', { bubbles: true }));
    field.value = 'xy';
    field.dispatchEvent(new InputEvent('input', { bubbles: true }));
    stop();
    field.value = 'xyz';
    field.dispatchEvent(new InputEvent('input', { bubbles: true }));
    expect(onTyping).toHaveBeenCalledTimes(1);
    field.remove();
  });
});
