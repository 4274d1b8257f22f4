// @module-tag dialect-free: no database.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emailPlaceholders, statusEmailTexts, type LifecycleFile } from '../../engine/core';
import { readServerMessages, SERVER_CATALOGUES_DIR } from '../messages';
import { accountMailTexts } from './account-mail-texts';

const english = JSON.parse(readFileSync(join(SERVER_CATALOGUES_DIR, 'en.json'), 'utf8')) as Record<string, string>;
/** The platform's base, where its statuses' e-mails are written (every service includes it). */
const platform = JSON.parse(
  readFileSync(new URL('../../services/platform/lifecycle.json', import.meta.url), 'utf8'),
) as LifecycleFile;
const platformTexts = statusEmailTexts(platform.statuses ?? []);

describe("the platform's status e-mails", () => {
  it("are listed in the server's catalogue, so the i18n check asks every language for them", () => {
    expect(platformTexts).toContain('We received your application {app_id}');
    expect(platformTexts.filter((text) => !(text in english))).toEqual([]);
  });

  it('are translated in every language, their placeholders kept', () => {
    const messages = readServerMessages({ servicesDir: null });
    expect(messages.languages.size).toBeGreaterThanOrEqual(4);
    for (const language of messages.languages)
      for (const text of platformTexts) {
        const translated = messages.translateKey(text, language);
        expect(translated, `${language}: ${text}`).not.toBe(text);
        const names = (value: string) => emailPlaceholders(value).sort();
        expect(names(translated), `${language}: ${text}`).toEqual(names(text));
      }
  });
});

describe('the account e-mails (codes, the account-exists notice)', () => {
  it("are listed in the server's catalogue, so the i18n check asks every language for them", () => {
    expect(accountMailTexts().filter((text) => !(text in english))).toEqual([]);
  });
});
