/**
 * Versions of a service definition. `service.json` carries the version the portal and the server use
 * now; every earlier version is kept under the service folder as it shipped (`versions/<n>.json`, made
 * by `npm run services:version`), so an application submitted under it is still shown and judged by
 * it. A new version that drops or reshapes data stored under the version before it needs a record
 * migration (`migrations/<n>.json`, see record-migrations.ts), which the server applies to the stored
 * applications of that version.
 *
 * This module reads the kept versions and the migrations out of the files map (keys such as
 * `plastics/versions/1.json`, as `readServiceFiles` gives them) and checks them, with the same loader
 * as the current definitions.
 */
import type { ValidateFunction } from 'ajv';
import migrationSchema from '../../schemas/record-migration.schema.json';
import { createAjv } from './ajv-setup';
import type { JsonSchema, ServiceDefinition } from './definition-types';
import { allowedValues } from './allowed-values';
import { pointerSegment, type DefinitionProblem } from './definition-problems';
import { loadServiceDefinitions } from './load-definitions';
import { PLATFORM_LIFECYCLE_FILE } from './lifecycle-upgrade';
import { RETENTION_FILE } from './retention-classes';
import { touchedPointers, type RecordMigration } from './record-migrations';
import { definedProperties } from './schema-walk';
import { formsOf } from './service-forms';
import { isRecord } from './value-path';

/** Folder of a service's kept versions. */
export const VERSIONS_FOLDER = 'versions';
/** Folder of a service's record migrations. */
export const MIGRATIONS_FOLDER = 'migrations';

/**
 * `services/<key>/versions/<n>.json`: one earlier version as it shipped, self-contained: the files of
 * the service folder and of the shared fragments it included, keyed as `readServiceFiles` keys them.
 */
export interface VersionArchive {
  version: number;
  files: Record<string, unknown>;
}

/** The kept versions and migrations of every service, checked. */
export interface ServiceVersions {
  /** Earlier versions, loaded (each a definition like the current ones, with its own `version`). */
  archived: ServiceDefinition[];
  /** Record migrations by service id, ordered by the version they lead to. */
  migrations: Map<number, RecordMigration[]>;
  problems: DefinitionProblem[];
}

const ARCHIVE_FILE = new RegExp(`^([^/]+)/${VERSIONS_FOLDER}/(\\d+)\\.json$`);
const MIGRATION_FILE = new RegExp(`^([^/]+)/${MIGRATIONS_FOLDER}/(\\d+)\\.json$`);

/** True for a key of the files map that is a kept version or a migration, not a file of the definition. */
export function isHistoryFile(key: string): boolean {
  return ARCHIVE_FILE.test(key) || MIGRATION_FILE.test(key);
}

/**
 * The archive of `definition` as it stands in `files`: its folder's files and those of the fragment
 * folders it includes (kept versions and migrations left out).
 */
export function archiveOf(definition: ServiceDefinition, files: Readonly<Record<string, unknown>>): VersionArchive {
  const folders = new Set([definition.key, ...(definition.fragments ?? [])]);
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(files)) {
    if (isHistoryFile(key)) continue;
    const folder = key.split('/')[0] ?? '';
    if (folders.has(folder)) kept[key] = value;
  }
  return { version: definition.version, files: kept };
}

let migrationValidator: ValidateFunction | undefined;

/** Problems of a migration file's shape, with pointers into it. */
function migrationShapeProblems(data: unknown): Array<{ pointer: string; message: string }> {
  migrationValidator ??= createAjv().compile(migrationSchema as JsonSchema);
  if (migrationValidator(data)) return [];
  return (migrationValidator.errors ?? []).map((error) => ({
    pointer: error.instancePath,
    message: error.message ?? 'is invalid',
  }));
}

/** One value of the data a form stores: its JSON types and, for a choice, the values offered. */
export interface ShapeEntry {
  types: string[];
  values?: unknown[];
}

