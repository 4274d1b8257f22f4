// @module-tag dialect-free: no database (task records against the view's rows).
/**
 * Conformance: what an applicant enters in a task after the submission (the audit's firm/expert) is
 * what the application's view then shows. For every service with tasks and every valid fixture of
 * its forms, each field of a task's form, once saved, reads in the view's rows (the portal's view and
 * the server's copy take them from `answeredViewRows`), and an answer of the submission that the
 * task's record supersedes is no longer shown beside it.
 */
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ApplicantTask, ServiceDefinition } from '../../engine/core/definition-types';
import { loadServiceDefinitions } from '../../engine/core/load-definitions';
import { readFixtureFolder } from '../../engine/core/node/read-fixtures';
import { readServiceFiles } from '../../engine/core/node/read-service-files';
import { definedProperties } from '../../engine/core/schema-walk';
import { answeredViewRows } from '../../engine/core/view-rows';
import { selectedServices } from '../selected-services';
import { formsOf } from './service-fixtures';

const root = resolve(__dirname, '../..');
const loaded = loadServiceDefinitions(readServiceFiles(join(root, 'services')).files);
const withTasks = loaded.definitions.filter((definition) => (definition.tasks ?? []).length > 0);
/** The services under test: every one, or those SERVICE_KEYS names (tests/selected-services.ts). */
const tested = selectedServices(loaded.definitions);

/** A task's record with a recognisable text in each field of its form. */
function savedTaskRecord(task: ApplicantTask): Record<string, string> {
  return Object.fromEntries(
    [...definedProperties(task.formSchema).keys()].map((field) => [field, `${task.key} ${field} entered`]),
  );
}

describe('the view shows what applicant tasks saved', () => {
  it('some service has tasks', () => {
    expect(loaded.problems).toEqual([]);
    expect(withTasks.length).toBeGreaterThan(0);
  });

  describe.each(
    withTasks
      .filter((definition) => tested.includes(definition))
      .map((definition): [string, ServiceDefinition] => [definition.key, definition]),
  )('%s', (_key, definition) => {
    const { forms } = formsOf(definition, join(root, 'fixtures'));
    for (const form of forms) {
      it(`${form.name}: every field a task saved reads in the view, and no answer it superseded`, () => {
        const fixtures = readFixtureFolder<Record<string, unknown>>(join(form.fixturesDir, 'valid'));
        expect(fixtures.length).toBeGreaterThan(0);
        for (const [name, data] of fixtures) {
          const records = Object.fromEntries(
            (definition.tasks ?? []).map((task) => [task.save.record, savedTaskRecord(task)]),
          );
          const application = { [form.definition.view.record]: data, ...records };
          const rows = answeredViewRows(form.definition, application, undefined);
          const values = rows.map((row) => row.value);
          for (const record of Object.values(records))
            for (const value of Object.values(record)) expect(values, `${name}: ${value}`).toContain(value);
          // Each label once: a row the task's answer replaced is left out, not shown beside it.
          const labels = rows.map((row) => row.label);
          expect(labels, name).toEqual([...new Set(labels)]);
          const superseded = form.definition.view.rows.filter((row) => row.supersededBy);
          for (const row of superseded)
            expect(
              rows.some((shown) => shown.label === row.label && !shown.value.includes('entered')),
              `${name}: ${row.label}`,
            ).toBe(false);
        }
      });
    }
  });
});
