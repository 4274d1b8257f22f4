import { describe, expect, it } from 'vitest';
import { applicationFacts } from './application-facts';
import { openTasks, taskFormKey, taskSlots } from './applicant-tasks';
import type { ApplicantTask } from './definition-types';
import { schemaMatches } from './form-validator';

/** The audit's firm/expert details, as its service.json declares them. */
const firm: ApplicantTask = {
  key: 'firm-details',
  title: 'Your Terms of Reference document is ready',
  action: 'Enter the firm/expert details',
  when: {
    properties: {
      status: { const: 'tor-approved' },
      is_application_in_phase_2: { const: true },
      environmental_audit_firm: { not: { type: 'object', required: ['phone'] } },
    },
    required: ['status', 'is_application_in_phase_2'],
  },
  form: { schema: 'firm-schema.json', ui: 'firm-ui.json' },
  uploads: [
    { name: 'Audit report (Word)', accept: ['doc', 'docx'], required: true },
    { name: 'Supporting documents', accept: ['pdf', 'image'] },
  ],
  save: {
    path: 'environmental-audit/firm-details',
    record: 'environmental_audit_firm',
    transition: 'send-firm-details',
  },
  messages: { upload: 'u', unavailable: 'n', refused: 'r', success: 's' },
  formSchema: { type: 'object' },
  uiSchema: {},
};

/** Open tasks of an application row with its stage fact (as the lifecycle's facts answer it). */
const open = (row: { status_id: number; is_application_in_phase_2: unknown }, record: unknown = null) =>
  openTasks(
    { tasks: [firm] },
    applicationFacts(
      row,
      { is_application_in_phase_2: row.is_application_in_phase_2 === 1 || row.is_application_in_phase_2 === true },
      [{ key: 'tor-approved', id: 17 }],
    ),
    () => record,
    schemaMatches,
  ).map((task) => task.key);

describe('applicant tasks', () => {
  it('are open while their condition holds for the facts and their record', () => {
    expect(open({ status_id: 17, is_application_in_phase_2: 1 })).toEqual(['firm-details']);
    expect(open({ status_id: 17, is_application_in_phase_2: true }, { name: 'Firm' })).toEqual(['firm-details']);
    // Not yet in phase 2, another status, or the phone already given.
    expect(open({ status_id: 17, is_application_in_phase_2: 0 })).toEqual([]);
    expect(open({ status_id: 3, is_application_in_phase_2: 1 })).toEqual([]);
    expect(open({ status_id: 17, is_application_in_phase_2: 1 }, { phone: '0788123456' })).toEqual([]);
  });

  it('file their form under the service key and list their uploads with their own kinds', () => {
    expect(taskFormKey({ key: 'environmental-audit' }, firm)).toBe('environmental-audit~firm-details');
    expect(taskSlots(firm)).toEqual([
      { name: 'Audit report (Word)', description: '', required: true, accept: ['doc', 'docx'] },
      { name: 'Supporting documents', description: '', required: false, accept: ['pdf', 'image'] },
    ]);
  });
});
