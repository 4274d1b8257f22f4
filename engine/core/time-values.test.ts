import { describe, expect, it } from 'vitest';
import { createAjv } from './ajv-setup';
import { clockOf, localOffsetMinutes, offsetText, readableDateTime, readableTime, storedTime } from './time-values';

describe('times of day', () => {
  it('writes offsets as RFC 3339 does', () => {
    expect(offsetText(0)).toBe('Z');
    expect(offsetText(120)).toBe('+02:00');
    expect(offsetText(-330)).toBe('-05:30');
    expect(offsetText(345)).toBe('+05:45');
  });

  it('reads the offset east of UTC from the machine (Date counts west)', () => {
    const at = new Date('2026-06-01T12:00:00Z');
    expect(localOffsetMinutes(at)).toBe(at.getTimezoneOffset() === 0 ? 0 : -at.getTimezoneOffset());
  });

  it('stores a clock as each format asks, and nothing for an empty input', () => {
    expect(storedTime('10:30', 'time', 120)).toBe('10:30:00+02:00');
    expect(storedTime('10:30', 'time', 0)).toBe('10:30:00Z');
    expect(storedTime('10:30:15', 'time', -300)).toBe('10:30:15-05:00');
    expect(storedTime('10:30', 'iso-time', 120)).toBe('10:30:00');
    expect(storedTime('', 'time', 120)).toBeUndefined();
  });

  it('stores values the validator accepts, for every offset', () => {
    const ajv = createAjv();
    const time = ajv.compile({ type: 'string', format: 'time' });
    const isoTime = ajv.compile({ type: 'string', format: 'iso-time' });
    for (const offset of [-720, -330, 0, 60, 345, 840]) {
      expect(time(storedTime('23:59', 'time', offset))).toBe(true);
      expect(isoTime(storedTime('00:00', 'iso-time', offset))).toBe(true);
    }
    // What RJSF's own widget stores, and why the engine has its own.
    expect(time('10:30:00')).toBe(false);
  });

  it('shows back the clock that was set, whatever the offset', () => {
    expect(clockOf('10:30:00+02:00')).toBe('10:30');
    expect(clockOf('10:30:15Z')).toBe('10:30:15');
    expect(clockOf('10:30:00')).toBe('10:30');
    expect(clockOf(undefined)).toBe('');
    expect(clockOf('noon')).toBe('');
  });

  it('reads stored times and moments with their zone', () => {
    expect(readableTime('10:30:00+02:00')).toBe('10:30 (UTC+02:00)');
    expect(readableTime('10:30:00Z')).toBe('10:30 (UTC)');
    expect(readableTime('10:30:00')).toBe('10:30');
    expect(readableDateTime('2026-06-01T08:30:00.000Z')).toBe('2026-06-01 08:30 (UTC)');
    expect(readableDateTime('2026-06-01T08:30:00')).toBe('2026-06-01 08:30');
    expect(readableDateTime('yesterday')).toBe('yesterday');
  });
});
