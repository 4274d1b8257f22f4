import platformLifecycle from '../../services/platform/lifecycle.json';
import type { LifecycleFile, ServiceDefinition, SingleFormServiceFile } from './definition-types';
import { PLATFORM_LIFECYCLE_FILE, PLATFORM_LIFECYCLE_REF } from './lifecycle-upgrade';
import { resolveLifecycle } from './transitions';

/**
 * A service.json without tasks (a task's form files are read by the loader, see `testFiles`) and
 * without its lifecycle, which `testFiles` writes and `testDefinition` resolves.
 */
type TasklessFile = Omit<SingleFormServiceFile, 'tasks' | 'lifecycle'>;

/** The platform's base as the loader reads it (`services/platform/lifecycle.json`). */
export const PLATFORM_LIFECYCLE = platformLifecycle as LifecycleFile;

/** A lifecycle that includes the platform's base, as written, with `own` parts of a service's. */
export function testLifecycleFile(own: Omit<LifecycleFile, 'includes'> = {}): LifecycleFile {
  return { includes: [{ $ref: PLATFORM_LIFECYCLE_REF } as LifecycleFile], ...own };
}

/** `lifecycle` (as written, its includes read) resolved as the loader resolves it. */
export function testLifecycle(own: Omit<LifecycleFile, 'includes'> = {}) {
  return resolveLifecycle(
    { includes: [PLATFORM_LIFECYCLE], ...own },
    'sample/service.json',
    (file, pointer, message) => {
      throw new Error(`${file}#${pointer}: ${message}`);
    },
  );
}

/**
 * A small service definition for unit tests: shared by the engine's tests so each tests its
 * module against the same shape a real service has.
 */
export function testDefinitionFile(overrides: Partial<TasklessFile> = {}): TasklessFile {
  return {
    version: 1,
    id: 90,
    key: 'sample',
    title: 'Sample service',
    summary: 'A sample.',
    department: 'Testing',
    routes: { info: '/sample', apply: '/sample-apply', view: '/view-sample' },
    info: { howToApply: [] },
    wizard: { title: 'Apply | Sample' },
    form: { schema: 'schema.json', ui: 'ui.json' },
    documents: { accept: ['pdf'], serviceAttachments: true },
    submit: {
      calls: [
        {
          name: 'save',
          method: 'POST',
          path: 'samples/{applicationId}',
          body: { '...': '$form', client_id: '$context.clientId', service_id: 90, is_submitted: true },
          flags: [{ field: 'mode', values: ['fast', 'slow'] }],
          savesRecord: true,
        },
      ],
    },
    view: { record: 'sample', rows: [{ label: 'Kind', field: 'kind_id' }] },
    ...overrides,
  };
}

export const testFormSchema = {
  type: 'object',
  required: ['kind_id', 'mode'],
  properties: {
    kind_id: { type: 'integer', title: 'Kind' },
    kind_name: { type: 'string', maxLength: 200 },
    mode: {
      type: 'string',
      title: 'Mode',
      oneOf: [
        { const: 'fast', title: 'Fast lane' },
        { const: 'slow', title: 'Slow lane' },
      ],
    },
    done: { type: 'boolean', title: 'Done' },
    when: { type: 'string', format: 'date', title: 'When', formatMinimum: '1900-01-01', formatMaximum: '2100-12-31' },
  },
  allOf: [
    {
      if: { properties: { kind_name: { const: 'Other' } }, required: ['kind_name'] },
      then: {
        properties: { other_kind: { type: 'string', title: 'Other kind', maxLength: 2000 } },
        required: ['other_kind'],
      },
    },
  ],
};

export const testUiSchema = {
  'ui:order': ['mode', '*'],
  kind_id: {
    'ui:widget': 'lookup',
    'ui:options': { source: 'kinds', nameField: 'kind_name', extraOptions: [{ value: 0, label: 'Other' }] },
  },
  kind_name: { 'ui:widget': 'hidden' },
  mode: { 'ui:widget': 'radio' },
  other_kind: { 'ui:title': 'Name of the other kind' },
};

/** The files map of one sample service, as `readServiceFiles` returns it. */
export function testFiles(overrides: Partial<SingleFormServiceFile> = {}): Record<string, unknown> {
  const { tasks, lifecycle, ...rest } = overrides;
  return {
    [PLATFORM_LIFECYCLE_FILE]: structuredClone(platformLifecycle),
    'sample/service.json': {
      ...testDefinitionFile(rest),
      lifecycle: lifecycle ?? testLifecycleFile(),
      ...(tasks ? { tasks } : {}),
    },
    'sample/schema.json': structuredClone(testFormSchema),
    'sample/ui.json': structuredClone(testUiSchema),
  };
}

/** The loaded sample definition (with `overrides` of its service.json). */
export function testDefinition(
  overrides: Partial<TasklessFile> & { lifecycle?: Omit<LifecycleFile, 'includes'> } = {},
): ServiceDefinition {
  const { lifecycle, ...rest } = overrides;
  return {
    ...testDefinitionFile(rest),
    lifecycle: testLifecycle(lifecycle),
    formSchema: structuredClone(testFormSchema),
    uiSchema: structuredClone(testUiSchema),
    callSchemas: {},
  };
}
