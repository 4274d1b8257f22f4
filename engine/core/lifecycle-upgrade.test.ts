import { describe, expect, it } from 'vitest';
import { loadServiceDefinitions } from './load-definitions';
import { needsLifecycleUpgrade, PLATFORM_LIFECYCLE_FILE, upgradeLifecycle } from './lifecycle-upgrade';
import { loadServiceVersions } from './definition-versions';
import { PLATFORM_LIFECYCLE, testFiles } from './test-definition';
import { statusEmail } from './status-emails';
import { STATUS } from './status-presentation';
import { transitionGraph } from './transitions';

/** A service's lifecycle as it was written before the transition table (the audit's shape). */
const before = {
  tasks: [
    {
      key: 'report',
      when: {
        properties: { application_status_id: { const: 40 }, booked: { const: true } },
        required: ['application_status_id', 'booked'],
      },
      save: { path: 'sample/report', record: 'sample_report', status: 3, comment: 'Report sent.' },
    },
  ],
  workQueues: { queues: [{ key: 'waiting', when: { properties: { application_status_id: { enum: [2, 40] } } } }] },
  lifecycle: {
    facts: { booked: { default: false }, day: { default: null }, booked_on: { default: null } },
    statuses: [
      {
        id: 40,
        label: 'Inspection Booked',
        colour: 'info',
        next: 'Wait.',
        staffMoves: [3, 9],
        email: { subject: 'Booked {{app_id}}', paragraphs: ['Dear {{name}},'], link: 'view', linkLabel: 'Open' },
      },
    ],
    actions: [
      {
        name: 'book',
        description: 'books it',
        to: 40,
        from: [2, 3],
        text: { name: 'day', requiredMessage: 'Give the day.' },
        sets: { booked: true, day: '$text', booked_on: '$today' },
      },
    ],
    blocks: [
      {
        when: { properties: { application_status_id: { not: { const: 40 } } } },
        severity: 'info',
        title: 'x',
        text: 'On {{day}}.',
      },
    ],
    decision: { status: 40, text: 'day', accept: { status: 6, comment: 'Accepted.' }, deny: { status: 3 } },
  },
};

describe('a service file written before the transition table', () => {
  const upgraded = upgradeLifecycle(before) as typeof before & Record<string, never>;

  it('is written as rows of the table, statuses by key, the platform included, {name} placeholders', () => {
    expect(needsLifecycleUpgrade(before)).toBe(true);
    expect(needsLifecycleUpgrade(upgraded)).toBe(false);
    expect(upgradeLifecycle(upgraded)).toBe(upgraded);
    expect(upgraded.lifecycle).toMatchObject({
      includes: [{ $ref: '../platform/lifecycle.json' }],
      statuses: [
        {
          key: 'inspection-booked',
          id: 40,
          email: { subject: 'Booked {app_id}', paragraphs: ['Dear {name},'] },
        },
      ],
      transitions: [
        { name: 'review', from: ['inspection-booked'], to: 'under-review', by: 'staff', via: 'move' },
        { name: 'reject', from: ['inspection-booked'], to: 'rejected', by: 'staff', via: 'move' },
        {
          name: 'book',
          from: ['submitted', 'under-review'],
          to: 'inspection-booked',
          via: 'action',
          sets: { booked: true, day: '{text}', booked_on: '{today}' },
        },
        {
          name: 'accept',
          from: ['inspection-booked'],
          to: 'approved',
          via: 'decision',
          answer: true,
          comment: 'Accepted.',
        },
        { name: 'deny', from: ['inspection-booked'], to: 'under-review', via: 'decision', answer: false },
        { name: 'send-report', from: ['inspection-booked'], to: 'under-review', via: 'task', comment: 'Report sent.' },
      ],
      blocks: [{ when: { properties: { status: { not: { const: 'inspection-booked' } } } }, text: 'On {day}.' }],
      decision: { text: 'day' },
    });
    expect(JSON.stringify(upgraded.lifecycle.statuses)).not.toContain('staffMoves');
    expect(upgraded.tasks[0]).toMatchObject({
      when: { properties: { status: { const: 'inspection-booked' } }, required: ['status', 'booked'] },
      save: { path: 'sample/report', record: 'sample_report', transition: 'send-report' },
    });
    expect(upgraded.workQueues.queues[0]?.when).toEqual({
      properties: { status: { enum: ['submitted', 'inspection-booked'] } },
    });
  });

  it('gives a plain service the platform lifecycle', () => {
    expect(upgradeLifecycle({ key: 'plain' })).toEqual({
      key: 'plain',
      lifecycle: { includes: [{ $ref: '../platform/lifecycle.json' }] },
    });
  });

  it('is loaded as the table says, and a kept version without the platform file is read too', () => {
    const { lifecycle: _lifecycle, ...current } = testFiles()['sample/service.json'] as Record<string, unknown>;
    const files: Record<string, unknown> = { ...testFiles(), 'sample/service.json': current };
    const { definitions, problems } = loadServiceDefinitions(files);
    expect(problems).toEqual([]);
    expect(transitionGraph(definitions[0] as never)).toContain('draft -> submitted  submit (applicant, submit)');

    // Version 1 kept before the table: its archive holds no platform file.
    const { [PLATFORM_LIFECYCLE_FILE]: _base, ...archived } = files;
    const versions = loadServiceVersions(
      {
        ...testFiles({ version: 2 }),
        'sample/versions/1.json': {
          version: 1,
          files: { ...archived, 'sample/service.json': { ...current, version: 1 } },
        },
      },
      loadServiceDefinitions(testFiles({ version: 2 })).definitions,
    );
    expect(versions.problems).toEqual([]);
    expect(versions.archived[0]?.lifecycle?.transitions.length).toBe(PLATFORM_LIFECYCLE.transitions?.length);
    // The platform's e-mails come with the base the loader gives it: the kept version still tells.
    expect(statusEmail(versions.archived[0], STATUS.submitted)?.subject).toBe('We received your application {app_id}');
    expect(statusEmail(definitions[0], STATUS.returned)?.link).toBe('edit');
  });
});
