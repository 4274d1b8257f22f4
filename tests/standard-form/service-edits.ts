/**
 * Edits of a scaffolded service shared by the standard-form helpers (standard-keywords.ts,
 * standard-formats.ts): view rows added, texts translated, answers given in every fixture.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFormattedJson } from '../../scripts/write-formatted-json';

/** Translations of an English text (German, Italian, Russian, Spanish). */
export type Translations = Record<'de' | 'it' | 'ru' | 'es', string>;

export function readJson(path: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
}

/** Adds `rows` to the view of `services/<key>/service.json` and `texts` to its four catalogues. */
export async function addRowsAndTexts(
  folder: string,
  rows: Array<Record<string, unknown>>,
  texts: Record<string, Translations>,
): Promise<void> {
  const service = readJson(join(folder, 'service.json'));
  (service.view as { rows: Array<Record<string, unknown>> }).rows.push(...rows);
  await writeFormattedJson(join(folder, 'service.json'), service);
  for (const language of ['de', 'it', 'ru', 'es'] as const) {
    const file = join(folder, 'i18n', `${language}.json`);
    const catalogue = readJson(file);
    for (const [english, translations] of Object.entries(texts)) catalogue[english] = translations[language];
    await writeFormattedJson(file, catalogue);
  }
}

/** Adds `answers` to every valid fixture's data and every invalid fixture's data under `fixtures`. */
export async function answerEveryFixture(fixtures: string, answers: Record<string, unknown>): Promise<void> {
  for (const name of readdirSync(join(fixtures, 'valid'))) {
    const file = join(fixtures, 'valid', name);
    await writeFormattedJson(file, { ...readJson(file), ...answers });
  }
  for (const name of readdirSync(join(fixtures, 'invalid'))) {
    const file = join(fixtures, 'invalid', name);
    const fixture = readJson(file);
    await writeFormattedJson(file, { ...fixture, data: { ...(fixture.data as object), ...answers } });
  }
}
