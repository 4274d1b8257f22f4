import { describe, expect, it } from 'vitest';
import { applicationIdOf } from './applications-list';

describe('applicationIdOf', () => {
  it('reads appId, else the value after the first equals sign (the licence edit screen of spec 02)', () => {
    expect(applicationIdOf('?appId=12')).toBe(12);
    expect(applicationIdOf('?id=12')).toBe(12);
    expect(applicationIdOf('?lang=de&appId=7')).toBe(7);
    expect(applicationIdOf('?appId=%2012%20')).toBe(12);
  });

  it('answers undefined for anything but a whole number above 0', () => {
    for (const search of [
      '',
      '?',
      '?appId=',
      '?appId=0',
      '?appId=-3',
      '?appId=1.5',
      '?appId=12abc',
      '?appId=1e3',
      '?appId=99999999999999999',
    ])
      expect(applicationIdOf(search), search).toBeUndefined();
  });
});
