import type { ServiceDefinition } from './definition-types';
import { flattenSummary, summariseAnswers, type AnswerSummaryOptions, type SummaryEntry } from './answer-summary';
import type { SchemaMatcher } from './schema-walk';

export { applyUiOrder } from './answer-summary';

/**
 * The step-3 summary ("Confirm Detail"): the visible, filled fields of the form in display order,
 * labelled by their titles and valued by option titles and lookup names instead of ids; a section of
 * the form (an object field) under its title, rows as a table (answer-summary.ts).
 */

export interface SummaryRow {
  field: string;
  label: string;
  value: string;
}

export interface ConfirmSummaryOptions extends AnswerSummaryOptions {
  /** Evaluates the `if` conditions that decide which branch's fields are shown. */
  matches: SchemaMatcher;
}

/**
 * The confirm step's summary of `formData`: sections, tables and answers as the confirm step draws
 * them (`AnswerSummary` of engine/react), for the visible, filled fields.
 */
export function confirmSummaryEntries(
  definition: Pick<ServiceDefinition, 'formSchema' | 'uiSchema'>,
  formData: Record<string, unknown>,
  options: ConfirmSummaryOptions,
): SummaryEntry[] {
  return summariseAnswers(definition.formSchema, definition.uiSchema, formData, options);
}

/**
 * The confirm summary as label/value rows (the studio's check): a section's answers labelled
 * `Section › Label`, a list of rows as one text (cells joined by ' / ', rows by '; ').
 */
export function confirmSummary(
  definition: Pick<ServiceDefinition, 'formSchema' | 'uiSchema'>,
  formData: Record<string, unknown>,
  options: ConfirmSummaryOptions,
): SummaryRow[] {
  return flattenSummary(confirmSummaryEntries(definition, formData, options));
}
