import { describe, expect, it } from 'vitest';
import { catalogueTranslator } from './catalogue-translator';

describe('catalogueTranslator', () => {
  it('translates known texts and keeps the English of missing, empty or non-text entries', () => {
    const translate = catalogueTranslator({ Quantity: 'Menge', Empty: '', Odd: 3 });
    expect(translate('Quantity')).toBe('Menge');
    expect(translate('Empty')).toBe('Empty');
    expect(translate('Odd')).toBe('Odd');
    expect(translate('Unknown')).toBe('Unknown');
  });

  it('keeps every text without a catalogue', () => {
    expect(catalogueTranslator(undefined)('Quantity')).toBe('Quantity');
  });
});