/** The JSON types a property schema allows (`integer` stands for itself; none when it says nothing). */
function typesOf(schema: JsonSchema): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((t): t is string => typeof t === 'string');
  if (isRecord(schema.properties)) return ['object'];
  if (isRecord(schema.items)) return ['array'];
  return [];
}

/**
 * Every value a form schema stores, by JSON pointer into the record (`/quantity`, a list's rows as
 * `/shipments/* /weight`), through its conditional branches, nested objects and lists.
 */
export function dataShape(schema: JsonSchema, at = ''): Map<string, ShapeEntry> {
  const shape = new Map<string, ShapeEntry>();
  const visit = (object: JsonSchema, prefix: string): void => {
    for (const [name, property] of definedProperties(object)) {
      const pointer = `${prefix}/${pointerSegment(name)}`;
      const values = allowedValues(property);
      shape.set(pointer, { types: typesOf(property), ...(values ? { values } : {}) });
      if (isRecord(property.properties) || Array.isArray(property.allOf)) visit(property, pointer);
      if (isRecord(property.items)) {
        const items = property.items as JsonSchema;
        const rowValues = allowedValues(items);
        shape.set(`${pointer}/*`, { types: typesOf(items), ...(rowValues ? { values: rowValues } : {}) });
        if (isRecord(items.properties)) visit(items, `${pointer}/*`);
      }
    }
  };
  visit(schema, at);
  return shape;
}

/** A change of a new version that data stored under the older one does not survive. */
export interface BreakingChange {
  /** The stored record it concerns (`view.record` of a form). */
  record: string;
  /** JSON pointer of the value in that record. */
  pointer: string;
  message: string;
}

/** Whether a value stored as one of `older` types is still one of `newer` (an integer is a number). */
function typesKept(older: readonly string[], newer: readonly string[]): boolean {
  if (older.length === 0 || newer.length === 0) return true;
  return older.every(
    (type) => type === 'null' || newer.includes(type) || (type === 'integer' && newer.includes('number')),
  );
}

/**
 * What data stored under `older` loses under `newer`: a value no longer in the form (removed or
 * renamed), a value whose type changed, a choice no longer offered, a form (variant) or record gone.
 * New fields, new rules and new choices break nothing: stored applications keep their own version.
 */
export function breakingChanges(older: ServiceDefinition, newer: ServiceDefinition): BreakingChange[] {
  const changes: BreakingChange[] = [];
  const newerForms = formsOf(newer);
  for (const form of formsOf(older)) {
    const record = form.view.record;
    const successor = newerForms.find((candidate) => candidate.variant?.key === form.variant?.key);
    if (!successor || successor.view.record !== record) {
      changes.push({ record, pointer: '', message: 'this record is no longer stored by the new version' });
      continue;
    }
    const after = dataShape(successor.formSchema);
    for (const [pointer, entry] of dataShape(form.formSchema)) {
      const now = after.get(pointer);
      if (!now) {
        changes.push({ record, pointer, message: 'is no longer in the form (removed or renamed)' });
        continue;
      }
      if (!typesKept(entry.types, now.types)) {
        changes.push({
          record,
          pointer,
          message: `its type changed from ${entry.types.join(' or ')} to ${now.types.join(' or ')}`,
        });
        continue;
      }
      const dropped = now.values ? (entry.values ?? []).filter((value) => !now.values?.includes(value)) : [];
      if (dropped.length > 0)
        changes.push({
          record,
          pointer,
          message: `no longer offers ${dropped.map((value) => JSON.stringify(value)).join(', ')}`,
        });
    }
  }
  return changes;
}

/** Whether an operation on `touched` accounts for a change at `pointer` (the same value or one around it). */
function covers(touched: string, pointer: string): boolean {
  return pointer === touched || pointer.startsWith(`${touched}/`) || touched === '';
}

