/**
 * The service form's RJSF form, able to re-check its answers (followed-errors.ts). RJSF validates on
 * submit or on every change (`liveValidate`); the second would show every error of the form from the
 * first key, on fields the applicant has not reached yet. Here nothing is re-checked until a
 * validation refused the form (Next), so a fresh form stays quiet; from then on a change re-checks
 * the fields that show an error and a blur judges the field left, each with the form's own
 * validator and error transformer (the ones Next uses).
 *
 * Cost: a text field hands its text to the form when typing pauses or on blur
 * (deferred-input-template.tsx), so a re-check runs per pause, never per key, and only while a field
 * shows an error or when one is left after a refusal. It validates the whole data once (precompiled
 * Ajv: rules between fields, such as an `if` that makes another field required, need the whole data).
 */
import { toErrorSchema, type RJSFValidationError } from '@rjsf/utils';
import { followedErrors, sameErrors, type FieldIds } from './followed-errors';
import { TupleKeepingForm } from './tuple-keeping-form';

/** What a re-check changed: the errors shown before and after it. */
export interface Recheck {
  before: RJSFValidationError[];
  after: RJSFValidationError[];
}

export class RecheckingForm extends TupleKeepingForm {
  /** Whether the last validation refused the form: the errors follow the answers from then on. */
  private refused = false;

  /** How the form names its fields' elements. */
  fieldIds(): FieldIds {
    return { idPrefix: this.props.idPrefix ?? 'root', idSeparator: this.props.idSeparator ?? '_' };
  }

  override validateForm(): boolean {
    const valid = super.validateForm();
    this.refused = !valid;
    return valid;
  }

  /**
   * Re-checks the form's data (including every change queued before) and shows the errors that
   * follow the answer: those of the fields that show one, and those of `judged` (the id of a field
   * just left). Nothing before a validation refused the form. `onChanged` is called once the new
   * errors are drawn, when they differ.
   */
  recheck(judged: string | undefined, onChanged: (recheck: Recheck) => void): void {
    if (!this.refused) return;
    // Nothing shown and nothing judged: nothing to follow (the common case while typing, at no cost).
    if (judged === undefined && this.state.errors.length === 0) return;
    let changed: Recheck | undefined;
    this.setState(
      (prev, props) => {
        changed = undefined;
        if (judged === undefined && prev.errors.length === 0) return null;
        const current = this.validate(prev.formData, prev.schema, prev.schemaUtils, undefined, props);
        const after = followedErrors(prev.errors, current.errors, this.fieldIds(), judged);
        if (sameErrors(after, prev.errors)) return null;
        changed = { before: prev.errors, after };
        const errorSchema = toErrorSchema(after);
        // The schema's errors too: RJSF rebuilds a field's errors from them when a widget clears its own.
        return { errors: after, errorSchema, schemaValidationErrors: after, schemaValidationErrorSchema: errorSchema };
      },
      () => {
        if (changed) onChanged(changed);
      },
    );
  }
}
