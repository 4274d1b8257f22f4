/**
 * What the conformance suite runs per service: its forms and their fixtures (fixtures/<key>/valid and
 * invalid), and the applicant's companies the fixtures name (see fixtures/README.md).
 */
import { join } from 'node:path';
import type { JsonSchema, ServiceDefinition, UiSchema } from '../../engine/core/definition-types';
import {
  fixturesDirOf,
  readFixtureFolder,
  type Fixtures,
  type InvalidFixture,
} from '../../engine/core/node/read-fixtures';
import { lookupBindings } from '../../engine/core/lookup-bindings';
import { formsOf as engineFormsOf } from '../../engine/core/service-forms';
import { setValueAt, valueAt } from '../../engine/core/value-path';

export type FormData = Record<string, unknown>;
export type { Fixtures, InvalidFixture };

/**
 * One form of a service as the suite tests it: the definition as the wizard uses it for this form,
 * and the folder of the form's fixtures.
 */
export interface FormUnderTest {
  /** `form` for a service with one form; a variant's own name otherwise. */
  name: string;
  definition: ServiceDefinition;
  formSchema: JsonSchema;
  uiSchema: UiSchema;
  fixturesDir: string;
}

/** Keys of a form (`service.json#/form` or a variant's) the suite knows: `{ schema, ui }`. */
const ONE_FORM_KEYS = ['schema', 'ui'];

/**
 * The forms of a service, one entry per form the applicant can fill: the service's one form (named
 * `form`, fixtures in fixtures/<key>/), or each variant (named by its key, e.g. the licences' `basel`
 * and `rotterdam`, fixtures in fixtures/<key>/<variant>/), each with its own schema, uiSchema, submit
 * calls and view (engine `formsOf`); every check and the snapshot file then run per entry. A form
 * shape the suite does not know is reported as `unsupported` and fails one named test rather than
 * being tested as something it is not.
 */
export function formsOf(
  definition: ServiceDefinition,
  fixturesRoot: string,
): { forms: FormUnderTest[]; unsupported?: string } {
  const forms: FormUnderTest[] = [];
  for (const form of engineFormsOf(definition)) {
    const unknown = Object.keys(form.form).filter((key) => !ONE_FORM_KEYS.includes(key));
    if (unknown.length > 0) {
      return {
        forms: [],
        unsupported: `form keys ${unknown.join(', ')} are not known to the conformance suite: add the shape to formsOf (tests/conformance/service-fixtures.ts)`,
      };
    }
    const variant = form.variant?.key;
    forms.push({
      name: variant ?? 'form',
      definition: form,
      formSchema: form.formSchema,
      uiSchema: form.uiSchema,
      fixturesDir: fixturesDirOf(form, fixturesRoot),
    });
  }
  return { forms };
}

export const validFixtures = (form: FormUnderTest): Fixtures<FormData> =>
  readFixtureFolder(join(form.fixturesDir, 'valid'));
export const invalidFixtures = (form: FormUnderTest): Fixtures<InvalidFixture> =>
  readFixtureFolder(join(form.fixturesDir, 'invalid'));

/** A company of the applicant as the fixtures describe it: the company fields the picker copies. */
export interface FixtureCompany {
  /** The number the fixtures give it (local to the service's fixtures). */
  id: number;
  /** Company fields (`name`, `tin`, `telephone`, ...) read back from the picker's `fill`. */
  fields: Record<string, unknown>;
  /** Fixture that described it first, for messages. */
  from: string;
}

/**
 * The applicant's companies the valid fixtures name in their company-picker fields. A company's
 * fields are the values the fixtures give the form fields the picker fills (`fill` of ui.json: form
 * field <- company field), so the company the suite creates is the one the fixture describes, and the
 * server, which fills those form fields from the stored company, must store what the fixture says.
 * @throws Error when two fixtures describe one company differently.
 */
export function fixtureCompanies(form: FormUnderTest, valid: Fixtures<FormData>): FixtureCompany[] {
  const pickers = lookupBindings(form.definition).filter((b) => b.widget === 'company-picker');
  const companies = new Map<number, FixtureCompany>();
  for (const [name, data] of valid) {
    for (const picker of pickers) {
      const id = valueAt(data, picker.field);
      if (typeof id !== 'number') continue;
      const fields: Record<string, unknown> = {};
      for (const [formField, companyField] of Object.entries(picker.fill ?? {})) {
        const value = valueAt(data, siblingPath(picker.field, formField));
        if (value !== undefined) fields[companyField] = value;
      }
      const known = companies.get(id);
      if (!known) companies.set(id, { id, fields, from: name });
      else if (JSON.stringify(sortedKeys(known.fields)) !== JSON.stringify(sortedKeys(fields)))
        throw new Error(
          `${name} and ${known.from} describe company ${id} differently: ${JSON.stringify(fields)} and ${JSON.stringify(known.fields)}`,
        );
    }
  }
  return [...companies.values()].sort((a, b) => a.id - b.id);
}

const sortedKeys = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));

/** A sibling of a dotted field: `a.b` + `c` -> `a.c` (how the server places picker fills). */
function siblingPath(field: string, name: string): string {
  const dot = field.lastIndexOf('.');
  return dot < 0 ? name : `${field.slice(0, dot + 1)}${name}`;
}

/**
 * The fixture with each company-picker value replaced by the server's id of that company.
 * @throws Error when a fixture names a company no valid fixture describes.
 */
export function withServerCompanies(form: FormUnderTest, data: FormData, ids: ReadonlyMap<number, number>): FormData {
  const copy = structuredClone(data);
  for (const picker of lookupBindings(form.definition).filter((b) => b.widget === 'company-picker')) {
    const id = valueAt(copy, picker.field);
    if (typeof id !== 'number') continue;
    const serverId = ids.get(id);
    if (serverId === undefined)
      throw new Error(`names company ${id}, which no valid fixture of the service describes (see fixtures/README.md)`);
    setValueAt(copy, picker.field, serverId);
  }
  return copy;
}
