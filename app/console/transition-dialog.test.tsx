// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../i18n';
import { LANGUAGE_STORAGE_KEY } from '../i18n/languages';
import { renderPage } from '../test-utils';
import { answer, fakeStaffApi, refusal } from './console-test-support';
import type { ReviewTransition } from './console-types';
import { StaffApiContext, type StaffApi } from './staff-api';
import { TransitionDialog } from './transition-dialog';
import { transitionLabel } from './transition-labels';

afterEach(async () => {
  cleanup();
  globalThis.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  await changeLanguage('en');
});

const WITH_TEXT_AND_DOCUMENT: ReviewTransition = {
  name: 'approve-on-terms',
  description: 'approves the application on terms, with the signed terms as a PDF',
  text: { name: 'conditions', requiredMessage: 'Write the conditions.' },
  document: { description: 'Signed terms', notPdfMessage: 'The signed terms must be a PDF.' },
  allowed: true,
};

function open(api: StaffApi, transition: ReviewTransition = WITH_TEXT_AND_DOCUMENT) {
  const onDone = vi.fn();
  const onClose = vi.fn();
  renderPage(
    <StaffApiContext.Provider value={api}>
      <TransitionDialog
        applicationId={41}
        transition={transition}
        toLabel="APPROVED"
        csrfToken="csrf-123"
        onClose={onClose}
        onDone={onDone}
      />
    </StaffApiContext.Provider>,
  );
  return { onDone, onClose, dialog: screen.getByRole('dialog', { name: transitionLabel(transition) }) };
}

const pdf = () => new File(['%PDF-1.4'], 'terms.pdf', { type: 'application/pdf' });

function fill(dialog: HTMLElement, text: string, file: File | null) {
  fireEvent.change(within(dialog).getByLabelText(/Text \(conditions\)/), { target: { value: text } });
  if (file) fireEvent.change(within(dialog).getByLabelText(/Document: Signed terms/), { target: { files: [file] } });
}

describe('TransitionDialog', () => {
  it('names a transition by its label, else by its name made readable', () => {
    expect(transitionLabel({ name: 'approve-tor', label: 'Approve the ToR' })).toBe('Approve the ToR');
    expect(transitionLabel({ name: 'approve-with-conditions' })).toBe('Approve with conditions');
  });

  it("is titled and confirmed by the label in the reader's language, without the command's description", async () => {
    await changeLanguage('es');
    const api = fakeStaffApi({ 'POST staff/applications/41/propose-approval': () => answer({ status_id: 10 }) });
    const { dialog, onDone } = open(api, {
      name: 'propose-approval',
      label: 'Proponer la aprobación',
      description: 'proposes the application for approval',
      allowed: true,
    });
    expect(dialog.querySelector('h2')?.textContent).toBe('Proponer la aprobación');
    expect(within(dialog).queryByText('proposes the application for approval')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Siguiente' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar: Proponer la aprobación' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.calls[0]?.path).toBe('staff/applications/41/propose-approval');
  });

  it('asks for its text and document, refusing to go on without them or with another file than a PDF', () => {
    const { dialog } = open(fakeStaffApi({}));
    expect(within(dialog).getByLabelText('Comment to the applicant')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText('Write the conditions.')).toBeTruthy();
    expect(within(dialog).getByText('Choose the document (a PDF).')).toBeTruthy();
    fill(dialog, '<p>Within 30 days</p>', new File(['x'], 'terms.docx', { type: 'application/msword' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText('The signed terms must be a PDF.')).toBeTruthy();
    expect(within(dialog).queryByText('Check before confirming')).toBeNull();
  });

  it('shows a summary with the text sanitised, then sends the document with the texts and the token', async () => {
    const api = fakeStaffApi({ 'POST staff/applications/41/approve-on-terms': () => answer({ status_id: 4 }) });
    const { dialog, onDone } = open(api);
    fireEvent.change(within(dialog).getByLabelText('Comment to the applicant'), { target: { value: 'Well done' } });
    fill(dialog, '<p>Within <b>30</b> days</p><img src=x onerror="alert(1)"><script>alert(2)</script>', pdf());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByRole('heading', { name: 'Check before confirming' })).toBeTruthy();
    const preview = await within(dialog).findByTestId('transition-text-preview');
    expect(preview.querySelector('b')?.textContent).toBe('30');
    expect(preview.innerHTML).not.toMatch(/onerror|script/);
    expect(within(dialog).getByText('terms.pdf')).toBeTruthy();
    expect(within(dialog).getByText('Well done')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm: Approve on terms' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const call = api.calls[0];
    expect(call?.csrfToken).toBe('csrf-123');
    const form = call?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('comment')).toBe('Well done');
    expect(form.get('conditions')).toMatch(/^<p>Within <b>30<\/b> days<\/p>/);
    expect((form.get('file') as File).name).toBe('terms.pdf');
  });

  it('keeps a refusal in the dialog, each refused field under its input, with what was typed', async () => {
    const api = fakeStaffApi({
      'POST staff/applications/41/approve-on-terms': () =>
        refusal(422, 'Some fields are not valid.', [{ field: 'conditions', message: 'The conditions are too short.' }]),
    });
    const { dialog, onDone } = open(api);
    fill(dialog, '<p>Soon</p>', pdf());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm: Approve on terms' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'Some fields are not valid.');
    expect(within(dialog).getByText('The conditions are too short.')).toBeTruthy();
    expect((within(dialog).getByLabelText(/Text \(conditions\)/) as HTMLTextAreaElement).value).toBe('<p>Soon</p>');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('keeps a refusal without fields (four eyes) on the summary, to try again', async () => {
    const api = fakeStaffApi({
      'POST staff/applications/41/return': () => refusal(403, 'Four eyes: someone else must take it.'),
    });
    const { dialog } = open(api, { name: 'return', allowed: true });
    fireEvent.change(within(dialog).getByLabelText('Comment to the applicant'), { target: { value: 'Fix page 2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm: Return' }));
    expect(await within(dialog).findByText('Four eyes: someone else must take it.')).toBeTruthy();
    expect(api.calls[0]?.body).toEqual({ comment: 'Fix page 2' });
    expect(within(dialog).getByText('Fix page 2')).toBeTruthy();
  });
});
