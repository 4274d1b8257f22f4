/**
 * Errors the form does not show beside a field: RJSF draws an error under the field it belongs to,
 * but some fields draw none (a hidden field filled by a widget, the items of a list a widget edits as
 * a whole). The wizard lists those in its alert, so a form is never refused without saying why. The
 * messages a definition names in `wizard.alerts` are alerts of their own, whether a field shows them or not.
 */
import type { RJSFValidationError } from '@rjsf/utils';
import type { ServiceDefinition } from '../core/definition-types';
import { definedProperties } from '../core/schema-walk';
import { isRecord } from '../core/value-path';

export interface UnshownError {
  /** The error's field path, e.g. `waste_identifications.0.code`. */
  field: string;
  /** The title of the form field it belongs to. */
  label: string;
  message: string;
  /** One of the definition's `wizard.alerts`: shown as an alert of its own, even when its field shows it. */
  alert?: boolean;
}

/** The segments of an RJSF error property (`.a.0.b` or `.a['b c']`). */
function segments(property: string | undefined): string[] {
  return (property ?? '')
    .split(/\.|\[['"]?|['"]?\]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/**
 * The errors among `errors` that no field of `form` shows (RJSF renders a field's errors in the
 * element `<idPrefix>_<path>__error`), labelled by the title of their top-level form field.
 */
export function unshownErrors(
  errors: readonly RJSFValidationError[],
  form: ParentNode | null,
  definition: Pick<ServiceDefinition, 'formSchema' | 'uiSchema'> & { wizard?: { alerts?: string[] } },
  idPrefix = 'root',
): UnshownError[] {
  const properties = definedProperties(definition.formSchema);
  const alerts = new Set(definition.wizard?.alerts ?? []);
  const result: UnshownError[] = [];
  for (const error of errors) {
    const path = segments(error.property);
    const alert = alerts.has(error.message ?? '');
    const shown = form?.querySelector(`[id="${[idPrefix, ...path].join('_')}__error"]`);
    if (!alert && shown && (shown.textContent ?? '').trim() !== '') continue;
    const top = path[0] ?? '';
    const ui = definition.uiSchema[top];
    const uiTitle = isRecord(ui) ? ui['ui:title'] : undefined;
    const title = typeof uiTitle === 'string' ? uiTitle : properties.get(top)?.title;
    result.push({
      field: path.join('.'),
      label: typeof title === 'string' ? title : top,
      message: error.message ?? error.stack,
      ...(alert ? { alert: true } : {}),
    });
  }
  return result;
}
