/**
 * How a form's fixtures are judged: the one place that reads a fixture's data from disk and validates
 * it, so the conformance suite (tests/conformance/) and the analyst studio (server/routes/studio.ts)
 * cannot disagree about a fixture. A fixture is judged as written (its file's form data, or the `data`
 * of an invalid one, untouched) against the English form schema the server judges submissions with.
 */
import { join } from 'node:path';
import type { ServiceDefinition } from '../definition-types';
import { validateFormData, type FieldError } from '../form-validator';
import { fixturesDirOf, readFixtureFolder, type InvalidFixture } from './read-fixtures';

/** What a fixture is: `valid` must pass, `invalid` must be refused with its `expect`. */
export type FixtureKind = 'valid' | 'invalid';

/** The judgement of one fixture file. */
export interface FixtureJudgement {
  kind: FixtureKind;
  /** The file's name in its folder (`bad-id-number.json`). */
  name: string;
  /** The form data judged, as the file gives it. */
  data: Record<string, unknown>;
  /** The errors the form schema gives the data (none when it passes). */
  errors: FieldError[];
  /** The errors the fixture expects: none for a valid one, its `expect` for an invalid one. */
  expected: FieldError[];
  /** Whether the errors are those expected (in any order), and an invalid fixture is refused at all. */
  agrees: boolean;
}

/** Errors in one order, so two lists compare by content. */
export function sortFieldErrors(errors: readonly FieldError[]): FieldError[] {
  return [...errors].sort((a, b) => `${a.field}\u0000${a.message}`.localeCompare(`${b.field}\u0000${b.message}`));
}

const sameErrors = (a: readonly FieldError[], b: readonly FieldError[]) =>
  JSON.stringify(sortFieldErrors(a).map(({ field, message }) => [field, message])) ===
  JSON.stringify(sortFieldErrors(b).map(({ field, message }) => [field, message]));

/**
 * Judges one fixture's form data against `form`'s schema: the suite's and the studio's judgement.
 * @param form the form as loaded (English), not a localized copy: messages are judged in English.
 */
export function judgeFixture(
  form: Pick<ServiceDefinition, 'formSchema'>,
  kind: FixtureKind,
  name: string,
  data: Record<string, unknown>,
  expected: readonly FieldError[] = [],
): FixtureJudgement {
  const { valid, errors } = validateFormData(form.formSchema, data);
  const agrees = kind === 'valid' ? valid : !valid && sameErrors(errors, expected);
  return { kind, name, data, errors, expected: [...expected], agrees };
}

/**
 * Reads every fixture of one form from disk (`fixtures/<key>/` or `fixtures/<key>/<variant>/`, valid
 * ones first, each folder by file name) and judges each with `judgeFixture`.
 */
export function judgeFixtures(
  form: Pick<ServiceDefinition, 'key' | 'variant' | 'formSchema'>,
  fixturesRoot: string,
): FixtureJudgement[] {
  const dir = fixturesDirOf(form, fixturesRoot);
  return [
    ...readFixtureFolder<Record<string, unknown>>(join(dir, 'valid')).map(([name, data]) =>
      judgeFixture(form, 'valid', name, data),
    ),
    ...readFixtureFolder<InvalidFixture>(join(dir, 'invalid')).map(([name, fixture]) =>
      judgeFixture(form, 'invalid', name, fixture.data, fixture.expect),
    ),
  ];
}
