// @module-tag dialect-free: no database.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { platformStatusEmailTexts } from '../../engine/core';
import { SERVER_CATALOGUES_DIR } from '../messages';
import { accountMailTexts } from './account-mail-texts';

const english = JSON.parse(readFileSync(join(SERVER_CATALOGUES_DIR, 'en.json'), 'utf8')) as Record<string, string>;

describe("the platform's status e-mails", () => {
  it("are listed in the server's catalogue, so the i18n check asks every language for them", () => {
    expect(platformStatusEmailTexts().filter((text) => !(text in english))).toEqual([]);
  });
});

describe('the account e-mails (codes, the account-exists notice)', () => {
  it("are listed in the server's catalogue, so the i18n check asks every language for them", () => {
    expect(accountMailTexts().filter((text) => !(text in english))).toEqual([]);
  });
});
