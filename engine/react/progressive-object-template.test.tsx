// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import Form from '@rjsf/mui';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDrawingFields } from './form-context';
import { FIELDS_PER_TASK, FIRST_FIELDS, ProgressiveObjectTemplate } from './progressive-object-template';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** An object of `count` text fields, f0..f(count-1), with `nested` (a short object) among them. */
function schemaOf(count: number): RJSFSchema {
  const properties: Record<string, RJSFSchema> = {};
  for (let i = 0; i < count; i += 1) properties[`f${i}`] = { type: 'string', title: `Field ${i}` };
  properties.nested = { type: 'object', properties: { street: { type: 'string', title: 'Street' } } };
  return { type: 'object', properties };
}

const drawn = () => screen.queryAllByRole('textbox').length;

/** A long object (two tasks of fields after the first ones) in a form whose context records what it is told. */
function renderTellingDrawing() {
  const told: boolean[] = [];
  const drawing = createDrawingFields((now) => told.push(now));
  const { unmount } = render(
    <Form
      schema={schemaOf(FIRST_FIELDS + 2 * FIELDS_PER_TASK)}
      validator={validator}
      formContext={{ drawing }}
      templates={{ ObjectFieldTemplate: ProgressiveObjectTemplate }}
    />,
  );
  return { told, unmount };
}

describe('ProgressiveObjectTemplate', () => {
  it('draws the first fields at once and the rest a few per task, in order', () => {
    vi.useFakeTimers();
    const fields = FIRST_FIELDS + 2 * FIELDS_PER_TASK + 3; // the short nested object is the last property
    render(
      <Form
        schema={schemaOf(fields)}
        validator={validator}
        templates={{ ObjectFieldTemplate: ProgressiveObjectTemplate }}
      />,
    );
    expect(drawn()).toBe(FIRST_FIELDS);
    expect(screen.getByLabelText('Field 0')).toBeTruthy();
    expect(screen.queryByLabelText(`Field ${FIRST_FIELDS}`)).toBeNull();
    act(() => void vi.advanceTimersToNextTimer());
    expect(drawn()).toBe(FIRST_FIELDS + FIELDS_PER_TASK);
    // Each task's render schedules the next one.
    for (let task = 0; task < 3; task += 1) act(() => void vi.advanceTimersToNextTimer());
    // Every field, and the nested object's own field, drawn whole.
    expect(drawn()).toBe(fields + 1);
    const labels = screen.getAllByRole('textbox').map((box) => box.id);
    expect(labels.slice(0, 3)).toEqual(['root_f0', 'root_f1', 'root_f2']);
    expect(labels.at(-1)).toBe('root_nested_street');
  });

  it('draws a short object whole in its first render', () => {
    render(
      <Form
        schema={schemaOf(FIRST_FIELDS - 1)}
        validator={validator}
        templates={{ ObjectFieldTemplate: ProgressiveObjectTemplate }}
      />,
    );
    // FIRST_FIELDS properties: the fields and the nested object's own field.
    expect(drawn()).toBe(FIRST_FIELDS);
  });

  it('says it is drawing from its first paint until every field is there, then once that it is whole', () => {
    vi.useFakeTimers();
    const { told } = renderTellingDrawing();
    // The long object draws; its short nested object says nothing.
    expect(told).toEqual([true]);
    act(() => void vi.advanceTimersToNextTimer());
    expect(told).toEqual([true]);
    for (let task = 0; task < 2; task += 1) act(() => void vi.advanceTimersToNextTimer());
    expect(told).toEqual([true, false]);
  });

  it('stops counting an object that goes away before it is whole', () => {
    vi.useFakeTimers();
    const { told, unmount } = renderTellingDrawing();
    unmount();
    expect(told).toEqual([true, false]);
  });
});
