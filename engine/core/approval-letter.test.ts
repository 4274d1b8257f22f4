import { describe, expect, it } from 'vitest';
import { fillLetterText } from './approval-letter';

describe('approval letter texts', () => {
  it('fills the holder and the record values, blank for what the record lacks', () => {
    const record = { project_name: ' Solar pumps ', shares: [40, 60], owned: true, nested: { a: 1 } };
    expect(fillLetterText('{project_name} of {holder}', record, 'Umurage Cooperative')).toBe(
      'Solar pumps of Umurage Cooperative',
    );
    expect(fillLetterText('{shares} / {owned} / {missing} / {nested}', record, 'x')).toBe('40, 60 / yes /  / ');
  });
});