/** The breaking changes a migration does not account for (no operation on the value or around it). */
export function uncoveredChanges(changes: readonly BreakingChange[], migration?: RecordMigration): BreakingChange[] {
  return changes.filter((change) => {
    const operations = migration?.records[change.record] ?? [];
    return !operations.some((operation) => touchedPointers(operation).some((t) => covers(t, change.pointer)));
  });
}

/** Files of one service's history in the files map: archive version -> data, migration version -> data. */
function historyOf(files: Readonly<Record<string, unknown>>, key: string) {
  const archives = new Map<number, unknown>();
  const migrations = new Map<number, unknown>();
  for (const [name, value] of Object.entries(files)) {
    const archive = ARCHIVE_FILE.exec(name);
    if (archive?.[1] === key) archives.set(Number(archive[2]), value);
    const migration = MIGRATION_FILE.exec(name);
    if (migration?.[1] === key) migrations.set(Number(migration[2]), value);
  }
  return { archives, migrations };
}

/**
 * Reads and checks the kept versions and migrations of every current definition: each archive loads
 * with the same checks as a current definition and is the version its name says, of the same service;
 * every version below the current one is kept; a migration leads from the version before it to its own
 * and names values the older version stores; and every breaking change between two versions in a row
 * is accounted for by the migration to the later one. History files of a folder without a current
 * definition are problems too.
 */
export function loadServiceVersions(
  files: Readonly<Record<string, unknown>>,
  current: readonly ServiceDefinition[],
): ServiceVersions {
  const problems: DefinitionProblem[] = [];
  const archived: ServiceDefinition[] = [];
  const migrations = new Map<number, RecordMigration[]>();
  const keys = new Set(current.map((definition) => definition.key));
  for (const name of Object.keys(files)) {
    const folder = (ARCHIVE_FILE.exec(name) ?? MIGRATION_FILE.exec(name))?.[1];
    if (folder && !keys.has(folder))
      problems.push({ file: name, pointer: '', message: `'${folder}' has no loaded service.json to be a history of` });
  }

  for (const definition of current) {
    const { key } = definition;
    const { archives, migrations: migrationFiles } = historyOf(files, key);
    const byVersion = new Map<number, ServiceDefinition>([[definition.version, definition]]);
    for (let version = 1; version < definition.version; version++) {
      if (!archives.has(version))
        problems.push({
          file: `${key}/service.json`,
          pointer: '/version',
          message: `version ${version} is not kept: ${key}/${VERSIONS_FOLDER}/${version}.json is missing (npm run services:version makes it before a change)`,
        });
    }
    for (const [version, data] of [...archives].sort(([a], [b]) => a - b)) {
      const file = `${key}/${VERSIONS_FOLDER}/${version}.json`;
      const loaded = loadArchive(data, key, file, problems, files);
      if (!loaded) continue;
      if (loaded.version !== version)
        problems.push({ file, pointer: '/version', message: `holds version ${loaded.version}, not ${version}` });
      else if (version >= definition.version)
        problems.push({
          file,
          pointer: '/version',
          message: `keeps version ${version}, but service.json is at version ${definition.version}: a kept version is an earlier one`,
        });
      else if (loaded.id !== definition.id)
        problems.push({ file, pointer: '/files', message: `is service ${loaded.id}, not ${definition.id}` });
      else {
        const kept = superseded(loaded);
        archived.push(kept);
        byVersion.set(version, kept);
      }
    }

    const ordered: RecordMigration[] = [];
    for (const [version, data] of [...migrationFiles].sort(([a], [b]) => a - b)) {
      const file = `${key}/${MIGRATIONS_FOLDER}/${version}.json`;
      const shape = migrationShapeProblems(data);
      for (const problem of shape) problems.push({ file, ...problem });
      if (shape.length > 0) continue;
      const migration = data as RecordMigration;
      if (migration.to !== version || migration.from !== version - 1) {
        problems.push({ file, pointer: '', message: `must lead from version ${version - 1} to version ${version}` });
        continue;
      }
      if (version > definition.version) {
        problems.push({
          file,
          pointer: '/to',
          message: `leads to version ${version}, but service.json is at version ${definition.version}`,
        });
        continue;
      }
      const older = byVersion.get(version - 1);
      if (older) problems.push(...operationProblems(migration, older, file));
      ordered.push(migration);
    }
    if (ordered.length > 0) migrations.set(definition.id, ordered);

    for (let version = 2; version <= definition.version; version++) {
      const older = byVersion.get(version - 1);
      const newer = byVersion.get(version);
      if (!older || !newer) continue;
      const migration = ordered.find((candidate) => candidate.to === version);
      for (const change of uncoveredChanges(breakingChanges(older, newer), migration))
        problems.push({
          file: version === definition.version ? `${key}/service.json` : `${key}/${VERSIONS_FOLDER}/${version}.json`,
          pointer: '/version',
          message: `version ${version} breaks data stored under version ${version - 1}: ${change.record}${change.pointer} ${change.message}; say what becomes of it in ${key}/${MIGRATIONS_FOLDER}/${version}.json`,
        });
    }
  }
  return { archived, migrations, problems };
}

