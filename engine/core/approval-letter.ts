/**
 * The letter a service issues on approval instead of a certificate (`view.letter`): a subject and
 * paragraphs whose `{field}` placeholders name fields of the saved record, or `{holder}` (who the
 * letter is addressed to, `view.holder`). The loader checks the placeholders (`placeholdersOf`); the
 * server fills them with `fillLetterText` when it draws the letter.
 */
import type { ServiceDefinition } from './definition-types';
import { fillPlaceholders } from './placeholders';
import { valueAt } from './value-path';

/** The placeholder that names the letter's addressee rather than a field of the record. */
export const HOLDER_PLACEHOLDER = 'holder';

/**
 * `text` with each placeholder replaced: `{holder}` by `holder`, `{field}` by the record's value of
 * that field (a list's items joined with commas, yes/no for a boolean, '' for none).
 */
export function fillLetterText(text: string, record: unknown, holder: string): string {
  return fillPlaceholders(text, (name) => (name === HOLDER_PLACEHOLDER ? holder : shown(valueAt(record, name))));
}

function shown(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.map(shown).filter(Boolean).join(', ');
  if (typeof value === 'object') return '';
  return String(value).trim();
}

/**
 * `definition` without its letters (`view.letter`, also of its variants): only the server draws
 * them, so the page's bundle of definitions leaves them out.
 */
export function withoutLetters(definition: ServiceDefinition): ServiceDefinition {
  const bare = <T extends { view: ServiceDefinition['view'] }>(part: T): T => {
    if (!part.view.letter) return part;
    const { letter: _letter, ...view } = part.view;
    return { ...part, view };
  };
  const variants = definition.variants;
  return bare({
    ...definition,
    ...(variants ? { variants: { ...variants, options: variants.options.map(bare) } } : {}),
  });
}
