import { describe, expect, it } from 'vitest';
import type { RJSFValidationError } from '@rjsf/utils';
import { errorFieldId, followedErrors, recheckAnnouncement, sameErrors } from './followed-errors';

const ids = { idPrefix: 'root', idSeparator: '_' };
const error = (property: string, message: string): RJSFValidationError => ({
  property,
  message,
  stack: `${property} ${message}`,
});

describe('errors that follow the answer', () => {
  it('names the field of an error as RJSF names its elements', () => {
    expect(errorFieldId(error('.name', 'x'), ids)).toBe('root_name');
    expect(errorFieldId(error('.rows.0.code', 'x'), ids)).toBe('root_rows_0_code');
    expect(errorFieldId(error("['a b']", 'x'), ids)).toBe("root_'a b'");
    expect(errorFieldId(error('', 'x'), ids)).toBe('root');
  });

  it('keeps the errors of the fields that show one, with what they say now, and drops the corrected', () => {
    const shown = [error('.name', 'This field is required'), error('.email', 'This field is required')];
    const current = [error('.email', 'must match format "email"'), error('.phone', 'This field is required')];
    // name corrected, email wrong in another way, phone never shown (made required by a choice): quiet.
    expect(followedErrors(shown, current, ids)).toEqual([current[0]]);
  });

  it('shows the errors of a field left with an answer, and of what it holds, not of a sibling', () => {
    const current = [
      error('.rows.0.code', 'must match pattern'),
      error('.quantity', 'must be <= 10'),
      error('.quantity_unit', 'This field is required'),
    ];
    expect(followedErrors([], current, ids, 'root_quantity')).toEqual([current[1]]);
    expect(followedErrors([], current, ids, 'root_rows')).toEqual([current[0]]);
  });

  it('compares lists by field and message', () => {
    expect(sameErrors([error('.a', 'x')], [error('.a', 'x')])).toBe(true);
    expect(sameErrors([error('.a', 'x')], [error('.a', 'y')])).toBe(false);
    expect(sameErrors([error('.a', 'x')], [])).toBe(false);
  });

  it('tells a screen reader the new messages of the field answered, or that it is corrected', () => {
    const corrected = (left: number) => `corrected, ${left} left`;
    const before = [error('.a', 'required'), error('.b', 'required')];
    expect(recheckAnnouncement(before, [error('.b', 'required')], 'root_a', ids, corrected)).toBe('corrected, 1 left');
    expect(recheckAnnouncement(before, [error('.a', 'too long'), before[1]!], 'root_a', ids, corrected)).toBe(
      'too long',
    );
    expect(recheckAnnouncement(before, before, 'root_a', ids, corrected)).toBeUndefined();
    expect(recheckAnnouncement([], [], 'root_a', ids, corrected)).toBeUndefined();
  });
});
