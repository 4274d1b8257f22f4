/**
 * The sanitiser of staff-written HTML the applicant is shown (the approval conditions'), for a page
 * that shows such HTML before it is sent (the staff console). Loaded on first use, as the conditions
 * themselves are: DOMPurify stays out of the pages that show none. A module of its own: the engine's
 * index holds re-exports only, so the bundler takes from it just what a page uses.
 */
export function loadHtmlSanitizer(): Promise<(html: string) => string> {
  return import('./approval-conditions').then((module) => module.sanitizeConditions);
}
