/**
 * Retention classes: how long a service's applications are kept. The classes are declared once, in
 * `services/platform/retention.json` (schemas/retention.schema.json); each service names one in its
 * `service.json` (`retention`), or gets the platform's default. The loader resolves the name into the
 * definition's `retentionPolicy`, so the server's jobs read days, never class names.
 */
import type { RetentionPolicy } from './definition-types';
import { pointerOf, type Report } from './definition-problems';
import { isRecord } from './value-path';

/** Where the classes are declared, relative to `services/`. */
export const RETENTION_FILE = 'platform/retention.json';

/** One class as declared. */
export interface RetentionClass {
  afterDecisionDays: number;
  draftIdleDays: number;
  reason: string;
}

/** The platform's classes and the default class's key. */
export interface RetentionClasses {
  default: string;
  classes: Record<string, RetentionClass>;
}

const DAY_FIELDS = ['afterDecisionDays', 'draftIdleDays'] as const;

/**
 * Checks the platform's retention file (`data`, undefined when there is none) and reports what is
 * wrong with it at its pointer.
 * @returns the classes, or null when there is no file or it is wrong (nothing is then deleted for
 * its age: a mistaken class must not delete early).
 */
export function checkRetentionClasses(data: unknown, report: Report): RetentionClasses | null {
  if (data === undefined) return null;
  const before = { count: 0 };
  const fail: Report = (file, pointer, message) => {
    before.count += 1;
    report(file, pointer, message);
  };
  if (!isRecord(data) || !isRecord(data.classes)) {
    fail(RETENTION_FILE, '', 'must be { "default": <class>, "classes": { <class>: { ... } } }');
    return null;
  }
  const classes: Record<string, RetentionClass> = {};
  for (const [key, value] of Object.entries(data.classes)) {
    const at = (...segments: string[]) => pointerOf('classes', key, ...segments);
    if (!/^[a-z][a-z0-9-]*$/.test(key))
      fail(RETENTION_FILE, at(), `the class name '${key}' must be lower-case letters, digits and '-'`);
    if (!isRecord(value)) {
      fail(RETENTION_FILE, at(), 'must be { "afterDecisionDays": <n>, "draftIdleDays": <n>, "reason": "..." }');
      continue;
    }
    for (const field of DAY_FIELDS) {
      const days = value[field];
      if (typeof days !== 'number' || !Number.isInteger(days) || days < 1)
        fail(RETENTION_FILE, at(field), 'must be a whole number of days, at least 1');
    }
    if (typeof value.reason !== 'string' || value.reason.trim() === '')
      fail(RETENTION_FILE, at('reason'), 'must say why the class keeps applications this long');
    for (const field of Object.keys(value))
      if (![...DAY_FIELDS, 'reason'].includes(field))
        fail(RETENTION_FILE, at(field), `'${field}' is not a field of a retention class`);
    classes[key] = value as unknown as RetentionClass;
  }
  if (Object.keys(classes).length === 0) fail(RETENTION_FILE, '/classes', 'declares no class');
  if (typeof data.default !== 'string' || !(data.default in classes))
    fail(RETENTION_FILE, '/default', `must name one of the classes: ${Object.keys(classes).join(', ')}`);
  return before.count > 0 ? null : { default: data.default as string, classes };
}

/**
 * The retention of a service naming class `named` (or none: the default), or undefined when there
 * are no classes to resolve it with. An unknown class is reported at the service's `/retention`.
 */
export function resolveRetention(
  named: string | undefined,
  classes: RetentionClasses | null,
  serviceFile: string,
  report: Report,
  declared: boolean,
): RetentionPolicy | undefined {
  if (!classes) {
    if (named !== undefined && !declared)
      report(serviceFile, '/retention', `names the retention class '${named}', but ${RETENTION_FILE} is missing`);
    return undefined;
  }
  const key = named ?? classes.default;
  const found = classes.classes[key];
  if (!found) {
    report(
      serviceFile,
      '/retention',
      `unknown retention class '${key}': ${RETENTION_FILE} declares ${Object.keys(classes.classes).join(', ')}`,
    );
    return undefined;
  }
  return { class: key, afterDecisionDays: found.afterDecisionDays, draftIdleDays: found.draftIdleDays };
}
