/**
 * Conformance: one suite run over every service definition under services/ and every form of it. A
 * new service folder with fixtures under fixtures/<key>/ is covered without touching this file.
 *
 * Besides the engine's own checks, every fixture goes through the real API (an in-process server on
 * a fresh database with the seeded reference data), the way the wizard sends it: valid fixtures are
 * submitted and read back unchanged, invalid ones are refused with the engine's errors. Per service a
 * snapshot file (__snapshots__/<key>.snap.json) holds the rendered field tree, the submit requests of
 * each valid fixture and the errors of each invalid one.
 */
import { join, resolve } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmSummary } from '../../engine/core/confirm-summary';
import type { ServiceDefinition, SubmitCall } from '../../engine/core/definition-types';
import { schemaMatches, validateFormData, type FieldError } from '../../engine/core/form-validator';
import { loadServiceDefinitions } from '../../engine/core/load-definitions';
import { lookupBindings } from '../../engine/core/lookup-bindings';
import { judgeFixture } from '../../engine/core/node/judge-fixtures';
import { readServiceFiles } from '../../engine/core/node/read-service-files';
import {
  buildSubmitRequests,
  callSchema,
  readField,
  readKey,
  readSubmitBody,
  resolveCallPath,
  withCallDefaults,
  type SubmitRequest,
} from '../../engine/core/payload-mapping';
import { definedProperties, ruleFields } from '../../engine/core/schema-walk';
import { STATUS } from '../../engine/core/status-presentation';
import { valueAt } from '../../engine/core/value-path';
import { detailRows } from '../../engine/core/view-rows';
import { isKnownWidget } from '../../engine/core/widget-names';
import { call } from '../api/helpers';
import { selectedServices } from '../selected-services';
import { readApplication, startApplicant, submitThroughApi, type Applicant } from './api-applicant';
import { fieldTree } from './field-tree';
import {
  fixtureCompanies,
  formsOf,
  invalidFixtures,
  validFixtures,
  withServerCompanies,
  type FormData,
  type FormUnderTest,
} from './service-fixtures';

/**
 * The folder holding services/ and fixtures/: the repository, or another one named by
 * CONFORMANCE_ROOT (a copy with a service scaffolded into it, see scripts/services-new.test.ts).
 */
const root = process.env.CONFORMANCE_ROOT ? resolve(process.env.CONFORMANCE_ROOT) : resolve(__dirname, '../..');
const snapshotsDir = process.env.CONFORMANCE_ROOT
  ? join(root, 'conformance-snapshots')
  : join(__dirname, '__snapshots__');
const read = readServiceFiles(join(root, 'services'));
const loaded = loadServiceDefinitions(read.files);

/** The context of the requests written to the snapshot files (the API run uses its own ids). */
const SNAPSHOT_CONTEXT = { clientId: 5, applicationId: 42 };

function widgetsOf(ui: unknown, path = ''): Array<{ path: string; widget: unknown }> {
  if (typeof ui !== 'object' || ui === null || Array.isArray(ui)) return [];
  const result: Array<{ path: string; widget: unknown }> = [];
  for (const [key, value] of Object.entries(ui)) {
    if (key === 'ui:widget') result.push({ path, widget: value });
    else if (!key.startsWith('ui:')) result.push(...widgetsOf(value, `${path}/${key}`));
  }
  return result;
}

const sortErrors = (errors: readonly FieldError[]): FieldError[] =>
  [...errors].sort((a, b) => `${a.field}${a.message}`.localeCompare(`${b.field}${b.message}`));

const succeeded = (status: number) => status >= 200 && status <= 209;

/**
 * What the record call must have stored for `fixture`: every field the record holds is the fixture's
 * value (or, for a one-hot flag, derived from it), and every fixture field the call sent is held. So
 * a name the server recomputes from an id, a company field it fills from the stored company, or a
 * field it drops all show as a difference from the fixture.
 */
function expectedRecord(call: SubmitCall, request: SubmitRequest, fixture: FormData, record: unknown): FormData {
  const flags = new Map((call.flags ?? []).flatMap((f) => f.values.map((value) => [value, f.field] as const)));
  const templateKeys = new Set(Object.keys(call.body).filter((k) => k !== '...'));
  const expected: FormData = {};
  const held = typeof record === 'object' && record !== null ? Object.keys(record) : [];
  // The server stores the call's defaults for fields left blank or not asked (a representative as N/A).
  const filled = withCallDefaults(call, fixture);
  for (const key of held) {
    const flagField = flags.get(key);
    expected[key] = flagField === undefined ? filled[key] : valueAt(fixture, flagField) === key;
  }
  for (const key of Object.keys(fixture))
    if (key in request.body && !templateKeys.has(key) && !flags.has(key)) expected[key] = fixture[key];
  return expected;
}

