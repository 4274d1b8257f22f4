// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ApiResult } from '../core/api-client';
import type { StepKey } from '../core/wizard-state';
import { ServiceWizard } from './service-wizard';
import { COMPANY_CERTIFICATE, SAMPLE_SERVICE, scriptedUpload } from './wizard-test-support';
import { fail, fakeBackend, ok, sentTo, WithI18n } from './test-support';
import type { UploadedAttachment } from './upload-file';
import type { ResumePoint } from './wizard-types';

afterEach(cleanup);

/**
 * The first wait of a test loads the wizard's lazy parts and compiles the form's validator: bounded
 * generously, so a busy machine does not fail it (a wait ends as soon as what it waits for is there).
 */
const LOADED = { timeout: 20_000 };

const sample = SAMPLE_SERVICE;
const ATTACHMENTS = [COMPANY_CERTIFICATE];

const pdf = (name = 'cert.pdf') => new File(['%PDF'], name, { type: 'application/pdf' });

async function choose(file: File) {
  const input = await screen.findByLabelText('Choose a file for Company certificate');
  fireEvent.change(input, { target: { files: [file] } });
}

describe("a draft's files", () => {
  it("go to the draft when chosen, with progress; Remove deletes the draft's file; the submit sends none again", async () => {
    const backend = fakeBackend({
      createDraft: ok(41),
      'read attachments:99': ok(ATTACHMENTS),
      saveDraft: ok({ id: 41, saved_at: '2026-03-04T09:30:00.000Z' }),
      removeDraftFile: ok({ removed: 1 }),
      'send clients/applications/sample': ok({ id: 1 }),
    });
    const uploads = scriptedUpload();
    const points: ResumePoint[] = [];
    render(
      <WithI18n backend={backend}>
        <ServiceWizard
          definition={sample}
          clientId={5}
          mode="new"
          upload={uploads.upload}
          saveDrafts
          onResumePoint={(point) => points.push(point)}
        />
      </WithI18n>,
    );
    await screen.findByRole('heading', { name: 'Application Details' }, LOADED);
    // The draft's id is told as soon as it exists, with the step shown.
    await waitFor(() => expect(points).toEqual([{ applicationId: 41, step: 'details' }]));
    fireEvent.change(screen.getByLabelText(/Quantity/), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText(/Description/), { target: { value: 'Bags' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Document Uploads' });
    await waitFor(() => expect(points.at(-1)).toEqual({ applicationId: 41, step: 'documents' }));

    await choose(pdf());
    // On its way at once, before any Next, with its progress shown.
    await waitFor(() => expect(uploads.upload).toHaveBeenCalledTimes(1));
    expect(uploads.upload.mock.calls[0]?.[0]).toMatchObject({ applicationId: 41, description: 'Company certificate' });
    expect(screen.getByRole('progressbar', { name: 'Upload progress of Company certificate' })).toBeTruthy();
    // The whole body sent is not the file kept: the line waits for the server's answer.
    act(() => uploads.upload.mock.calls[0]?.[0].onProgress?.(100));
    expect(screen.getByRole('progressbar', { name: 'Upload progress of Company certificate' })).toBeTruthy();
    expect(screen.queryByText('Saved in your draft.')).toBeNull();
    uploads.answer();
    await screen.findByText('Saved in your draft.');

    fireEvent.click(screen.getByRole('button', { name: 'Remove the file of Company certificate' }));
    await waitFor(() => expect(backend.removeDraftFile).toHaveBeenCalledWith(41, 'Company certificate'));
    expect(screen.getByText('No file chosen')).toBeTruthy();

    await choose(pdf());
    await waitFor(() => expect(uploads.upload).toHaveBeenCalledTimes(2));
    // Next does not wait for the upload; the submit does, and sends the file no second time.
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Confirm Detail' });
    expect(screen.getByText(/^Company certificate: cert\.pdf/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submitting...' })).toBeTruthy());
    expect(sentTo(backend, 'clients/applications/sample')).toEqual([]);
    uploads.answer();
    await screen.findByText('Application succesfully submitted');
    expect(uploads.upload).toHaveBeenCalledTimes(2);
    expect(points.at(-1)).toEqual({ applicationId: 41, step: 'confirm' });
  });

  it('tell a failed upload with Try again, which sends the file again', async () => {
    const backend = fakeBackend({
      createDraft: ok(41),
      'read attachments:99': ok(ATTACHMENTS),
      saveDraft: ok({ id: 41, saved_at: '2026-03-04T09:30:00.000Z' }),
    });
    const uploads = scriptedUpload();
    render(
      <WithI18n backend={backend}>
        <ServiceWizard definition={sample} clientId={5} mode="new" upload={uploads.upload} saveDrafts />
      </WithI18n>,
    );
    await screen.findByRole('heading', { name: 'Application Details' }, LOADED);
    fireEvent.change(screen.getByLabelText(/Quantity/), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText(/Description/), { target: { value: 'Bags' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await choose(pdf());
    await waitFor(() => expect(uploads.upload).toHaveBeenCalledTimes(1));
    uploads.answer(fail('The file store is not available.', 503) as ApiResult<UploadedAttachment>);
    await screen.findByText('The file could not be saved in your draft: The file store is not available.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(uploads.upload).toHaveBeenCalledTimes(2));
    uploads.answer();
    await screen.findByText('Saved in your draft.');
    expect(screen.queryByText(/could not be saved in your draft/)).toBeNull();
  });
});

describe('a continued draft', () => {
  /** The wizard of draft 41 holding `answers` and a certificate, opened at `resumeStep`. */
  function continueDraft(answers: Record<string, unknown>, resumeStep: StepKey) {
    const backend = fakeBackend({
      'read application:41': ok({
        id: 41,
        app_id: 'APP-41',
        application_status_id: 1,
        application_attachments: [{ id: 3, description: 'Company certificate', path: 'uploads/a', name: 'cert.pdf' }],
        draft: { answers, saved_at: '2026-03-04T09:30:00.000Z' },
      }),
      'read attachments:99': ok(ATTACHMENTS),
      saveDraft: ok({ id: 41 }),
      removeDraftFile: ok({ removed: 1 }),
    });
    const points: ResumePoint[] = [];
    render(
      <WithI18n backend={backend}>
        <ServiceWizard
          definition={sample}
          clientId={5}
          mode="view"
          applicationId={41}
          saveDrafts
          resumeStep={resumeStep}
          onResumePoint={(point) => points.push(point)}
        />
      </WithI18n>,
    );
    return { backend, points };
  }

  it('opens at the step it was left at and lists the files it holds on the confirm step', async () => {
    const { points } = continueDraft({ quantity: 7, description: 'Kept' }, 'confirm');
    await screen.findByRole('heading', { name: 'Confirm Detail' }, LOADED);
    expect(screen.getByText('Company certificate: cert.pdf (already uploaded)')).toBeTruthy();
    expect(screen.queryByText('No documents chosen.')).toBeNull();
    await waitFor(() => expect(points).toEqual([{ applicationId: 41, step: 'confirm' }]));
  });

  it('opens no further than its answers reach', async () => {
    const { points } = continueDraft({ quantity: 7 }, 'confirm');
    await screen.findByRole('heading', { name: 'Application Details' }, LOADED);
    expect((screen.getByLabelText(/Quantity/) as HTMLInputElement).value).toBe('7');
    await waitFor(() => expect(points).toEqual([{ applicationId: 41, step: 'details' }]));
  });

  it('removes a file the draft held, which then no longer counts for its document', async () => {
    const { backend } = continueDraft({ quantity: 7, description: 'Kept' }, 'documents');
    await screen.findByText('Already uploaded: cert.pdf', {}, LOADED);
    fireEvent.click(screen.getByRole('button', { name: 'Remove the file of Company certificate' }));
    await waitFor(() => expect(backend.removeDraftFile).toHaveBeenCalledWith(41, 'Company certificate'));
    expect(screen.queryByText('Already uploaded: cert.pdf')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Please upload Company certificate.');
  });
});