/** `definition` and each of its forms marked as an earlier version (`superseded`). */
function superseded(definition: ServiceDefinition): ServiceDefinition {
  const mark = (form: ServiceDefinition): ServiceDefinition => ({ ...form, superseded: true });
  const marked = mark(definition);
  return definition.variants
    ? { ...marked, variants: { ...definition.variants, options: definition.variants.options.map(mark) } }
    : marked;
}

/** Loads one archive with the definitions' own loader; its problems are reported inside the archive. */
function loadArchive(
  data: unknown,
  key: string,
  file: string,
  problems: DefinitionProblem[],
  current: Readonly<Record<string, unknown>>,
): ServiceDefinition | null {
  if (!isRecord(data) || !Number.isInteger(data.version) || !isRecord(data.files)) {
    problems.push({
      file,
      pointer: '',
      message: 'must be { "version": <n>, "files": { ... } } as services:version writes it',
    });
    return null;
  }
  // An archive kept before the transition table does not hold the platform's base it now includes.
  // The retention classes are the platform's current ones: an archive names a class, it does not keep one.
  const base = {
    ...(PLATFORM_LIFECYCLE_FILE in data.files ? {} : { [PLATFORM_LIFECYCLE_FILE]: current[PLATFORM_LIFECYCLE_FILE] }),
    ...(RETENTION_FILE in current ? { [RETENTION_FILE]: current[RETENTION_FILE] } : {}),
  };
  const loaded = loadServiceDefinitions({ ...base, ...data.files }, { alone: true });
  for (const problem of loaded.problems)
    problems.push({
      file,
      pointer: `/files/${pointerSegment(problem.file)}${problem.pointer}`,
      message: problem.message,
    });
  const definition = loaded.definitions.find((candidate) => candidate.key === key);
  if (!definition && loaded.problems.length === 0)
    problems.push({ file, pointer: '/files', message: `holds no service.json of '${key}'` });
  return definition ?? null;
}

/** Operations of a migration on records or values the older version does not store. */
function operationProblems(migration: RecordMigration, older: ServiceDefinition, file: string): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const shapes = new Map(formsOf(older).map((form) => [form.view.record, dataShape(form.formSchema)]));
  for (const [record, operations] of Object.entries(migration.records)) {
    const shape = shapes.get(record);
    if (!shape) {
      problems.push({
        file,
        pointer: `/records/${pointerSegment(record)}`,
        message: `version ${migration.from} stores no record '${record}'`,
      });
      continue;
    }
    operations.forEach((operation, i) => {
      if (operation.op === 'add') return;
      const pointer = touchedPointers(operation)[0] ?? '';
      if (!shape.has(pointer))
        problems.push({
          file,
          pointer: `/records/${pointerSegment(record)}/${i}`,
          message: `version ${migration.from} stores no value at '${pointer}'`,
        });
    });
  }
  return problems;
}
