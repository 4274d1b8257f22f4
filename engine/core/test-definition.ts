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

/**
 * A permit form made of sections, as an analyst writes one with JSON alone: sections (objects) with a
 * nested section, a `oneOf` choice with titles, an enum with `ui:enumNames` shown under a condition
 * of its section, rows of objects (an enum with `ui:enumNames` in the rows' ui, a plain enum labelled
 * by its values) and a flat question; the view lists the sections as rows.
 */
export const sectionedFormSchema = {
  type: 'object',
  required: ['applicant', 'site'],
  properties: {
    applicant: {
      type: 'object',
      title: 'Applicant',
      properties: {
        full_name: { type: 'string', title: 'Full name', maxLength: 200 },
        applicant_kind: {
          type: 'string',
          title: 'Kind of applicant',
          oneOf: [
            { const: 'natural-less', title: 'Natural person, fewer than ten staff' },
            { const: 'legal', title: 'Legal person' },
          ],
        },
        contact: {
          type: 'object',
          title: 'Contact',
          properties: {
            email: { type: 'string', title: 'E-mail', maxLength: 200 },
            phone: { type: 'string', title: 'Telephone', maxLength: 30 },
          },
        },
      },
    },
    site: {
      type: 'object',
      title: 'Site',
      properties: {
        district: { type: 'string', title: 'District', maxLength: 100 },
        zone: { type: 'string', title: 'Zone', enum: ['C', 'I', 'R'] },
        protected_area: { type: 'boolean', title: 'Inside a protected area' },
      },
      allOf: [
        {
          if: { properties: { zone: { const: 'C' } }, required: ['zone'] },
          then: { properties: { buffer_metres: { type: 'number', title: 'Distance to the buffer zone (m)' } } },
        },
      ],
    },
    activities: {
      type: 'array',
      title: 'Activities',
      maxItems: 10,
      items: {
        type: 'object',
        properties: {
          activity: { type: 'string', title: 'Activity', enum: ['storage', 'transport'] },
          scale: { type: 'string', title: 'Scale', enum: ['Small', 'Large'] },
          tonnes: { type: 'number', title: 'Tonnes a year' },
        },
      },
    },
    declared: { type: 'boolean', title: 'The answers are true' },
  },
};

export const sectionedUiSchema = {
  'ui:order': ['applicant', 'site', 'activities', '*'],
  applicant: { 'ui:order': ['applicant_kind', '*'], applicant_kind: { 'ui:widget': 'radio' } },
  site: { zone: { 'ui:widget': 'radio', 'ui:enumNames': ['Commercial', 'Industrial', 'Residential'] } },
  activities: { items: { activity: { 'ui:enumNames': ['Storage of waste', 'Transport of waste'] } } },
};

/** The sectioned form's texts in German, as its catalogue (`i18n/de.json`) would give them. */
export const sectionedGerman: Readonly<Record<string, string>> = {
  Applicant: 'Antragsteller',
  'Full name': 'Vollständiger Name',
  'Kind of applicant': 'Art des Antragstellers',
  'Natural person, fewer than ten staff': 'Natürliche Person, weniger als zehn Beschäftigte',
  'Legal person': 'Juristische Person',
  Contact: 'Kontakt',
  'E-mail': 'E-Mail',
  Telephone: 'Telefon',
  Site: 'Standort',
  District: 'Bezirk',
  Zone: 'Zone',
  Commercial: 'Gewerbegebiet',
  Industrial: 'Industriegebiet',
  Residential: 'Wohngebiet',
  'Inside a protected area': 'In einem Schutzgebiet',
  'Distance to the buffer zone (m)': 'Abstand zur Pufferzone (m)',
  Activities: 'Tätigkeiten',
  Activity: 'Tätigkeit',
  'Storage of waste': 'Lagerung von Abfällen',
  'Transport of waste': 'Beförderung von Abfällen',
  Scale: 'Umfang',
  Small: 'Klein',
  Large: 'Groß',
  'Tonnes a year': 'Tonnen im Jahr',
  'The answers are true': 'Die Angaben sind wahr',
  Declaration: 'Erklärung',
};

/** The loaded sectioned definition: the sample service with the permit form of sections. */
export function sectionedTestDefinition(): ServiceDefinition {
  const definition = testDefinition({
    view: {
      record: 'sample',
      rows: [
        { label: 'Applicant', field: 'applicant' },
        { label: 'Site', field: 'site' },
        { label: 'Activities', field: 'activities' },
        { label: 'Declaration', field: 'declared', format: 'yesno' },
      ],
    },
  });
  definition.submit.calls[0]?.flags?.splice(0);
  return {
    ...definition,
    formSchema: structuredClone(sectionedFormSchema),
    uiSchema: structuredClone(sectionedUiSchema),
  };
}
