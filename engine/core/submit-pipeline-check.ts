/**
 * The checks of one form's submit pipeline (`submit.calls` of service.json): exactly one call saves the
 * record, call names are unique, each call's body reads fields of the form, flags name values of their
 * field, and the record call, which submits the application, comes after every call that sends a field
 * it leaves out and before any other.
 */
import type { SubmitCall } from './definition-types';
import type { FormFilesRead } from './form-files-check';
import type { Report } from './definition-problems';
import { allowedValues } from './allowed-values';
import { fieldsOfCall, submitCallProblems } from './payload-mapping';

/**
 * Reports the problems of `calls` against the form they send (`form`), at pointers made by `at`
 * (below the form's place in service.json).
 */
export function checkSubmitPipeline(
  calls: readonly SubmitCall[],
  form: Pick<FormFilesRead, 'properties' | 'has' | 'notAProperty'>,
  serviceFile: string,
  at: (...segments: Array<string | number>) => string,
  fail: Report,
): void {
  const { properties, has, notAProperty } = form;
  const recordCalls = calls.filter((c) => c.savesRecord === true).length;
  if (recordCalls !== 1)
    fail(serviceFile, at('submit', 'calls'), `exactly one call must have savesRecord (found ${recordCalls})`);
  const callNames = new Set<string>();
  calls.forEach((call, i) => {
    if (callNames.has(call.name))
      fail(serviceFile, at('submit', 'calls', i, 'name'), `duplicate call name '${call.name}'`);
    callNames.add(call.name);
    for (const problem of submitCallProblems(call, has))
      fail(serviceFile, at('submit', 'calls', i, ...problem.path), problem.message);
    (call.flags ?? []).forEach((flag, j) => {
      if (!has(flag.field)) {
        fail(serviceFile, at('submit', 'calls', i, 'flags', j, 'field'), notAProperty(flag.field));
        return;
      }
      const allowed = allowedValues(properties.get(flag.field));
      flag.values.forEach((v, k) => {
        if (allowed && !allowed.includes(v))
          fail(
            serviceFile,
            at('submit', 'calls', i, 'flags', j, 'values', k),
            `'${v}' is not a value of '${flag.field}'`,
          );
      });
    });
  });

  // The record call submits the application, so the fields it leaves out (`omit`) are saved by calls
  // before it: when the application becomes submitted, all of the form is stored and judged.
  const recordIndex = calls.findIndex((c) => c.savesRecord === true);
  const recordCall = calls[recordIndex];
  const formFields = [...properties.keys()];
  (recordCall?.omit ?? []).forEach((field, k) => {
    if (!has(field)) return;
    const sender = calls.findIndex((c, j) => j !== recordIndex && fieldsOfCall(c, formFields).includes(field));
    if (sender < 0)
      fail(
        serviceFile,
        at('submit', 'calls', recordIndex, 'omit', k),
        `no other call of the pipeline sends '${field}'`,
      );
    else if (sender > recordIndex)
      fail(
        serviceFile,
        at('submit', 'calls', sender),
        `call '${calls[sender]?.name ?? ''}' sends '${field}', which the record call leaves out: it must come before the record call, which submits the application`,
      );
  });
  // Nothing follows the record call: a call after it would change a submitted application, and an
  // interruption between the two would leave a submission without that call's part.
  const omitSenders = new Set(
    (recordCall?.omit ?? []).flatMap((field) =>
      calls.filter((c) => c !== recordCall && fieldsOfCall(c, formFields).includes(field)),
    ),
  );
  calls.forEach((call, i) => {
    if (recordIndex < 0 || i <= recordIndex || omitSenders.has(call)) return;
    fail(
      serviceFile,
      at('submit', 'calls', i),
      `call '${call.name}' comes after the record call, which submits the application: it must come before it`,
    );
  });
}
