// @module-tag dialect-free: no database.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chosenLanguage, rankedLanguages } from './accept-language';
import { readServerMessages, SERVER_CATALOGUES_DIR, translateErrorData } from './messages';
import { ACCOUNT_MESSAGES } from './account-messages';
import { UPLOAD_MESSAGES } from './storage/upload-messages';
import { REPORT_MESSAGES } from './report-messages';
import { monthMessage } from '../engine/core';
import { JSON_MESSAGES } from './json-body';
import { PASSWORD_MESSAGES } from './password-policy';
import { TooManyAttempts } from './throttle';
import { METRICS_PATH, UNMATCHED_ROUTE } from './metrics';
import { STATUS_EMAIL_KIND } from './mail/mail-queue';
import { CODE_EMAIL_KIND, NOTICE_EMAIL_KIND } from './mail/account-mail';
import { OWN_DATA_MESSAGES } from './own-data/own-data-messages';
import { archiveReadmeTexts } from './own-data/archive-readme';

const root = resolve(__dirname, '..');
const english = JSON.parse(readFileSync(join(SERVER_CATALOGUES_DIR, 'en.json'), 'utf8')) as Record<string, string>;
const messages = readServerMessages({ servicesDir: join(root, 'services') });

describe('Accept-Language', () => {
  it('ranks by quality, then order, and keeps the language of a regional tag', () => {
    expect(rankedLanguages('fr-CH, de;q=0.8, en;q=0.9, ru;q=0')).toEqual(['fr', 'en', 'de']);
    expect(chosenLanguage('fr, de', new Set(['de']))).toBe('de');
    expect(chosenLanguage('en, de', new Set(['de']))).toBeUndefined();
    expect(chosenLanguage(undefined, new Set(['de']))).toBeUndefined();
  });
});

describe('server messages', () => {
  it('translates a message, a template with its values, and a value that is a known text', () => {
    expect(messages.translate('Invalid username or password', 'de')).toBe('Benutzername oder Passwort ungültig');
    expect(messages.translate(new TooManyAttempts(14 * 60_000).message, 'ru')).toBe(
      'Слишком много попыток. Повторите попытку через 14 мин.',
    );
    expect(messages.translate('Invalid fields: tin, quantity', 'es')).toBe('Campos no válidos: tin, quantity');
    expect(messages.translate(REPORT_MESSAGES.locked('Authorization for the use of Plastics'), 'de')).toBe(
      'Recycelte Mengen können gemeldet werden, sobald Sie einen Antrag für „Genehmigung für die Verwendung von Kunststoffen“ eingereicht haben.',
    );
    // A service's own message, from its catalogue.
    expect(messages.translate('Your ID number must be 16 digits!', 'de')).toBe(
      'Ihre Ausweisnummer muss aus 16 Ziffern bestehen!',
    );
  });

  it('answers English for English, for an unknown language and for an unknown text', () => {
    expect(messages.translate('Invalid code', undefined)).toBe('Invalid code');
    expect(messages.translate('Invalid code', 'fr')).toBe('Invalid code');
    expect(messages.translate('Something nobody wrote', 'de')).toBe('Something nobody wrote');
    expect([...messages.languages].sort()).toEqual(['de', 'es', 'it', 'ru']);
  });

  it('translates the field messages of a validation answer', () => {
    const data = { fields: [{ field: 'phone', message: 'Enter a 10 digit phone number.' }] };
    expect(translateErrorData(data, (text) => messages.translate(text, 'it'))).toEqual({
      fields: [{ field: 'phone', message: 'Inserisca un numero di telefono di 10 cifre.' }],
    });
    expect(translateErrorData(null, (text) => text)).toBeNull();
  });

  it("prefers the server's own text over a service's, and reads a catalogue folder of its own", () => {
    const dir = mkdtempSync(join(tmpdir(), 'ecopermit-messages-'));
    try {
      mkdirSync(join(dir, 'server'));
      mkdirSync(join(dir, 'services', 'sample', 'i18n'), { recursive: true });
      writeFileSync(join(dir, 'server', 'de.json'), JSON.stringify({ 'Invalid code': 'Ungültiger Code' }));
      writeFileSync(
        join(dir, 'services', 'sample', 'i18n', 'de.json'),
        JSON.stringify({ 'Invalid code': 'Falsch', Quantity: 'Menge' }),
      );
      const own = readServerMessages({ cataloguesDir: join(dir, 'server'), servicesDir: join(dir, 'services') });
      expect(own.translate('Invalid code', 'de')).toBe('Ungültiger Code');
      expect(own.translate('Quantity', 'de')).toBe('Menge');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Every .ts file under `dir` but tests. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** A message is known when some language translates it (the i18n check makes it every language). */
const known = (text: string) => messages.translate(text, 'de') !== text || text in english;

// Staff-only answers (the staff API and command) are read by the authority's staff, in English.
const STAFF_ONLY_FILES = [
  'staff.ts',
  'staff-cli.ts',
  'staff-accounts.ts',
  'staff-documents.ts',
  'staff-bodies.ts',
  // The console's sign-in: its refusals answer the staff (its pages' texts are in the catalogues).
  'staff-auth',
  'config.ts',
  'certificates',
  // The webhooks: their settings' errors and the dead letters' refusals answer the operator and the staff.
  'webhooks',
  // The legal hold's refusals answer the staff; the retention job answers no one.
  'server/retention/',
];

describe('every message the API answers applicants has a translation', () => {
  it('the message constants', () => {
    const constants = [
      ...Object.values(ACCOUNT_MESSAGES),
      ...Object.values(PASSWORD_MESSAGES),
      ...Object.values(JSON_MESSAGES),
      ...Object.values(OWN_DATA_MESSAGES),
      ...archiveReadmeTexts(),
      UPLOAD_MESSAGES.applicationFull(30, 100),
      UPLOAD_MESSAGES.dailyLimit(200, 500),
      REPORT_MESSAGES.future,
      monthMessage({ kind: 'format' }),
      monthMessage({ kind: 'range', from: '2000-01', to: '2026-05' }),
      REPORT_MESSAGES.company,
      REPORT_MESSAGES.locked('Authorization for the use of Plastics'),
      new TooManyAttempts(60_000).message,
      new TooManyAttempts(15 * 60_000).message,
    ];
    expect(constants.filter((text) => !known(text))).toEqual([]);
  });

  it('the texts written in the code (errors, field messages, validation rules)', () => {
    const found = new Set<string>();
    const patterns = [
      /(?:HttpError\(\d+,|notFound\(|message:|error:)\s*'([^']+)'/g,
      /export const [A-Z_]+ = '([^']+)'/g,
      /\.(?:regex|min|max|positive|refine)\([^'\n]*'([A-Z][^']+)'\)/g,
    ];
    for (const file of sources(join(root, 'server'))) {
      if (STAFF_ONLY_FILES.some((part) => file.includes(part))) continue;
      const text = readFileSync(file, 'utf8');
      for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.add(match[1] ?? '');
    }
    // Constants that are not messages (names of stored documents, file suffixes, the metrics' address and
    // label, the kinds of a queued e-mail).
    const notMessages = [
      '.part',
      'Draft terms of reference',
      METRICS_PATH,
      UNMATCHED_ROUTE,
      STATUS_EMAIL_KIND,
      CODE_EMAIL_KIND,
      NOTICE_EMAIL_KIND,
    ];
    for (const notAMessage of notMessages) found.delete(notAMessage);
    expect(found.size).toBeGreaterThan(25);
    expect([...found].filter((text) => !known(text))).toEqual([]);
  });
});
