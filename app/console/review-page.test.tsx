// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ServiceDefinition } from '../../engine/core';
import { ALPHA, answer, fakeStaffApi, refusal, renderConsole, SESSION } from './console-test-support';
import type { ReviewAnswer } from './console-types';
import { changeLanguage } from '../i18n';
import { LANGUAGE_STORAGE_KEY } from '../i18n/languages';
import { ReviewPage } from './review-page';

afterEach(async () => {
  cleanup();
  globalThis.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  await changeLanguage('en');
});

/**
 * A service whose view shows the permit's site, and whose table's `attach-terms` takes a text. It
 * includes the platform's lifecycle (its folder among its catalogues), whose rows carry labels.
 */
const SERVICE = {
  ...ALPHA,
  fragments: ['platform'],
  // What a translated copy reads besides the view and the table.
  info: { howToApply: [] },
  wizard: { title: 'Apply' },
  documents: {},
  formSchema: { type: 'object', properties: { site: { type: 'string', title: 'Site' } } },
  uiSchema: {},
  view: { record: 'permit', rows: [{ label: 'Site of the works', field: 'site' }] },
  lifecycle: {
    ...ALPHA.lifecycle,
    transitions: [
      {
        name: 'attach-terms',
        from: [3],
        to: 2,
        by: 'staff',
        via: 'action',
        text: { name: 'terms', requiredMessage: 'Write the terms.' },
      },
      { name: 'review', label: 'Start the review', from: [2], to: 3, by: 'staff', via: 'move' },
      { name: 'approve', label: 'Approve', from: [3], to: 2, by: 'staff', via: 'move' },
    ],
  },
} as unknown as ServiceDefinition;

const REVIEW: ReviewAnswer = {
  application: {
    id: 41,
    app_id: 'AP-0041',
    service: 'alpha',
    service_title: 'Alpha permit',
    status_id: 3,
    status_key: 'under-review',
    applicant: { name: 'Ada Uwase', email: 'ada@example.org' },
    company: 'Green Ltd',
    submitted_at: '2026-03-02T10:00:00Z',
    assignee: null,
  },
  answers: { id: 41, service_id: 11, permit: { site: 'Lake shore 4' } },
  documents: [
    {
      id: 5,
      name: 'plan.pdf',
      description: 'Site plan',
      mime: 'application/pdf',
      url: '/api/staff/applications/41/documents/5',
    },
  ],
  history: [
    { id: 1, status_id: 2, created_at: '2026-03-02T10:00:00Z', actor: 'Ada Uwase', internal: false },
    { id: 2, status_id: 3, transition: 'review', created_at: '2026-03-03T08:00:00Z', actor: 'Grace Mukamana' },
  ],
  notes: [{ id: 1, author: 'Jean', body: 'Called the applicant.', created_at: '2026-03-03T09:00:00Z' }],
  transitions: [
    { name: 'attach-terms', to: 2, allowed: true, text: { name: 'terms', required: true } },
    { name: 'approve', to: 2, allowed: false, reason: 'Four eyes: someone else must take it.' },
  ],
};

function setup(review: ReviewAnswer = REVIEW, handlers: Parameters<typeof fakeStaffApi>[0] = {}) {
  const api = fakeStaffApi({
    'GET staff/session': () => answer(SESSION),
    'GET staff/applications/41': () => answer(review),
    'POST staff/applications/41/notes': () => answer({ id: 2 }),
    'POST staff/applications/41/assignment': () => answer({ id: 41, assignee: SESSION.name }),
    ...handlers,
  });
  renderConsole(api, <ReviewPage />, {
    path: '/console/applications/:id',
    at: '/console/applications/41',
    definitions: [SERVICE],
  });
  return api;
}

