/**
 * A lifecycle of two chained stages, written into a scaffolded service's JSON the way an analyst
 * edits it (no code): staff first review the application's completeness (`completeness-confirmed`,
 * stage one, from `submitted`), then review it technically (`technical-review`, stage two, reachable
 * only from stage one), and decide from there (approved or rejected, the platform's rows from
 * `submitted` kept too), or offer conditions (a staff action with their text) that the applicant
 * accepts (`conditions-accepted`, reached only through the decision) or denies with a reason. Statuses
 * reached only from others of the service's own: the walk of tests/api/status-reach.test.ts must
 * reach each along its path, through each door, as the product does.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const TWO_STAGES = {
  first: { key: 'completeness-confirmed', id: 51, label: 'Complete' },
  second: { key: 'technical-review', id: 52, label: 'Technical Review' },
  /** Conditions offered from stage two (a staff action with a text), the applicant answering them. */
  offered: { key: 'conditions-offered', id: 53, label: 'Conditions Offered' },
  accepted: { key: 'conditions-accepted', id: 54, label: 'Conditions Accepted' },
} as const;

/** The `lifecycle` of the two stages, as service.json holds it. */
export function twoStageLifecycle(): Record<string, unknown> {
  const { first, second, offered, accepted } = TWO_STAGES;
  return {
    includes: [{ $ref: '../platform/lifecycle.json' }],
    facts: { offered_conditions: { description: 'The conditions offered to the applicant.', default: null } },
    decision: { text: 'offered_conditions' },
    statuses: [
      { key: first.key, id: first.id, label: first.label, colour: 'info', next: 'The technical review follows.' },
      { key: second.key, id: second.id, label: second.label, colour: 'info', next: 'The authority decides.' },
      { key: offered.key, id: offered.id, label: offered.label, colour: 'warning', next: 'Accept or deny them.' },
      { key: accepted.key, id: accepted.id, label: accepted.label, colour: 'info', next: 'The authority decides.' },
    ],
    transitions: [
      {
        name: 'confirm-completeness',
        description: 'confirms the application is complete (stage one)',
        from: ['submitted'],
        to: first.key,
        by: 'staff',
        via: 'move',
      },
      {
        name: 'start-technical-review',
        description: 'takes a complete application up for its technical review (stage two)',
        from: [first.key],
        to: second.key,
        by: 'staff',
        via: 'move',
      },
      { name: 'return', from: [first.key], to: 'returned', by: 'staff', via: 'move' },
      {
        name: 'offer-conditions',
        description: 'offers the approval on conditions, which the applicant answers',
        from: [second.key],
        to: offered.key,
        by: 'staff',
        via: 'action',
        text: { name: 'conditions', requiredMessage: 'Give the conditions.' },
        sets: { offered_conditions: '{text}' },
      },
      {
        name: 'accept-conditions',
        from: [offered.key],
        to: accepted.key,
        by: 'applicant',
        via: 'decision',
        answer: true,
      },
      {
        name: 'deny-conditions',
        from: [offered.key],
        to: second.key,
        by: 'applicant',
        via: 'decision',
        answer: false,
        reason: { field: 'applicant_reject_comment', requiredMessage: 'Please provide a reason for rejection.' },
      },
      { name: 'approve', from: [second.key, accepted.key], to: 'approved', by: 'staff', via: 'move' },
      { name: 'reject', from: [first.key, second.key, accepted.key], to: 'rejected', by: 'staff', via: 'move' },
    ],
  };
}

/** Writes the two-stage lifecycle into `services/<key>/service.json` under `root`. */
export function addTwoStageReview(root: string, key: string): void {
  const file = join(root, 'services', key, 'service.json');
  const service = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  service.lifecycle = twoStageLifecycle();
  writeFileSync(file, `${JSON.stringify(service, null, 2)}\n`);
}
