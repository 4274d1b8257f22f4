import { describe, expect, it } from 'vitest';
import { BUILTIN_WIDGETS, CUSTOM_WIDGETS, isCustomWidget, isKnownWidget } from './widget-names';

describe('widget names', () => {
  it('knows the custom and built-in widgets', () => {
    for (const name of [...CUSTOM_WIDGETS, ...BUILTIN_WIDGETS]) expect(isKnownWidget(name)).toBe(true);
    expect(isKnownWidget('radio')).toBe(true);
    expect(isKnownWidget('lookup')).toBe(true);
  });
  it('refuses unknown names and non-strings', () => {
    expect(isKnownWidget('lokup')).toBe(false);
    expect(isKnownWidget(undefined)).toBe(false);
    expect(isKnownWidget(3)).toBe(false);
  });
  it('tells custom widgets from built-ins', () => {
    expect(isCustomWidget('company-picker')).toBe(true);
    expect(isCustomWidget('textarea')).toBe(false);
  });
});
