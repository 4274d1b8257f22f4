/**
 * What the server checks of the values drawn by the engine's widgets (`check` of each widget's
 * contract, engine/core/widget-contracts.ts), one entry per check: lookup ids exist (and are offered),
 * their names are the server's, a company is the caller's own and fills its fields, a country is one
 * of the list, a long text keeps its word limit. The browser's values are replaced where the server
 * knows better. Used by the submit calls and by applicant tasks alike.
 */
import type { Kysely } from 'kysely';
import {
  isCountryName,
  resolveSourcePath,
  type WidgetBinding,
  isRecord,
  setValueAt,
  valueAt,
  type ServerCheck,
  withinWordLimit,
  wordLimitMessage,
} from '../../engine/core';
import type { Database } from '../db/tables';
import { isDbId, type FieldError } from '../http';
import { lookupNames, optionKey, type LookupMatcher } from './lookup-names';

type Data = Record<string, unknown>;

export const BAD_OPTION = 'Choose a valid option.';

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** A sibling of a dotted field: `a.b` + `c` -> `a.c`. */
function sibling(field: string, name: string): string {
  const dot = field.lastIndexOf('.');
  return dot < 0 ? name : `${field.slice(0, dot + 1)}${name}`;
}

/** What a check is given: the binding, its value, the whole form (to fill) and how to find options. */
interface CheckInput {
  binding: WidgetBinding;
  value: unknown;
  formData: Data;
  clientId: number;
  db: Kysely<Database>;
  /** The names of `ids` in the list at `source` (undefined when the server does not serve it). */
  findOptions(source: string, ids: readonly unknown[]): Promise<Map<string, string> | undefined>;
}

type WidgetCheck = (input: CheckInput) => Promise<FieldError[]> | FieldError[];

const ownCompany: WidgetCheck = async ({ binding, value, formData, clientId, db }) => {
  if (isEmpty(value)) return [];
  const company = isDbId(value)
    ? await db
        .selectFrom('companies')
        .selectAll()
        .where('id', '=', Number(value))
        .where('client_id', '=', clientId)
        .executeTakeFirst()
    : undefined;
  if (!company) return [{ field: binding.field, message: 'Choose one of your companies.' }];
  for (const [target, companyField] of Object.entries(binding.fill ?? {}))
    setValueAt(formData, sibling(binding.field, target), (company as unknown as Data)[companyField] ?? null);
  return [];
};

const lookupList: WidgetCheck = async ({ binding, value, formData, findOptions }) => {
  if (!binding.source) return [];
  const namesField = binding.nameField ? sibling(binding.field, binding.nameField) : null;
  const items = [...new Set(Array.isArray(value) ? value : [])];
  const found = await findOptions(binding.source, items);
  const refused = found !== undefined && items.some((item) => !found.has(String(item)));
  const names = found ? items.map((item) => found.get(String(item))).filter((n): n is string => n !== undefined) : [];
  // The names are the server's, from the ids: whatever the browser sent is replaced.
  if (namesField && !refused) setValueAt(formData, namesField, names.length > 0 ? names : undefined);
  return refused ? [{ field: binding.field, message: BAD_OPTION }] : [];
};

const lookup: WidgetCheck = async ({ binding, value, formData, findOptions }) => {
  if (!binding.source) return [];
  const nameField = binding.nameField ? sibling(binding.field, binding.nameField) : null;
  if (isEmpty(value)) {
    // No choice, no name: a name sent without an id is dropped.
    if (nameField) setValueAt(formData, nameField, null);
    return [];
  }
  const extra = binding.extraOptions?.find((o) => String(o.value) === String(value));
  let name: string | null | undefined = extra?.label;
  if (!extra) {
    const found = await findOptions(binding.source, [value]);
    name = found ? (found.get(String(value)) ?? null) : undefined;
    if (name === null || (name !== undefined && binding.exclude?.includes(name)))
      return [{ field: binding.field, message: BAD_OPTION }];
  }
  if (nameField && name !== undefined) setValueAt(formData, nameField, name);
  return [];
};

const country: WidgetCheck = ({ binding, value }) =>
  !isEmpty(value) && !isCountryName(value) ? [{ field: binding.field, message: BAD_OPTION }] : [];

const wordLimit: WidgetCheck = ({ binding, value }) =>
  typeof value === 'string' && !withinWordLimit(value, binding.maxWords ?? Infinity, binding.maxChars)
    ? [{ field: binding.field, message: wordLimitMessage(binding.maxWords ?? 0) }]
    : [];

const lookupRows: WidgetCheck = async ({ binding, value, formData, findOptions }) => {
  if (!binding.source || !binding.idField || !Array.isArray(value)) return [];
  const idField = binding.idField;
  const ids = value.map((row) => (isRecord(row) ? row[idField] : undefined));
  const found = await findOptions(binding.source, ids);
  if (found === undefined) return [];
  if (ids.some((rowId) => !found.has(String(rowId)))) return [{ field: binding.field, message: BAD_OPTION }];
  // Each row is stored with its option as the server names it (what the read-back answers too),
  // so the record shows `waste_identification.name`; whatever the browser sent there is replaced.
  const option = optionKey(idField);
  setValueAt(
    formData,
    binding.field,
    value.map((row) =>
      isRecord(row) ? { ...row, [option]: { id: row[idField], name: found.get(String(row[idField])) ?? null } } : row,
    ),
  );
  return [];
};

/** The check of each kind a widget contract names ('schema': the form's schema says it all). */
export const WIDGET_CHECKS: Readonly<Record<ServerCheck, WidgetCheck>> = {
  'own-company': ownCompany,
  'lookup-list': lookupList,
  lookup,
  country,
  'word-limit': wordLimit,
  'lookup-rows': lookupRows,
  schema: () => [],
};

/**
 * Runs the checks of every widget of a form over `formData`, filling in what the server knows
 * (names, a company's fields) in place; answers the refusals as field errors.
 */
export async function checkWidgets(
  db: Kysely<Database>,
  matchers: readonly LookupMatcher[],
  bindings: readonly WidgetBinding[],
  formData: Data,
  clientId: number,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const binding of bindings) {
    const findOptions = (source: string, ids: readonly unknown[]) =>
      lookupNames(db, matchers, resolveSourcePath(source, formData, { clientId }), ids, binding.only);
    errors.push(
      ...(await WIDGET_CHECKS[binding.check]({
        binding,
        value: valueAt(formData, binding.field),
        formData,
        clientId,
        db,
        findOptions,
      })),
    );
  }
  return errors;
}
