import { describe, expect, it } from 'vitest';
import { currentMonth, EARLIEST_MONTH, monthMessage, monthProblem } from './month-range';

const now = new Date('2026-05-17T10:00:00Z');

describe('a month judged by its range', () => {
  it('accepts the months from the earliest to the current one', () => {
    expect(monthProblem(EARLIEST_MONTH, { now })).toBeUndefined();
    expect(monthProblem(' 2026-05 ', { now })).toBeUndefined();
    expect(currentMonth(now)).toBe('2026-05');
  });

  it('tells a month before the earliest the range, not the format', () => {
    const problem = monthProblem('1850-01', { now });
    expect(problem).toEqual({ kind: 'range', from: '2000-01', to: '2026-05' });
    expect(monthMessage(problem!)).toBe('Enter a month from 2000-01 to 2026-05.');
    expect(monthProblem('0000-01', { now })?.kind).toBe('range');
  });

  it('tells a later month that it lies in the future, the current one read in UTC', () => {
    expect(monthProblem('2026-06', { now })).toEqual({ kind: 'future' });
    const lateInNovember = new Date('2026-11-30T23:30:00Z');
    expect(monthProblem('2026-11', { now: lateInNovember })).toBeUndefined();
    expect(monthProblem('2026-12', { now: lateInNovember })).toEqual({ kind: 'future' });
    expect(monthMessage({ kind: 'future' })).toBe('The month cannot be in the future.');
  });

  it('asks for the format of what is no month, a day only when allowed', () => {
    expect(monthProblem('2026-13', { now })).toEqual({ kind: 'format' });
    expect(monthProblem('', { now })).toEqual({ kind: 'format' });
    expect(monthProblem('2026-03-15', { now })).toEqual({ kind: 'format' });
    expect(monthProblem('2026-03-15', { now, withDay: true })).toBeUndefined();
    expect(monthProblem('1999-12-31', { now, withDay: true })?.kind).toBe('range');
    expect(monthMessage({ kind: 'format' })).toBe('Enter a month as YYYY-MM.');
  });
});
