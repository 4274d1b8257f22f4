/**
 * A two-phase lifecycle unlike the audit's, written into a scaffolded service's JSON the way an
 * analyst edits it (no code): staff book a site inspection (status 40, `inspection-booked`, with the
 * day and the inspection plan as a PDF), the applicant sees the booking and downloads the plan, then
 * sends the signed inspection report (a task), and the application goes back to review. Its rows of
 * the transition table follow the platform's base, which it includes. Used by the API test
 * (tests/api/lifecycle.test.ts) and the browser test (tests/e2e/ninth-service.test.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const INSPECTION = {
  status: 40,
  key: 'inspection-booked',
  label: 'Inspection Booked',
  action: 'book-inspection',
  dayOption: 'day',
  plan: 'Inspection plan',
  planLabel: 'Download the inspection plan',
  download: (appId: string) => `site-visits/plan/${appId}`,
  task: 'Your site inspection is booked',
  taskAction: 'Send the inspection report',
  report: 'Signed inspection report',
  save: 'site-visits/report',
  record: 'inspection_report',
  blockTitle: 'Site inspection booked',
  blockText: (day: string) => `The inspector visits your site on ${day}.`,
} as const;

/** Adds the lifecycle, its task and the task's form to `services/<key>/` under `root`. */
export function addSiteInspection(root: string, key: string): void {
  const folder = join(root, 'services', key);
  const file = join(folder, 'service.json');
  const service = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  service.tasks = [
    {
      key: 'inspection-report',
      title: INSPECTION.task,
      intro: 'After the visit, send the inspection report the inspector signed with you.',
      action: INSPECTION.taskAction,
      when: {
        properties: {
          status: { const: INSPECTION.key },
          inspection_booked: { const: true },
          [INSPECTION.record]: { type: 'null' },
        },
        required: ['status', 'inspection_booked'],
      },
      form: { schema: 'report-schema.json', ui: 'report-ui.json' },
      uploads: [
        {
          name: INSPECTION.report,
          description: 'The report signed by the inspector and you (PDF)',
          accept: ['pdf'],
          required: true,
          requiredMessage: 'Please upload the signed inspection report',
        },
      ],
      save: { path: INSPECTION.save, record: INSPECTION.record, transition: 'send-inspection-report' },
      messages: {
        upload: 'The report could not be uploaded.',
        unavailable: 'Please try again later.',
        refused: 'The report was refused.',
        success: 'Inspection report sent.',
      },
    },
  ];
  service.lifecycle = {
    includes: [{ $ref: '../platform/lifecycle.json' }],
    facts: {
      inspection_booked: { description: 'A site inspection is booked.', default: false },
      inspection_day: { description: 'The day of the inspection.', default: null },
    },
    statuses: [
      {
        key: INSPECTION.key,
        id: INSPECTION.status,
        label: INSPECTION.label,
        colour: 'info',
        next: 'An inspector visits your site on the booked day; send the signed report afterwards.',
      },
    ],
    transitions: [
      { name: 'review', from: [INSPECTION.key], to: 'under-review', by: 'staff', via: 'move' },
      { name: 'return', from: [INSPECTION.key], to: 'returned', by: 'staff', via: 'move' },
      { name: 'reject', from: [INSPECTION.key], to: 'rejected', by: 'staff', via: 'move' },
      {
        name: INSPECTION.action,
        description: 'books the site inspection (status 40) with its day and the inspection plan as a PDF',
        from: ['submitted', 'under-review'],
        to: INSPECTION.key,
        by: 'staff',
        via: 'action',
        comment: 'Your site inspection is booked.',
        document: {
          description: INSPECTION.plan,
          accept: ['pdf'],
          notPdfMessage: 'The inspection plan must be a PDF.',
          download: 'site-visits/plan/{app_id}',
          fileName: 'inspection-plan-{app_id}.pdf',
          label: INSPECTION.planLabel,
          dashboardWhenSet: 'inspection_day',
        },
        text: { name: INSPECTION.dayOption, requiredMessage: 'Give the day of the inspection.' },
        sets: { inspection_booked: true, inspection_day: '{text}' },
      },
      {
        name: 'send-inspection-report',
        description: 'sends the signed inspection report',
        from: [INSPECTION.key],
        to: 'under-review',
        by: 'applicant',
        via: 'task',
        comment: 'Inspection report sent.',
      },
    ],
    blocks: [
      {
        when: { properties: { inspection_booked: { const: true } }, required: ['inspection_booked'] },
        severity: 'info',
        title: INSPECTION.blockTitle,
        text: 'The inspector visits your site on {inspection_day}.',
        document: INSPECTION.plan,
      },
    ],
  };
  writeFileSync(file, `${JSON.stringify(service, null, 2)}\n`);
  writeFileSync(
    join(folder, 'report-schema.json'),
    `${JSON.stringify(
      {
        type: 'object',
        required: ['inspector_name'],
        properties: {
          inspector_name: { type: 'string', title: 'Name of the inspector', minLength: 3, maxLength: 100 },
        },
      },
      null,
      2,
    )}\n`,
  );
  writeFileSync(join(folder, 'report-ui.json'), '{}\n');
}
