import { describe, expect, it } from 'vitest';
import type { LifecycleFile, ServiceDefinitionFile } from './definition-types';
import { checkLifecycle } from './lifecycle-check';
import {
  allFactDefaults,
  blockText,
  documentFileName,
  documentPath,
  factValues,
  lifecycleActions,
  transitionFacts,
} from './lifecycle';
import { PLATFORM_LIFECYCLE, testLifecycle } from './test-definition';
import { resolveLifecycle } from './transitions';

/** A lifecycle unlike the audit's: a site inspection booked by staff. */
const inspection: Omit<LifecycleFile, 'includes'> = {
  facts: { inspection_booked: { default: false }, inspection_day: { default: null } },
  statuses: [{ key: 'inspection-booked', id: 40, label: 'Inspection Booked', colour: 'info', next: 'Wait.' }],
  transitions: [
    {
      name: 'book-inspection',
      description: 'books it',
      from: ['submitted', 'under-review'],
      to: 'inspection-booked',
      by: 'staff',
      via: 'action',
      document: {
        description: 'Inspection plan',
        accept: ['pdf'],
        notPdfMessage: 'A PDF, please.',
        download: 'site-visits/plan/{app_id}',
        fileName: 'plan-{app_id}.pdf',
        label: 'Download the plan',
      },
      text: { name: 'day', requiredMessage: 'Give the day.' },
      sets: { inspection_booked: true, inspection_day: '{text}', booked_on: 'booked {today}' },
    },
    { name: 'review', from: ['inspection-booked'], to: 'under-review', by: 'staff', via: 'move' },
  ],
  blocks: [{ when: {}, severity: 'info', title: 'Booked', text: 'On {inspection_day}.', document: 'Inspection plan' }],
};

/** The problems `checkLifecycle` and the resolution report for `own` (with the platform's base). */
function problemsOf(own: Omit<LifecycleFile, 'includes'>, file: Partial<ServiceDefinitionFile> = {}): string[] {
  const problems: string[] = [];
  const report = (_file: string, pointer: string, message: string) => problems.push(`${pointer}: ${message}`);
  const written = { includes: [PLATFORM_LIFECYCLE], ...own };
  const lifecycle = resolveLifecycle(written, 's/service.json', report);
  checkLifecycle({ ...file, lifecycle: written }, lifecycle, 's/service.json', report);
  return problems;
}

