// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { TextInput } from './text-input';

afterEach(cleanup);

describe('TextInput', () => {
  it('names the input by its label and describes it by its helper text, then by the extra ids', () => {
    let typed = '';
    render(
      <TextInput
        id="city"
        label="City"
        helperText="As on your ID"
        required
        aria-describedby="city__error"
        onChange={(event) => {
          typed = event.target.value;
        }}
      />,
    );
    const input = screen.getByLabelText(/City/);
    expect(input.getAttribute('aria-describedby')).toBe('city-helper-text city__error');
    expect(document.getElementById('city-helper-text')?.textContent).toBe('As on your ID');
    expect(input).toHaveProperty('required', true);
    fireEvent.change(input, { target: { value: 'Huye' } });
    expect(typed).toBe('Huye');
  });

  it('shows an error state and a multiline box without a label', () => {
    const { container } = render(<TextInput error multiline rows={3} placeholder="Notes" />);
    expect(container.querySelector('label')).toBeNull();
    expect(screen.getByPlaceholderText('Notes').tagName).toBe('TEXTAREA');
    expect(container.querySelector('.Mui-error')).not.toBeNull();
  });

  it('draws a multiline box as one native textarea: fixed rows, or growing from minRows', () => {
    const { container } = render(
      <>
        <TextInput multiline rows={6} label="Summary" />
        <TextInput multiline minRows={3} label="Activities" />
      </>,
    );
    // No hidden measuring twin (MUI's TextareaAutosize), so no layout forced per area and per key.
    expect(container.querySelectorAll('textarea')).toHaveLength(2);
    const summary = screen.getByLabelText('Summary');
    const activities = screen.getByLabelText('Activities');
    expect([summary.getAttribute('rows'), summary.hasAttribute('type')]).toEqual(['6', false]);
    expect(getComputedStyle(summary).getPropertyValue('field-sizing')).toBe('');
    expect(activities.getAttribute('rows')).toBe('3');
    expect(getComputedStyle(activities).getPropertyValue('field-sizing')).toBe('content');
    fireEvent.change(activities, { target: { value: 'Recycling\nSorting' } });
    expect((activities as HTMLTextAreaElement).value).toBe('Recycling\nSorting');
  });
});
