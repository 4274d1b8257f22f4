import { describe, expect, it } from 'vitest';
import type { Lifecycle } from './definition-types';
import { checkLifecycle } from './lifecycle-check';
import {
  actionFacts,
  actionReaching,
  allFactDefaults,
  blockText,
  documentFileName,
  documentPath,
  factValues,
} from './lifecycle';

/** A lifecycle unlike the audit's: a site inspection booked by staff. */
const inspection: Lifecycle = {
  facts: { inspection_booked: { default: false }, inspection_day: { default: null } },
  statuses: [{ id: 40, label: 'Inspection Booked', colour: 'info', next: 'Wait.', staffMoves: [3, 9] }],
  actions: [
    {
      name: 'book-inspection',
      description: 'books it',
      to: 40,
      from: [2, 3],
      document: {
        description: 'Inspection plan',
        accept: ['pdf'],
        notPdfMessage: 'A PDF, please.',
        download: 'site-visits/plan/{app_id}',
        fileName: 'plan-{app_id}.pdf',
        label: 'Download the plan',
      },
      text: { name: 'day', requiredMessage: 'Give the day.' },
      sets: { inspection_booked: true, inspection_day: '$text', booked_on: '$today' },
    },
  ],
  blocks: [
    { when: {}, severity: 'info', title: 'Booked', text: 'On {{inspection_day}}.', document: 'Inspection plan' },
  ],
};

describe('lifecycle', () => {
  it('answers every fact with its default, and an application its own facts over them', () => {
    const audit = { lifecycle: { facts: { tor_approval_date: { default: null } } } };
    expect(allFactDefaults([{ lifecycle: inspection }, audit, {}])).toEqual({
      inspection_booked: false,
      inspection_day: null,
      tor_approval_date: null,
    });
    // A stored fact the service no longer declares is not answered.
    expect(factValues({ lifecycle: inspection }, { inspection_day: '3 Dec', old: 1 })).toEqual({
      inspection_booked: false,
      inspection_day: '3 Dec',
    });
  });

  it("fills an action's facts, its document's address and a block's text", () => {
    const action = actionReaching({ lifecycle: inspection }, 40);
    expect(action?.name).toBe('book-inspection');
    expect(actionReaching({ lifecycle: inspection }, 6)).toBeUndefined();
    expect(actionFacts(action ?? {}, { today: '2026-11-25', text: '3 Dec' })).toEqual({
      inspection_booked: true,
      inspection_day: '3 Dec',
      booked_on: '2026-11-25',
    });
    const document = action?.document;
    expect(document && documentPath(document, 'EP-2026-000001')).toBe('site-visits/plan/EP-2026-000001');
    expect(document && documentFileName(document, 'EP-2026-000001')).toBe('plan-EP-2026-000001.pdf');
    const [block] = inspection.blocks ?? [];
    expect(block && blockText(block, { inspection_day: '3 Dec' })).toBe('On 3 Dec.');
    // A text naming a fact that is not set is left out rather than shown with a hole.
    expect(block && blockText(block, { inspection_day: null })).toBeNull();
  });

  it('is checked: facts, statuses and documents it names must exist', () => {
    const problems: string[] = [];
    const report = (_file: string, pointer: string, message: string) => problems.push(`${pointer}: ${message}`);
    checkLifecycle(inspection, 's/service.json', report);
    expect(problems).toEqual([
      "/lifecycle/actions/0/sets/booked_on: names fact 'booked_on', which lifecycle.facts does not declare",
    ]);
    problems.length = 0;
    checkLifecycle(
      {
        ...inspection,
        facts: { ...inspection.facts, booked_on: { default: null } },
        statuses: [{ id: 6, label: 'x', colour: 'info', next: 'x', staffMoves: [77] }],
        blocks: [{ when: {}, severity: 'info', title: 'x', text: '{{nothing}}', document: 'Missing' }],
        decision: { status: 40, text: 'inspection_day', accept: { status: 6, comment: 'ok' }, deny: { status: 3 } },
      },
      's/service.json',
      report,
    );
    expect(problems).toEqual([
      "/lifecycle/statuses/0/id: status 6 is one of the platform's",
      "/lifecycle/statuses/0/staffMoves/0: status 77 is neither the platform's nor in lifecycle.statuses",
      "/lifecycle/actions/0/to: an action reaches one of the service's own statuses (lifecycle.statuses), not 40",
      "/lifecycle/blocks/0/document: no action files a document 'Missing'",
      "/lifecycle/blocks/0/text: names fact 'nothing', which lifecycle.facts does not declare",
      "/lifecycle/decision/status: the decision waits at one of the service's own statuses, not 40",
    ]);
  });
});
