/**
 * The rows a read-back call answers, each row whose id field names an option of a list the server
 * serves (lookup-codes) with the option too: `{ code, waste_identification_id, waste_identification: { id, name } }`.
 */
import { isRecord } from '../../engine/core';
import type { AppContext } from '../context';
import { lookupNames, optionKey, type lookupMatchers } from './lookup-names';
import type { Candidate } from './submit-routes';

/** `rows` of `candidate`'s list `field`, with their options looked up. */
export async function withLookedUpRows(
  db: AppContext['db'],
  matchers: ReturnType<typeof lookupMatchers>,
  candidate: Candidate,
  field: string,
  rows: unknown[],
): Promise<unknown[]> {
  const binding = candidate.bindings.find((b) => b.field === field && b.check === 'lookup-rows');
  if (!binding?.source || !binding.idField) return rows;
  const idField = binding.idField;
  const names = await lookupNames(
    db,
    matchers,
    binding.source,
    rows.map((row) => (isRecord(row) ? row[idField] : null)),
  );
  const nested = optionKey(idField);
  return rows.map((row) =>
    isRecord(row) ? { ...row, [nested]: { id: row[idField], name: names?.get(String(row[idField])) ?? null } } : row,
  );
}
