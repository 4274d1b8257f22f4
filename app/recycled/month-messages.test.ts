/**
 * The Add Entry dialog and the API tell a month the same thing in every language: the dialog's
 * messages (this feature's catalogue) are the API's (server/i18n), the range's placeholders included.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MONTH_MESSAGES } from '../../engine/core';
import { LANGUAGES } from '../i18n/languages';
import { validateEntry } from './recycled-entry-dialog';

const read = (path: string) =>
  JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as Record<string, unknown>;

describe('the messages of a month', () => {
  it('a month before 2000 is told the range, with the values the message names', () => {
    const now = new Date('2026-05-17T10:00:00Z');
    const errors = validateEntry({ company_id: '3', month: '1850-01', quantity: '2' }, now);
    expect(errors).toEqual({ month: { key: 'recycled.errors.range', values: { from: '2000-01', to: '2026-05' } } });
    expect(validateEntry({ company_id: '3', month: '2026-06', quantity: '2' }, now)).toEqual({
      month: 'recycled.errors.future',
    });
    expect(validateEntry({ company_id: '3', month: '2026-5', quantity: '2' }, now)).toEqual({
      month: 'recycled.errors.month',
    });
  });

  it.each(LANGUAGES.map((language) => language.code))('say in %s what the API says', (language) => {
    const portal = (read(`./i18n/${language}.json`).recycled as { errors: Record<string, string> }).errors;
    const server = read(`../../server/i18n/${language}.json`) as Record<string, string>;
    expect({ month: portal.month, range: portal.range, future: portal.future, quantity: portal.quantity }).toEqual({
      month: server[MONTH_MESSAGES.format],
      range: server[MONTH_MESSAGES.range],
      future: server[MONTH_MESSAGES.future],
      quantity: server['Enter a quantity in kilograms greater than 0.'],
    });
  });
});
