// @module-tag dialect-free
// No database: the kept answers in memory (tests/api/client-answers.test.ts keeps them in a database).
import { describe, expect, it } from 'vitest';
import { ClientAnswers } from './client-answers';

describe('ClientAnswers', () => {
  it('answers the kept text only at the revision it was built at', () => {
    const answers = new ClientAnswers();
    answers.set(1, 'statistics', 3, '{"a":1}');
    expect(answers.get(1, 'statistics', 3)).toBe('{"a":1}');
    expect(answers.get(2, 'statistics', 3)).toBeUndefined();
    expect(answers.get(1, 'applications 1', 3)).toBeUndefined();
    // A moved revision drops the old text for good.
    expect(answers.get(1, 'statistics', 4)).toBeUndefined();
    expect(answers.get(1, 'statistics', 3)).toBeUndefined();
    expect(answers.stats()).toEqual({ answers: 0, size: 0 });
  });

  it('stays within its budget, the least recently used leaving first', () => {
    const answers = new ClientAnswers(10);
    answers.set(1, 'a', 0, 'xxxx');
    answers.set(2, 'a', 0, 'yyyy');
    expect(answers.get(1, 'a', 0)).toBe('xxxx');
    answers.set(3, 'a', 0, 'zzzz');
    expect(answers.get(2, 'a', 0)).toBeUndefined();
    expect(answers.get(1, 'a', 0)).toBe('xxxx');
    expect(answers.get(3, 'a', 0)).toBe('zzzz');
    // Too large to keep at all: nothing else is pushed out for it.
    answers.set(4, 'a', 0, 'w'.repeat(11));
    expect(answers.get(4, 'a', 0)).toBeUndefined();
    expect(answers.stats()).toEqual({ answers: 2, size: 8 });
    // Replacing an answer counts its new length only.
    answers.set(1, 'a', 1, 'x');
    expect(answers.stats()).toEqual({ answers: 2, size: 5 });
  });
});
