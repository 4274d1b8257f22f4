import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServiceDefinition } from '../definition-types';
import type { FieldError } from '../form-validator';

/** A fixture that must be refused, with the errors it must be refused with. */
export interface InvalidFixture {
  data: Record<string, unknown>;
  expect: FieldError[];
}

/** Named fixtures of a folder, sorted by file name. */
export type Fixtures<T> = Array<[string, T]>;

/**
 * The fixtures folder of one form: `fixtures/<key>/` for a service with one form,
 * `fixtures/<key>/<variant>/` for each form of a service with several (fixtures/README.md).
 */
export function fixturesDirOf(form: Pick<ServiceDefinition, 'key' | 'variant'>, fixturesRoot: string): string {
  const variant = form.variant?.key;
  return variant ? join(fixturesRoot, form.key, variant) : join(fixturesRoot, form.key);
}

/** The `*.json` files of a folder, parsed, by name (none when the folder is missing). */
export function readFixtureFolder<T>(dir: string): Fixtures<T> {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f): [string, T] => [f, JSON.parse(readFileSync(join(dir, f), 'utf8')) as T]);
}
