import { describe, expect, it } from 'vitest';
import { loadServiceDefinitions } from './load-definitions';
import { archiveOf, breakingChanges, dataShape, loadServiceVersions, uncoveredChanges } from './definition-versions';
import { testDefinition, testFiles, testFormSchema } from './test-definition';
import type { ServiceDefinition } from './definition-types';

/** The sample service at version 2 with a changed form schema, and version 1 kept as it was. */
function filesWithVersions(schema: Record<string, unknown>, migration?: unknown): Record<string, unknown> {
  const first = testFiles();
  const { definitions } = loadServiceDefinitions(first);
  const archive = archiveOf(definitions[0] as ServiceDefinition, first);
  const files: Record<string, unknown> = {
    ...testFiles({ version: 2 }),
    'sample/schema.json': schema,
    'sample/versions/1.json': archive,
  };
  if (migration) files['sample/migrations/2.json'] = migration;
  return files;
}

function load(files: Record<string, unknown>) {
  const current = loadServiceDefinitions(files);
  expect(current.problems).toEqual([]);
  return loadServiceVersions(files, current.definitions);
}

const renamed = (() => {
  const schema = structuredClone(testFormSchema) as { properties: Record<string, unknown> };
  schema.properties.finished = schema.properties.done;
  delete schema.properties.done;
  return schema;
})();

describe('dataShape', () => {
  it('lists stored values by pointer with their types and choices, through branches and list rows', () => {
    const shape = dataShape({
      ...testFormSchema,
      properties: {
        ...testFormSchema.properties,
        rows: { type: 'array', items: { type: 'object', properties: { code: { type: 'string', enum: ['A', 'B'] } } } },
      },
    });
    expect(shape.get('/mode')).toEqual({ types: ['string'], values: ['fast', 'slow'] });
    expect(shape.get('/other_kind')).toEqual({ types: ['string'] });
    expect(shape.get('/rows/*/code')).toEqual({ types: ['string'], values: ['A', 'B'] });
  });
});

describe('breakingChanges', () => {
  const older = testDefinition();
  it('finds removed or renamed values, changed types and choices no longer offered', () => {
    const schema = structuredClone(testFormSchema) as { properties: Record<string, Record<string, unknown>> };
    delete schema.properties.done;
    schema.properties.kind_id = { type: 'string', title: 'Kind' };
    schema.properties.mode = { type: 'string', oneOf: [{ const: 'fast' }] };
    const changes = breakingChanges(older, { ...testDefinition({ version: 2 }), formSchema: schema });
    expect(changes.map((c) => `${c.record}${c.pointer} ${c.message}`)).toEqual([
      'sample/kind_id its type changed from integer to string',
      'sample/mode no longer offers "slow"',
      'sample/done is no longer in the form (removed or renamed)',
    ]);
  });

  it('finds nothing breaking in new fields, new rules, widened types or new choices', () => {
    const schema = structuredClone(testFormSchema) as {
      required: string[];
      properties: Record<string, Record<string, unknown>>;
    };
    schema.properties.extra = { type: 'string' };
    schema.required.push('extra');
    schema.properties.kind_id = { type: 'number' };
    schema.properties.mode = { type: 'string', enum: ['fast', 'slow', 'express'] };
    expect(breakingChanges(older, { ...testDefinition({ version: 2 }), formSchema: schema })).toEqual([]);
  });

  it('counts a migration operation on the value, or around it, as accounting for a change', () => {
    const changes = breakingChanges(older, { ...testDefinition({ version: 2 }), formSchema: renamed });
    expect(uncoveredChanges(changes)).toHaveLength(1);
    const migration = {
      from: 1,
      to: 2,
      records: { sample: [{ op: 'move' as const, from: '/done', path: '/finished' }] },
    };
    expect(uncoveredChanges(changes, migration)).toEqual([]);
  });
});

describe('loadServiceVersions', () => {
  it('loads the kept version and the migration of a service', () => {
    const versions = load(
      filesWithVersions(renamed, {
        from: 1,
        to: 2,
        records: { sample: [{ op: 'move', from: '/done', path: '/finished' }] },
      }),
    );
    expect(versions.problems).toEqual([]);
    expect(versions.archived.map((d) => [d.key, d.version])).toEqual([['sample', 1]]);
    expect(versions.archived[0]?.formSchema).toEqual(testFormSchema);
    expect(versions.migrations.get(90)?.map((m) => m.to)).toEqual([2]);
  });

  it('asks for a migration when a version breaks stored data', () => {
    const versions = load(filesWithVersions(renamed));
    expect(versions.problems).toEqual([
      {
        file: 'sample/service.json',
        pointer: '/version',
        message:
          'version 2 breaks data stored under version 1: sample/done is no longer in the form (removed or renamed); say what becomes of it in sample/migrations/2.json',
      },
    ]);
  });

  it('reports a missing kept version, a migration of the wrong shape or versions, and unknown values', () => {
    const files = filesWithVersions(renamed, {
      from: 1,
      to: 2,
      records: { sample: [{ op: 'rename', path: '/done' }] },
    });
    delete files['sample/versions/1.json'];
    const problems = load(files).problems.map((p) => `${p.file}#${p.pointer}`);
    expect(problems).toContain('sample/service.json#/version');
    expect(problems).toContain('sample/migrations/2.json#/records/sample/0');

    const wrong = filesWithVersions(renamed, {
      from: 1,
      to: 2,
      records: { sample: [{ op: 'remove', path: '/nothing' }] },
    });
    wrong['sample/migrations/3.json'] = { from: 1, to: 3, records: { sample: [{ op: 'remove', path: '/done' }] } };
    const messages = load(wrong).problems.map((p) => `${p.file}#${p.pointer}: ${p.message}`);
    expect(messages).toContain("sample/migrations/2.json#/records/sample/0: version 1 stores no value at '/nothing'");
    expect(messages).toContain('sample/migrations/3.json#: must lead from version 2 to version 3');
  });

  it('reports an archive that is not an earlier version of the same service, or that does not load', () => {
    const files = filesWithVersions(testFormSchema);
    files['sample/versions/2.json'] = { ...(files['sample/versions/1.json'] as object), version: 2 };
    files['sample/versions/3.json'] = { version: 3, files: { 'sample/service.json': { version: 3 } } };
    files['other/versions/1.json'] = files['sample/versions/1.json'];
    const messages = load(files).problems.map((p) => `${p.file}#${p.pointer}: ${p.message}`);
    expect(messages).toContain('sample/versions/2.json#/version: holds version 1, not 2');
    expect(messages.some((m) => m.startsWith('sample/versions/3.json#/files/sample~1service.json'))).toBe(true);
    expect(messages).toContain("other/versions/1.json#: 'other' has no loaded service.json to be a history of");
  });
});
