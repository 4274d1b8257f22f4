/**
 * Statuses as the console names them: by the badge label the applicant sees (`presentStatus` with
 * the service's own statuses), found through the definitions of the services (a status key is the
 * same across services for the platform's), in sentence case. The portal's badges keep the spec's
 * words as written ("APPROVED" beside "Propose to Approve"); staff read them in lists and sentences,
 * so the console names the platform's badges by its own `console.status.<label>` texts and writes a
 * service's English title-case label ("TOR Approved") in sentence case.
 */
import {
  presentStatus,
  serviceStatuses,
  statusesOf,
  type ServiceDefinition,
  type TranslateFunction,
} from '../../engine/core';
import { useTranslation } from '../../engine/react';

/** The services' definitions by key. */
export function definitionsByKey(definitions: readonly ServiceDefinition[]): Map<string, ServiceDefinition> {
  return new Map(definitions.map((definition) => [definition.key, definition]));
}

/**
 * The badge label (untranslated) of status `id` in `definition`, or of the status with key `key` in
 * the first of `definitions` that declares it; the key itself when none does.
 */
export function statusBadge(
  definitions: readonly ServiceDefinition[],
  status: { id?: number; key?: string },
  definition?: ServiceDefinition,
): string {
  const candidates = definition ? [definition, ...definitions] : definitions;
  for (const candidate of candidates) {
    const found = statusesOf(candidate).find((known) =>
      status.id !== undefined ? known.id === status.id : known.key === status.key,
    );
    if (found) return presentStatus({ application_status_id: found.id }, serviceStatuses(candidate)).label;
  }
  return status.key ?? String(status.id ?? '');
}

/** The distinct statuses of the definitions (by key), in their tables' order: the status filter's choices. */
export function statusChoices(definitions: readonly ServiceDefinition[]): Array<{ key: string; id: number }> {
  const seen = new Map<string, { key: string; id: number }>();
  for (const definition of definitions)
    for (const status of statusesOf(definition)) if (!seen.has(status.key)) seen.set(status.key, status);
  return [...seen.values()];
}

/**
 * English title case in sentence case: a capitalised word after the first is lowered ("Conditionally
 * Approved" -> "Conditionally approved"), a word in capitals kept ("TOR Approved" -> "TOR approved").
 * For English only: other languages' capitals are grammar (German nouns), their catalogues write them.
 */
export function sentenceCase(text: string): string {
  return text
    .split(' ')
    .map((word, index) => (index > 0 && /^\p{Lu}\p{Ll}+$/u.test(word) ? word.toLowerCase() : word))
    .join(' ');
}

/**
 * The console's name of a status badge in the reader's language: its `console.status.<badge>` text
 * (the platform's badges), else the badge as the portal says it (`status.<badge>`, a service's own
 * label already translated with its definition), in sentence case when English.
 */
export function statusName(badge: string, t: TranslateFunction, language: string): string {
  const shown = t(`status.${badge}`, { defaultValue: badge });
  return t(`console.status.${badge}`, { defaultValue: language === 'en' ? sentenceCase(shown) : shown });
}

/** The console's name of a status (`statusName` of its badge), in the definition given or any. */
export function useStatusText(definitions: readonly ServiceDefinition[]) {
  const { t, i18n } = useTranslation();
  return (status: { id?: number; key?: string }, definition?: ServiceDefinition): string =>
    statusName(statusBadge(definitions, status, definition), t, i18n.resolvedLanguage);
}
