/**
 * Record migrations: what a new version of a service does to the data stored under the version before
 * it. A migration is JSON under the service folder (`migrations/<to>.json`), a list of operations per
 * stored record, written with JSON pointers as in JSON Patch (RFC 6902). Unlike JSON Patch, an
 * operation on a value the record does not hold does nothing: stored records hold only the fields
 * their applicant's answers showed, so a missing field is ordinary, not an error.
 *
 * A `*` segment stands for every row of a list: `/shipments/* /weight` renames a column in each row.
 * Pure: the server applies it to stored records, `services:check` checks it against the versions.
 */
import { isRecord } from './value-path';

/** One operation on a stored record. */
export type MigrationOperation =
  /** The value at `from` moves to `path` (a renamed field). */
  | { op: 'move'; from: string; path: string }
  /** The value at `path` is dropped (a field the new version no longer asks). */
  | { op: 'remove'; path: string }
  /** `path` gets `value` where the record holds nothing there (a default for a new field). */
  | { op: 'add'; path: string; value: unknown }
  /** The value at `path` is replaced through `values` (old value as JSON text -> new value); others stay. */
  | { op: 'map'; path: string; values: Record<string, unknown> };

/** `services/<key>/migrations/<to>.json`: from version `to - 1` to version `to`. */
export interface RecordMigration {
  $schema?: string;
  from: number;
  to: number;
  /** Why, in a sentence: shown where the migration is applied. */
  description?: string;
  /** Operations per stored record: the record key (`view.record`, or a call's name) -> operations. */
  records: Record<string, MigrationOperation[]>;
}

/** The segments of a JSON pointer (`/a/b~1c` -> `['a', 'b/c']`); `''` is the whole value. */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** A JSON pointer of `segments` (the inverse of `pointerSegments`). */
function toPointer(segments: readonly string[]): string {
  return segments.map((segment) => `/${segment.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** Every value at `segments` (several through `*`). */
function valuesAt(root: unknown, segments: readonly string[]): unknown[] {
  if (segments.length === 0) return [root];
  return parentsOf(root, segments).flatMap(({ parent, key }) => (has(parent, key) ? [get(parent, key)] : []));
}

/** The containers holding the last segment of `segments` (several through `*`), with that segment. */
function parentsOf(root: unknown, segments: readonly string[]): Array<{ parent: unknown; key: string }> {
  if (segments.length === 0) return [];
  let current: unknown[] = [root];
  for (const segment of segments.slice(0, -1)) {
    const next: unknown[] = [];
    for (const value of current) {
      if (segment === '*' && Array.isArray(value)) next.push(...value);
      else if (Array.isArray(value) && /^\d+$/.test(segment)) next.push(value[Number(segment)]);
      else if (isRecord(value) && Object.hasOwn(value, segment)) next.push(value[segment]);
    }
    current = next;
  }
  const last = segments[segments.length - 1] as string;
  return current.filter((parent) => isRecord(parent) || Array.isArray(parent)).map((parent) => ({ parent, key: last }));
}

function has(parent: unknown, key: string): boolean {
  if (Array.isArray(parent)) return /^\d+$/.test(key) && Number(key) < parent.length;
  return isRecord(parent) && Object.hasOwn(parent, key);
}

function get(parent: unknown, key: string): unknown {
  return Array.isArray(parent) ? parent[Number(key)] : (parent as Record<string, unknown>)[key];
}

function set(parent: unknown, key: string, value: unknown): void {
  if (Array.isArray(parent)) parent[Number(key)] = value;
  else (parent as Record<string, unknown>)[key] = value;
}

function remove(parent: unknown, key: string): void {
  if (Array.isArray(parent)) parent.splice(Number(key), 1);
  else delete (parent as Record<string, unknown>)[key];
}

/** Applies one operation to `record` in place. */
function applyOperation(record: Record<string, unknown>, operation: MigrationOperation): void {
  switch (operation.op) {
    case 'move': {
      const from = pointerSegments(operation.from);
      const to = pointerSegments(operation.path);
      // A move within each row of a list: the rows are paired by the `*` segment both pointers share.
      const star = from.indexOf('*');
      if (star >= 0 && to[star] === '*' && to.slice(0, star).join('/') === from.slice(0, star).join('/')) {
        const inRow = {
          op: 'move' as const,
          from: toPointer(from.slice(star + 1)),
          path: toPointer(to.slice(star + 1)),
        };
        for (const list of valuesAt(record, from.slice(0, star)))
          if (Array.isArray(list)) for (const row of list) if (isRecord(row)) applyOperation(row, inRow);
        return;
      }
      for (const { parent, key } of parentsOf(record, from)) {
        if (!has(parent, key)) continue;
        const value = get(parent, key);
        remove(parent, key);
        const [target] = parentsOf(record, to);
        if (target) set(target.parent, target.key, value);
      }
      return;
    }
    case 'remove':
      for (const { parent, key } of parentsOf(record, pointerSegments(operation.path)))
        if (has(parent, key)) remove(parent, key);
      return;
    case 'add':
      for (const { parent, key } of parentsOf(record, pointerSegments(operation.path)))
        if (!has(parent, key) || get(parent, key) === undefined || get(parent, key) === null)
          set(parent, key, structuredClone(operation.value));
      return;
    case 'map':
      for (const { parent, key } of parentsOf(record, pointerSegments(operation.path))) {
        if (!has(parent, key)) continue;
        const old = JSON.stringify(get(parent, key));
        const plain = get(parent, key);
        // The table is keyed by the old value as written in JSON (`"Kg"`), or as plain text (`Kg`).
        if (Object.hasOwn(operation.values, old)) set(parent, key, structuredClone(operation.values[old]));
        else if (typeof plain === 'string' && Object.hasOwn(operation.values, plain))
          set(parent, key, structuredClone(operation.values[plain]));
      }
      return;
  }
}

/**
 * The stored records of one application after `migration`: a copy of `records` (record key -> data)
 * with each record's operations applied in order. Records the migration does not name are unchanged.
 */
export function migrateRecords(
  records: Readonly<Record<string, unknown>>,
  migration: Pick<RecordMigration, 'records'>,
): Record<string, unknown> {
  const result = structuredClone(records) as Record<string, unknown>;
  for (const [key, operations] of Object.entries(migration.records)) {
    const record = result[key];
    if (!isRecord(record)) continue;
    for (const operation of operations) applyOperation(record, operation);
  }
  return result;
}

/** The pointers an operation reads or changes in the older version's data. */
export function touchedPointers(operation: MigrationOperation): string[] {
  return operation.op === 'move' ? [operation.from] : [operation.path];
}