describe('ReviewPage', () => {
  it("shows the answers as the applicant's view draws them, and the documents with a preview", async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Application AP-0041' })).toBeTruthy();
    const answers = screen.getByRole('region', { name: 'Answers' });
    expect(within(answers).getByText('Site of the works')).toBeTruthy();
    expect(within(answers).getByText('Lake shore 4')).toBeTruthy();
    const download = screen.getByRole('link', { name: 'Download plan.pdf' });
    expect(download.getAttribute('href')).toBe('/api/staff/applications/41/documents/5');
    fireEvent.click(screen.getByRole('button', { name: 'Preview of plan.pdf' }));
    expect(screen.getByTitle('Preview of plan.pdf').getAttribute('src')).toBe(
      '/api/staff/applications/41/documents/5?inline=1',
    );
  });

  it("words the internal rows of the history in the console's language, an export among them", async () => {
    setup({
      ...REVIEW,
      history: [
        ...REVIEW.history,
        {
          id: 2,
          status_id: 3,
          created_at: '2026-03-04T08:00:00Z',
          actor: 'staff:jean',
          internal: true,
          comment: 'exported the application',
          event: 'exported',
        },
      ],
    });
    expect(await screen.findByText('Exported the application with the queue')).toBeTruthy();
  });

  it('offers the transitions, one disabled with its reason, and opens the dialog asking for the text', async () => {
    setup();
    const refused = await screen.findByRole('button', { name: 'Approve' });
    expect(refused).toHaveProperty('disabled', true);
    expect(screen.getByText('Four eyes: someone else must take it.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Attach terms' }));
    const dialog = screen.getByRole('dialog', { name: 'Attach terms' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    // The definition's row says how to ask for the text the server names.
    expect(within(dialog).getByText('Write the terms.')).toBeTruthy();
  });

  it('names the actions and the history by their labels, and the statuses in sentence case', async () => {
    setup();
    const history = await screen.findByRole('table', { name: 'History' });
    expect(within(history).getByText('Start the review')).toBeTruthy();
    expect(within(history).getByText('Under review')).toBeTruthy();
    expect(within(history).getByText('Submitted')).toBeTruthy();
    expect(within(history).queryByText('UNDER REVIEW')).toBeNull();
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Under review')).toBeTruthy();
  });

  it("speaks the reader's language: labels translated by the platform's catalogue, on the button, the dialog and the history", async () => {
    await changeLanguage('de');
    const api = setup(
      { ...REVIEW, transitions: [{ name: 'approve', to: 2, allowed: true }] },
      { 'POST staff/applications/41/approve': () => answer({ status_id: 2 }) },
    );
    const history = await screen.findByRole('table', { name: 'Verlauf' });
    expect(within(history).getByText('Prüfung beginnen')).toBeTruthy();
    expect(within(history).getByText('In Prüfung')).toBeTruthy();
    expect(within(history).getByText('Eingereicht')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Genehmigen' }));
    const dialog = screen.getByRole('dialog', { name: 'Genehmigen' });
    expect(within(dialog).getByText('Der Status des Antrags wird Eingereicht.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Weiter' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bestätigen: Genehmigen' }));
    expect(await screen.findByText('Erledigt: Genehmigen.')).toBeTruthy();
    expect(api.calls).toContainEqual(
      expect.objectContaining({ method: 'POST', path: 'staff/applications/41/approve' }),
    );
  });

  it('adds a note and takes the application with the session token, then reads it again', async () => {
    const api = setup();
    await screen.findByText('Called the applicant.');
    fireEvent.change(screen.getByLabelText('New note'), { target: { value: 'Site visit on Monday.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(api.calls).toContainEqual(
        expect.objectContaining({
          path: 'staff/applications/41/notes',
          body: { body: 'Site visit on Monday.' },
          csrfToken: 'csrf-123',
        }),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Take it' }));
    await waitFor(() =>
      expect(api.calls).toContainEqual(
        expect.objectContaining({ path: 'staff/applications/41/assignment', body: { assignee: SESSION.name } }),
      ),
    );
    await waitFor(() =>
      expect(api.calls.filter((call) => call.path === 'staff/applications/41').length).toBeGreaterThan(1),
    );
  });

  it('offers no one to take an application no staff transition leaves from; its notes stay open', async () => {
    setup({ ...REVIEW, transitions: [] });
    await screen.findByText('Called the applicant.');
    expect(screen.getByText('No action can be taken at this status.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Take it' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add note' })).toBeTruthy();
  });

  it('says who holds an application from deletion and why; a reviewer may not lift the hold', async () => {
    setup({
      ...REVIEW,
      application: {
        ...REVIEW.application,
        legal_hold: { by: 'Jean', at: '2026-03-04T09:00:00Z', reason: 'Court order 12/2026' },
      },
    });
    const hold = await screen.findByRole('region', { name: 'Legal hold' });
    expect(within(hold).getByText(/On legal hold since .*, placed by Jean/)).toBeTruthy();
    expect(within(hold).getByText('Reason: Court order 12/2026')).toBeTruthy();
    expect(within(hold).queryByRole('button')).toBeNull();
    expect(
      within(hold).getByText('Only an approver or admin of this service can place or lift a legal hold.'),
    ).toBeTruthy();
  });

  it("lets an approver place a hold only with its reason, sent with the session's token", async () => {
    const api = setup(REVIEW, {
      'GET staff/session': () => answer({ ...SESSION, grants: [{ service: 'alpha', role: 'approver' }] }),
      'PUT staff/applications/41/legal-hold': () => answer({ id: 41, legal_hold: true }),
    });
    const hold = await screen.findByRole('region', { name: 'Legal hold' });
    expect(within(hold).getByText('Not on legal hold: it is deleted when its retention period ends.')).toBeTruthy();
    const place = within(hold).getByRole('button', { name: 'Place a legal hold' }) as HTMLButtonElement;
    expect(place.disabled).toBe(true);
    fireEvent.change(within(hold).getByLabelText(/Why is it held\?/), { target: { value: ' Dispute pending ' } });
    fireEvent.click(place);
    await waitFor(() =>
      expect(api.calls).toContainEqual({
        method: 'PUT',
        path: 'staff/applications/41/legal-hold',
        body: { hold: true, reason: 'Dispute pending' },
        csrfToken: 'csrf-123',
      }),
    );
    await waitFor(() =>
      expect(api.calls.filter((call) => call.path === 'staff/applications/41').length).toBeGreaterThan(1),
    );
  });

  it("shows the server's refusal of a hold where it was asked", async () => {
    setup(REVIEW, {
      'GET staff/session': () => answer({ ...SESSION, grants: [{ service: 'alpha', role: 'admin' }] }),
      'PUT staff/applications/41/legal-hold': () =>
        refusal(403, 'Setting or lifting a legal hold needs the approver or admin role on this service.'),
    });
    const hold = await screen.findByRole('region', { name: 'Legal hold' });
    fireEvent.change(within(hold).getByLabelText(/Why is it held\?/), { target: { value: 'Audit' } });
    fireEvent.click(within(hold).getByRole('button', { name: 'Place a legal hold' }));
    expect((await within(hold).findByRole('alert')).textContent).toContain('needs the approver or admin role');
  });
});
