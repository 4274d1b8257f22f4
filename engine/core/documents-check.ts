/**
 * The checks of a form's documents step (`documents` of service.json): each conditional upload's `when`
 * and each condition of `mandatoryWhen` compiles and reads fields of the form.
 */
import type { DocumentsStep, JsonSchema } from './definition-types';
import { pointerOf, type Report } from './definition-problems';
import { compileSchema } from './form-validator';
import { conditionFields } from './schema-walk';

/** Reports the problems of `documents`, written at `documentsAt` of service.json, against the form's `properties`. */
export function checkConditionalUploads(
  documents: DocumentsStep,
  documentsAt: ReadonlyArray<string | number>,
  properties: ReadonlyMap<string, unknown>,
  serviceFile: string,
  fail: Report,
): void {
  const checkCondition = (condition: JsonSchema, where: string) => {
    try {
      compileSchema(condition);
    } catch (error) {
      fail(serviceFile, where, `condition does not compile: ${(error as Error).message}`);
    }
    for (const ref of conditionFields(condition, where)) {
      if (!properties.has(ref.field))
        fail(serviceFile, ref.pointer, `condition reads '${ref.field}', which is not a property of the form`);
    }
  };
  (documents.extra ?? []).forEach((extra, i) => {
    if (extra.when) checkCondition(extra.when, pointerOf(...documentsAt, 'extra', i, 'when'));
  });
  for (const [name, condition] of Object.entries(documents.mandatoryWhen ?? {}))
    checkCondition(condition, pointerOf(...documentsAt, 'mandatoryWhen', name));
}