/** A fixture file as text sorted by prettier like every other JSON file of the repository. */
async function snapshotText(value: unknown, file: string): Promise<string> {
  return format(JSON.stringify(value), { ...(await resolveConfig(file)), filepath: file });
}

describe('service definitions', () => {
  it('load without problems', () => {
    expect([...read.problems, ...loaded.problems]).toEqual([]);
    expect(loaded.definitions.length).toBeGreaterThan(0);
  });
});

// One test per service: every service, or those SERVICE_KEYS names (tests/selected-services.ts).
describe.each(selectedServices(loaded.definitions).map((d) => [d.key, d] as [string, ServiceDefinition]))(
  'service %s',
  (key, definition) => {
    const { forms, unsupported } = formsOf(definition, join(root, 'fixtures'));

    it('has a form shape the conformance suite knows', () => {
      expect(unsupported, unsupported).toBeUndefined();
      expect(forms.length).toBeGreaterThan(0);
    });

    it('has exactly one record-saving call', () => {
      expect(definition.submit.calls.filter((c) => c.savesRecord)).toHaveLength(1);
    });

    describe.each(forms.map((f) => [f.name, f] as [string, FormUnderTest]))('%s', (formName, form) => {
      const valid = validFixtures(form);
      const invalid = invalidFixtures(form);
      const properties = definedProperties(form.formSchema);
      const bindings = lookupBindings(form.definition);
      const context = { ...SNAPSHOT_CONTEXT, serviceId: definition.id };

      it('has valid and invalid fixtures', () => {
        expect(valid.length).toBeGreaterThan(0);
        expect(invalid.length).toBeGreaterThan(0);
      });

      it('uses only registered widgets', () => {
        for (const { path, widget } of widgetsOf(form.uiSchema))
          expect(isKnownWidget(widget), `${path}: ${String(widget)}`).toBe(true);
      });

      it('reads only existing fields in its rules', () => {
        for (const ref of ruleFields(form.formSchema)) expect(properties.has(ref.field), ref.pointer).toBe(true);
      });

      it('names existing fields as lookup nameFields', () => {
        for (const b of bindings) if (b.nameField) expect(properties.has(b.nameField), b.field).toBe(true);
      });

      // Judged by the engine's one fixture judgement, the one the studio shows (engine/core/node/judge-fixtures.ts).
      it.each(valid)('accepts valid fixture %s', (name, data) => {
        const judgement = judgeFixture(form.definition, 'valid', name, data);
        expect(judgement.errors).toEqual([]);
        expect(judgement.agrees).toBe(true);
      });

      it.each(invalid)('refuses invalid fixture %s with the expected messages', (name, fixture) => {
        const judgement = judgeFixture(form.definition, 'invalid', name, fixture.data, fixture.expect);
        expect(judgement.errors).not.toEqual([]);
        expect(sortErrors(judgement.errors)).toEqual(sortErrors(fixture.expect));
        expect(judgement.agrees).toBe(true);
      });

      it.each(valid)('builds submit bodies from %s that the server reads back and accepts', (_name, data) => {
        for (const request of buildSubmitRequests(form.definition, data, context)) {
          const call = form.definition.submit.calls.find((c) => c.name === request.name);
          expect(call).toBeDefined();
          if (!call) continue;
          // As the server judges a request: read back into form data, then checked by the call's schema.
          const read = readSubmitBody(call, definition.id, request.body);
          expect(read.errors).toEqual([]);
          const against = callSchema(form.definition, call);
          expect(against).toBeDefined();
          if (!against) continue;
          expect(validateFormData(against, read.formData).errors).toEqual([]);
          expect(request.path).not.toMatch(/[{}]/);
        }
      });

      it.each(valid)('summarises %s without raw lookup ids', (_name, data) => {
        const rows = confirmSummary(form, data, { matches: schemaMatches });
        expect(rows.length).toBeGreaterThan(0);
        for (const b of bindings) {
          // Only fields holding one id of an API list (a lookup source, a company); a checklist shows a count
          // until its names are fetched.
          if (b.widget === 'items-checklist' || (!b.source && !b.fill)) continue;
          const row = rows.find((r) => r.field === b.field);
          if (!row) continue;
          expect(row.value, b.field).not.toBe(String(data[b.field]));
        }
        for (const row of rows) expect(row.value).not.toBe('');
      });

      it('presents every question of the form in its read-only view', () => {
        // The view shows the answers once, as text (no disabled form): each field the applicant fills
        // is a view row or table, directly, by the name its lookup stores, or by the server's related
        // record (`plastic_type_id` shown as `plastic_type.name`).
        const shown = new Set([
          ...form.definition.view.rows.flatMap((row) => [row.field, ...(row.fallback ?? [])]),
          ...(form.definition.view.tables ?? []).map((table) => table.field),
        ]);
        const relation = (field: string) => `${field.replace(/_id$/, '')}.`;
        const hidden = (field: string) => {
          const ui = form.uiSchema[field];
          return typeof ui === 'object' && ui !== null && (ui as Record<string, unknown>)['ui:widget'] === 'hidden';
        };
        const missing = [...properties.keys()].filter((field) => {
          if (shown.has(field) || hidden(field)) return false;
          const binding = bindings.find((b) => b.field === field);
          const names = [binding?.nameField, ...Object.keys(binding?.fill ?? {})].filter(Boolean);
          if (names.some((name) => shown.has(name as string))) return false;
          return ![...shown].some((path) => path.startsWith(relation(field)));
        });
        expect(missing).toEqual([]);
      });

      it.each(valid)('shows a detail row per view row for %s', (_name, data) => {
        const rows = detailRows(form.definition, data);
        expect(rows).toHaveLength(form.definition.view.rows.length);
      });

      it('matches its snapshot file (field tree, submit requests, errors)', async () => {
        const file = join(snapshotsDir, formName === 'form' ? `${key}.snap.json` : `${key}.${formName}.snap.json`);
        const snapshot = {
          service: key,
          form: formName,
          fields: fieldTree(form.formSchema, form.uiSchema),
          valid: Object.fromEntries(
            valid.map(([name, data]) => [name, buildSubmitRequests(form.definition, data, context)]),
          ),
          invalid: Object.fromEntries(
            invalid.map(([name, fixture]) => [name, validateFormData(form.formSchema, fixture.data).errors]),
          ),
        };
        await expect(await snapshotText(snapshot, file)).toMatchFileSnapshot(file);
      });

      describe('through the API', () => {
        let applicant: Applicant | undefined;
        const started = (): Applicant => {
          if (!applicant) throw new Error('the applicant was not set up');
          return applicant;
        };
        beforeAll(async () => {
          applicant = await startApplicant(form.definition, fixtureCompanies(form, valid));
        });
        afterAll(async () => applicant?.server.close());

        it.each(valid)('submits %s as the wizard does and stores what it says', async (_name, fixture) => {
          const me = started();
          const data = withServerCompanies(form, fixture, me.companies);
          const run = await submitThroughApi(me, form.definition, data);
          expect(
            run.answers.filter((a) => !succeeded(a.status)),
            'calls the server refused',
          ).toEqual([]);
          expect(run.answers.map((a) => a.name)).toEqual(run.requests.map((r) => r.name));

          const application = await readApplication(me, run.applicationId);
          expect(application.application_status_id).toBe(STATUS.submitted);
          const recordCall = form.definition.submit.calls.find((c) => c.savesRecord);
          const recordRequest = run.requests.find((r) => r.savesRecord);
          expect(recordCall && recordRequest).toBeTruthy();
          if (!recordCall || !recordRequest) return;
          const record = application[form.definition.view.record];
          expect(record).toEqual(expectedRecord(recordCall, recordRequest, data, record));

          // Calls read back (transit rows, waste identification codes) answer the rows they were sent.
          for (const followUp of form.definition.submit.calls.filter((c) => c.read)) {
            const request = run.requests.find((r) => r.name === followUp.name);
            const key = readKey(followUp);
            expect(request && key, followUp.name).toBeTruthy();
            if (!request || !key || !followUp.read) continue;
            const path = resolveCallPath(followUp.read, {
              clientId: me.user.id,
              applicationId: run.applicationId,
              serviceId: definition.id,
            });
            const answer = await call<unknown[]>(me.server.app, 'GET', path, { token: me.user.token });
            expect(answer.status, path).toBe(200);
            const sent = (request.body[key] ?? []) as Array<Record<string, unknown>>;
            expect(answer.body.data).toEqual(sent.map((row) => expect.objectContaining(row)));
            // The application answers the same rows under the call's name.
            const field = readField(followUp);
            if (field)
              expect((application[followUp.name] as Record<string, unknown> | null)?.[field]).toEqual(answer.body.data);
          }
        });

        it.each(invalid)('refuses %s with the errors the engine gives', async (_name, fixture) => {
          const me = started();
          const run = await submitThroughApi(
            me,
            form.definition,
            withServerCompanies(form, fixture.data, me.companies),
          );
          const refused = run.answers.at(-1);
          expect(refused?.status, JSON.stringify(refused?.body)).toBe(422);
          const data = refused?.body.data as { fields?: FieldError[] } | null | undefined;
          expect(sortErrors(data?.fields ?? [])).toEqual(
            // The API names an error of the whole form 'form', where the engine leaves the field empty.
            sortErrors(
              validateFormData(form.formSchema, fixture.data).errors.map((e) => ({ ...e, field: e.field || 'form' })),
            ),
          );
          const application = await readApplication(me, run.applicationId);
          expect(application.application_status_id).toBe(STATUS.draft);
        });
      });
    });
  },
);
