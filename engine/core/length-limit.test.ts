import { describe, expect, it } from 'vitest';
import { remainingNearLimit } from './length-limit';

describe('the remaining length near a limit', () => {
  it('is shown from four fifths of the limit on, 0 at the limit, negative past it', () => {
    expect(remainingNearLimit(1599, 2000)).toBeUndefined();
    expect(remainingNearLimit(1600, 2000)).toBe(400);
    expect(remainingNearLimit(2000, 2000)).toBe(0);
    expect(remainingNearLimit(2005, 2000)).toBe(-5);
  });

  it('rounds the threshold up for short limits and ignores limits that are none', () => {
    expect(remainingNearLimit(7, 10)).toBeUndefined();
    expect(remainingNearLimit(8, 10)).toBe(2);
    expect(remainingNearLimit(12, 16)).toBeUndefined();
    expect(remainingNearLimit(13, 16)).toBe(3);
    expect(remainingNearLimit(0, 1)).toBeUndefined();
    expect(remainingNearLimit(1, 1)).toBe(0);
    expect(remainingNearLimit(5, 0)).toBeUndefined();
    expect(remainingNearLimit(5, Number.NaN)).toBeUndefined();
  });
});
