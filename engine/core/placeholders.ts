/**
 * The `{name}` placeholders of the definition format's texts: lookup source paths
 * (`plastics/consumption-areas/{consumption_area_id}`), submit call paths (`{applicationId}`) and the
 * letters issued on approval (`{project_name}`, `{holder}`). One pattern, read and filled here.
 */

const PLACEHOLDER = /\{([^{}]+)\}/g;

/** The placeholder names of `text`, in order, e.g. `['consumption_area_id']`. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '');
}

/** `text` with each placeholder replaced by what `valueOf` answers for its name. */
export function fillPlaceholders(text: string, valueOf: (name: string) => string): string {
  return text.replace(PLACEHOLDER, (_whole, name: string) => valueOf(name));
}
