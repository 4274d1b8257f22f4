/**
 * A ui file judged by the schema an editor checks it with (`schemas/ui.schema.json`, made by
 * ui-meta-schema.ts): the loader asks the same schema, so `services:check` and the editor take and
 * refuse the same uiSchema forms (RJSF's `items` as a list for a tuple, `ui:enumNames` as a map,
 * each widget's options at any depth). The loader's own checks add what the schema cannot know: that
 * keys name fields of the form schema, that options name existing fields.
 */
import type { ValidateFunction } from 'ajv';
import { createAjv } from './ajv-setup';
import { pointerOf } from './definition-problems';
import type { JsonSchema } from './definition-types';
import { uiMetaSchema } from './ui-meta-schema';
import { WIDGET_CONTRACTS } from './widget-contracts';
import { CUSTOM_WIDGETS, type CustomWidgetName } from './widget-names';

export interface UiShapeProblem {
  /** JSON pointer into the ui file. */
  pointer: string;
  message: string;
}

/** An error of the schema's branch for one of the engine's widgets: `#/allOf/<widget's index>/then/...`. */
const WIDGET_BRANCH = /^#\/allOf\/(\d+)\/then\//;
/**
 * Errors the loader words itself at the same place (an unknown widget or field names the known ones):
 * left out here so each problem is reported once.
 */
const WORDED_BY_THE_LOADER = /^#\/properties\/ui%3A(widget|field)\/enum$/;

let validator: ValidateFunction | undefined;

/** The options a widget cannot do without (its contract's `required`). */
function neededOptions(widget: CustomWidgetName): string[] {
  const { required } = WIDGET_CONTRACTS[widget].options;
  return Array.isArray(required) ? required.map(String) : [];
}

/** Problems of a ui file (includes resolved) against the ui schema; none when it fits. */
export function uiShapeProblems(ui: unknown): UiShapeProblem[] {
  validator ??= createAjv().compile(uiMetaSchema() as JsonSchema);
  if (validator(ui)) return [];
  const problems: UiShapeProblem[] = [];
  for (const error of validator.errors ?? []) {
    // An `if` only says its `then` failed: the failure itself is its own error.
    if (error.keyword === 'if' || WORDED_BY_THE_LOADER.test(error.schemaPath)) continue;
    const params = error.params as { additionalProperty?: string; missingProperty?: string };
    const branch = WIDGET_BRANCH.exec(error.schemaPath);
    const widget = branch ? CUSTOM_WIDGETS[Number(branch[1])] : undefined;
    if (widget && params.additionalProperty)
      problems.push({
        pointer: `${error.instancePath}${pointerOf(params.additionalProperty)}`,
        message: `unknown option of the ${widget} widget`,
      });
    else if (widget && params.missingProperty === 'ui:options')
      problems.push({
        pointer: `${error.instancePath}${pointerOf('ui:options')}`,
        message: `the ${widget} widget needs options: ${neededOptions(widget).join(', ')}`,
      });
    else if (widget && params.missingProperty)
      problems.push({
        pointer: `${error.instancePath}${pointerOf(params.missingProperty)}`,
        message: `the ${widget} widget needs this option`,
      });
    else problems.push({ pointer: error.instancePath, message: error.message ?? 'is invalid' });
  }
  return problems;
}
