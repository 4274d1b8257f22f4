import { describe, expect, it } from 'vitest';
import { latestReturnComment, presentStatus, statisticsBucket } from './status-presentation';

describe('presentStatus', () => {
  it.each([
    [1, 'draft', 'info', 'draft'],
    [2, 'SUBMITTED', 'info', 'received'],
    [5, 'Department Approved', 'info', 'review'],
    [6, 'APPROVED', 'success', 'approved'],
    [7, 'RETURNED', 'warning', 'returned'],
    [9, 'REJECTED', 'error', 'rejected'],
    [10, 'Propose to Approve', 'info', 'review'],
    [3, 'UNDER REVIEW', 'info', 'review'],
    [42, 'UNDER REVIEW', 'info', 'review'],
  ])('status %i is %s (%s), next: %s', (id, label, colour, next) => {
    expect(presentStatus({ application_status_id: id })).toMatchObject({ label, colour, next });
  });
  it("shows a service's own status as its lifecycle declares it, over the platform's fallback", () => {
    const statuses = [
      { key: 'tor-approved', id: 17, label: 'TOR Approved', colour: 'warning' as const, next: 'Choose the firm.' },
    ];
    expect(presentStatus({ application_status_id: 17 }, statuses)).toEqual({
      label: 'TOR Approved',
      colour: 'warning',
      editable: false,
      approved: false,
      next: 'service',
      nextText: 'Choose the firm.',
    });
    // Without its service's statuses it is one of the "others".
    expect(presentStatus({ application_status_id: 17 }).label).toBe('UNDER REVIEW');
  });
  it('shows a resubmission', () => {
    expect(presentStatus({ application_status_id: 2, resubmitted: true }).label).toBe('Re-Submitted');
  });
  it('only returned applications are editable; only approved ones approved', () => {
    expect(presentStatus({ application_status_id: 7 }).editable).toBe(true);
    expect(presentStatus({ application_status_id: 2 }).editable).toBe(false);
    expect(presentStatus({ application_status_id: 6 }).approved).toBe(true);
  });
  it('keeps a manual approval without certificate under review', () => {
    expect(
      presentStatus({ application_status_id: 6, manually_processed: true, final_certificate_uploaded: false }),
    ).toEqual({
      label: 'UNDER REVIEW',
      colour: 'info',
      editable: false,
      approved: false,
      next: 'review',
    });
    expect(
      presentStatus({ application_status_id: 6, manually_processed: 1, final_certificate_uploaded: 1 }).approved,
    ).toBe(true);
  });
});

describe('latestReturnComment', () => {
  it('takes the latest status-7 comment', () => {
    expect(
      latestReturnComment([
        { application_status_id: 7, comment_to_applicant: 'first', created_at: '2024-01-01T00:00:00Z' },
        { application_status_id: 2, comment_to_applicant: 'x', created_at: '2024-03-01T00:00:00Z' },
        { application_status_id: 7, comment_to_applicant: 'second', created_at: '2024-02-01T00:00:00Z' },
      ]),
    ).toBe('second');
    expect(
      latestReturnComment([
        { application_status_id: 7, comment_to_applicant: 'b' },
        { application_status_id: 7, comment_to_applicant: 'c' },
      ]),
    ).toBe('c');
  });
  it('is null without a return', () => {
    expect(latestReturnComment([{ application_status_id: 2 }])).toBeNull();
    expect(latestReturnComment(undefined)).toBeNull();
  });
});

describe('statisticsBucket', () => {
  it('counts an application as the applicant sees it', () => {
    expect(statisticsBucket({ application_status_id: 6 })).toBe('approved');
    expect(statisticsBucket({ application_status_id: 6, manually_processed: 1, final_certificate_uploaded: 0 })).toBe(
      'processing',
    );
    expect(statisticsBucket({ application_status_id: 6, manually_processed: 1, final_certificate_uploaded: 1 })).toBe(
      'approved',
    );
    expect(statisticsBucket({ application_status_id: 9 })).toBe('rejected');
    for (const id of [2, 3, 5, 7, 10, 17, 18])
      expect(statisticsBucket({ application_status_id: id })).toBe('processing');
  });
});