describe('lifecycle', () => {
  const resolved = {
    lifecycle: testLifecycle({ ...inspection, facts: { ...inspection.facts, booked_on: { default: null } } }),
  };

  it('answers every fact with its default, and an application its own facts over them', () => {
    const audit = { lifecycle: testLifecycle({ facts: { tor_approval_date: { default: null } } }) };
    expect(allFactDefaults([resolved, audit, {}])).toEqual({
      inspection_booked: false,
      inspection_day: null,
      booked_on: null,
      tor_approval_date: null,
    });
    // A stored fact the service no longer declares is not answered.
    expect(factValues(resolved, { inspection_day: '3 Dec', old: 1 })).toMatchObject({
      inspection_booked: false,
      inspection_day: '3 Dec',
    });
  });

  it("fills a transition's facts, its document's address and a block's text", () => {
    const [action] = lifecycleActions(resolved);
    expect(action).toMatchObject({ name: 'book-inspection', from: [2, 3], to: 40 });
    expect(transitionFacts(action ?? {}, { today: '2026-11-25', text: '3 Dec' })).toEqual({
      inspection_booked: true,
      inspection_day: '3 Dec',
      booked_on: 'booked 2026-11-25',
    });
    // `{text}` alone is the text, or null without one (not the empty text).
    expect(transitionFacts(action ?? {}, { today: '2026-11-25' }).inspection_day).toBeNull();
    const document = action?.document;
    expect(document && documentPath(document, 'EP-2026-000001')).toBe('site-visits/plan/EP-2026-000001');
    expect(document && documentFileName(document, 'EP-2026-000001')).toBe('plan-EP-2026-000001.pdf');
    const [block] = inspection.blocks ?? [];
    expect(block && blockText(block, { inspection_day: '3 Dec' })).toBe('On 3 Dec.');
    // A text naming a fact that is not set is left out rather than shown with a hole.
    expect(block && blockText(block, { inspection_day: null })).toBeNull();
  });

  it('is checked: facts, statuses and documents it names must exist, each row taken by its own', () => {
    expect(problemsOf(inspection)).toEqual([
      "/lifecycle/transitions/0/sets/booked_on: names fact 'booked_on', which lifecycle.facts does not declare",
    ]);
    expect(
      problemsOf(
        {
          ...inspection,
          facts: { ...inspection.facts, booked_on: { default: null } },
          statuses: [
            ...(inspection.statuses ?? []),
            { key: 'approved', id: 60, label: 'x', colour: 'info', next: 'x' },
            { key: 'bare', id: 61 },
          ],
          transitions: [
            ...(inspection.transitions ?? []),
            { name: 'approve', from: ['nowhere'], to: 'approved', by: 'applicant', via: 'move' },
            { name: 'book-again', from: ['submitted'], to: 'inspection-booked', by: 'staff', via: 'move' },
            { name: 'answer', from: ['inspection-booked'], to: 'approved', by: 'applicant', via: 'decision' },
          ],
          blocks: [
            {
              when: { properties: { application_status_id: { const: 40 } } },
              severity: 'info',
              title: 'x',
              text: '{nothing}',
              document: 'Missing',
            },
          ],
        },
        { tasks: [{ save: { path: 'x', record: 'x', transition: 'send' } } as never] },
      ),
    ).toEqual([
      "/lifecycle/statuses/1: status 'approved' is declared twice",
      "/lifecycle/statuses/2: a service's own status needs its label, colour and next",
      "/lifecycle/transitions/2/name: rows named 'approve' must share to, by and via",
      "/lifecycle/transitions/2/from/0: names status 'nowhere', which no lifecycle declares",
      '/lifecycle/decision: a decision is lifecycle.decision (its text) and two transitions via "decision" from the same status: answer true and answer false',
      "/lifecycle/transitions/2/by: a transition via 'move' is taken by staff",
      '/lifecycle/transitions/4/answer: a decision (and only a decision) answers true or false',
      "/lifecycle/transitions/3/to: status 'inspection-booked' is reached by an action (what it carries is needed): a plain move may not reach it",
      "/lifecycle/statuses/2: status 'bare' is reached by no transition from 'submitted': add a row of lifecycle.transitions to it from a status that is reached, or remove it",
      "/lifecycle/blocks/0/document: no action files a document 'Missing'",
      "/lifecycle/blocks/0/text: names fact 'nothing', which lifecycle.facts does not declare",
      "/lifecycle/blocks/0/when: name the status by its key ('status'), not by its id ('application_status_id')",
      '/tasks/0/save/transition: no transition \'send\' via "task" in the lifecycle',
    ]);
  });

  it('refuses an e-mail naming a value it is not written with, or a placeholder written {{name}}', () => {
    const email = (subject: string, paragraphs: string[]) => ({
      subject,
      paragraphs,
      link: 'view' as const,
      linkLabel: 'Open',
    });
    expect(
      problemsOf({
        statuses: [
          {
            key: 'booked',
            id: 40,
            label: 'Booked',
            colour: 'info',
            next: 'Wait.',
            email: email('Booked {app_id}', ['Dear {{name}},', 'On {inspection_day}, {name}.']),
          },
        ],
        transitions: [
          {
            name: 'book',
            from: ['submitted'],
            to: 'booked',
            by: 'staff',
            via: 'move',
            email: email('{service}: booked {app_id} for {applicant}', ['{comment}']),
          },
          { name: 'quiet', from: ['booked'], to: 'under-review', by: 'staff', via: 'move', email: false },
        ],
      }),
    ).toEqual([
      "/lifecycle/statuses/0/email/paragraphs/0: write the placeholder '{{name}}' as {name}",
      "/lifecycle/statuses/0/email/paragraphs/1: an e-mail is written with {app_id}, {service}, {name}, {comment} only, not '{inspection_day}': use one of them or write the text out",
      "/lifecycle/transitions/0/email/subject: an e-mail is written with {app_id}, {service}, {name}, {comment} only, not '{applicant}': use one of them or write the text out",
    ]);
  });

  it("refuses a role or four eyes on an applicant's row, and four eyes naming no transition of the service", () => {
    const own: Omit<LifecycleFile, 'includes'> = {
      statuses: [{ key: 'booked', id: 40, label: 'Booked', colour: 'info', next: 'Wait.' }],
      transitions: [
        { name: 'book', from: ['submitted'], to: 'booked', by: 'staff', via: 'move', role: 'approver' },
        {
          name: 'confirm',
          from: ['booked'],
          to: 'under-review',
          by: 'staff',
          via: 'move',
          separateFrom: ['book', 'propose-approval', 'bok'],
        },
        {
          name: 'withdraw-booking',
          from: ['booked'],
          to: 'submitted',
          by: 'applicant',
          via: 'task',
          role: 'reviewer',
          separateFrom: ['book'],
        },
      ],
    };
    const names = [
      ...new Set(
        resolveLifecycle({ includes: [PLATFORM_LIFECYCLE], ...own }, 's', () => {}).transitions.map((r) => r.name),
      ),
    ];
    expect(problemsOf(own)).toEqual([
      `/lifecycle/transitions/1/separateFrom/2: names transition 'bok', which the service's table does not have: name one of ${names.join(', ')}, or remove it`,
      "/lifecycle/transitions/2/role: only a staff row names the role that takes it: remove 'role'",
      "/lifecycle/transitions/2/separateFrom: only a staff row keeps four eyes: remove 'separateFrom'",
    ]);
  });

  it('reports a wrong placeholder in the e-mails of the included base, at the include', () => {
    const base = structuredClone(PLATFORM_LIFECYCLE);
    const submitted = base.statuses?.find((status) => status.key === 'submitted');
    if (submitted?.email) submitted.email.subject = 'We received {reference}';
    const problems: string[] = [];
    const report = (_file: string, pointer: string, message: string) => problems.push(`${pointer}: ${message}`);
    const written = { includes: [base] };
    checkLifecycle(
      { lifecycle: written },
      resolveLifecycle(written, 's/service.json', report),
      's/service.json',
      report,
    );
    expect(problems).toEqual([
      "/lifecycle/includes: an e-mail is written with {app_id}, {service}, {name}, {comment} only, not '{reference}': use one of them or write the text out",
    ]);
  });

  it("reports a lifecycle that leaves out the platform's base", () => {
    const problems: string[] = [];
    const report = (_file: string, pointer: string, message: string) => problems.push(`${pointer}: ${message}`);
    const lifecycle = resolveLifecycle({ statuses: [] }, 's/service.json', report);
    checkLifecycle({ lifecycle: { statuses: [] } }, lifecycle, 's/service.json', report);
    expect(problems).toEqual([
      "/lifecycle/includes: the lifecycle includes the platform's base: ../platform/lifecycle.json",
    ]);
  });
});
