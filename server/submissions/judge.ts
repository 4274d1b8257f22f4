/**
 * The one judgement of a form's data on the server, for the submit calls and the applicant tasks
 * alike: the widgets' checks replace what the server knows better (names, a company's fields), only the
 * fields the form shows are kept (when asked) and an answer to no question is refused (`keptAnswers`),
 * then the form's own schema judges what is kept, with the portal's messages. A refusal is thrown as
 * the contract's 422.
 */
import type { Kysely } from 'kysely';
import {
  keptAnswers,
  refusedBeyondTheSchema,
  schemaMatches,
  validateFormData,
  type JsonSchema,
  type WidgetBinding,
} from '../../engine/core';
import type { Database } from '../db/tables';
import { ValidationError, type FieldError } from '../http';
import type { LookupMatcher } from './lookup-names';
import { checkWidgets } from './widget-checks';

type Data = Record<string, unknown>;

/** What judging a form needs: the schema it was drawn from, its widgets, who sends it. */
export interface FormJudgement {
  db: Kysely<Database>;
  matchers: readonly LookupMatcher[];
  schema: JsonSchema;
  bindings: readonly WidgetBinding[];
  clientId: number;
  /**
   * Drop the fields the form hides for this data (a company of an applicant who chose "individual"):
   * they are neither stored nor used to fill others. A call that saves part of a form keeps all.
   */
  keepShownOnly: boolean;
}

/** Merges field errors, keeping one of each field and message. */
export function mergeErrors(...lists: FieldError[][]): FieldError[] {
  const seen = new Set<string>();
  const result: FieldError[] = [];
  for (const e of lists.flat()) {
    const field = e.field || 'form';
    if (seen.has(`${field}\u0000${e.message}`)) continue;
    seen.add(`${field}\u0000${e.message}`);
    result.push({ field, message: e.message });
  }
  return result;
}

/**
 * Judges `formData`: answers the data to keep (with the server's names and fills), or throws a
 * ValidationError naming every refused field.
 */
export async function judgeFormData(judgement: FormJudgement, formData: Data): Promise<Data> {
  const { db, matchers, schema, bindings, clientId } = judgement;
  // Names first: the form's conditions may read them (only what the form shows is asked of them).
  let named = formData;
  if (judgement.keepShownOnly) {
    named = structuredClone(formData);
    await checkWidgets(db, matchers, bindings, named, clientId);
  }
  const { kept: data, refused } = keptAnswers(schema, formData, schemaMatches, {
    shownOnly: judgement.keepShownOnly,
    shownFor: named,
  });
  const widgetErrors = await checkWidgets(db, matchers, bindings, data, clientId);
  const schemaErrors = validateFormData(schema, data).errors;
  const errors = mergeErrors(refusedBeyondTheSchema(refused, schemaErrors), widgetErrors, schemaErrors);
  if (errors.length > 0) throw new ValidationError(errors);
  return data;
}
