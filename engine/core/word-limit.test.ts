import { describe, expect, it } from 'vitest';
import {
  clampToWordLimit,
  countWords,
  nextWithinWordLimit,
  remainingWords,
  withinWordLimit,
  wordLimitPattern,
} from './word-limit';

describe('word limit', () => {
  it('counts words', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('   ')).toBe(0);
    expect(countWords(' one  two\nthree ')).toBe(3);
    expect(remainingWords('a b', 300)).toBe(298);
    expect(remainingWords('a b c', 2)).toBe(0);
  });
  it('clamps to words and characters, keeping spacing', () => {
    expect(clampToWordLimit('one  two three', 2)).toBe('one  two');
    expect(clampToWordLimit('abcdef', 5, 3)).toBe('abc');
    expect(clampToWordLimit('short', 300, 1800)).toBe('short');
    expect(clampToWordLimit('a b', 0)).toBe('');
  });
  it('tells whether a value fits', () => {
    expect(withinWordLimit('a b c', 3)).toBe(true);
    expect(withinWordLimit('a b c d', 3)).toBe(false);
    expect(withinWordLimit('abcd', 3, 3)).toBe(false);
  });
  it('builds a schema pattern with the same limit', () => {
    const re = new RegExp(wordLimitPattern(3));
    expect(re.test('one two three')).toBe(true);
    expect(re.test(' one two three ')).toBe(true);
    expect(re.test('one two three four')).toBe(false);
    expect(re.test('')).toBe(true);
    const long = new RegExp(wordLimitPattern(300));
    expect(long.test(Array.from({ length: 300 }, () => 'word').join(' '))).toBe(true);
    expect(long.test(Array.from({ length: 301 }, () => 'word').join(' '))).toBe(false);
  });
  it('ignores typing past a full limit and cuts a long paste to what fits', () => {
    expect(nextWithinWordLimit('one two', 'one two three', 3)).toBe('one two three');
    // Full: a fourth word typed anywhere is ignored, the three words stay as they were.
    expect(nextWithinWordLimit('one two three', 'one two three f', 3)).toBe('one two three');
    expect(nextWithinWordLimit('one two three', 'one x two three', 3)).toBe('one two three');
    expect(nextWithinWordLimit('one two three', 'one two three ', 3)).toBe('one two three ');
    // Not full: a paste keeps the words that fit.
    expect(nextWithinWordLimit('one', 'one two three four five', 3)).toBe('one two three');
    expect(nextWithinWordLimit('abc', 'abcdef', 10, 5)).toBe('abcde');
    expect(nextWithinWordLimit('abcde', 'abcdef', 10, 5)).toBe('abcde');
  });
});
