// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ServiceDefinition, SingleFormServiceFile } from '../core/definition-types';
import { testLifecycle } from '../core/test-definition';
import { REQUIRED_MESSAGE } from '../core/transform-errors';
import plasticsService from '../../services/plastics/service.json';
import plasticsSchema from '../../services/plastics/schema.json';
import plasticsUi from '../../services/plastics/ui.json';
import { preloadApplicationView, ServiceWizard } from './service-wizard';
import { COMPANY_CERTIFICATE, fakeUpload, SAMPLE_SERVICE } from './wizard-test-support';
import { fail, fakeBackend, ok, sentTo, WithI18n } from './test-support';
import type { UploadFileOptions, UploadHandle } from './upload-file';

afterEach(cleanup);
// The view of a submitted application loads apart from the wizard: loaded before, so a test waits
// for what the wizard does, never for a module to arrive.
beforeAll(preloadApplicationView);

const plastics: ServiceDefinition = {
  ...(plasticsService as unknown as Omit<SingleFormServiceFile, 'tasks' | 'lifecycle'>),
  lifecycle: testLifecycle(),
  formSchema: plasticsSchema,
  uiSchema: plasticsUi,
  callSchemas: {},
};

const ATTACHMENTS = [
  COMPANY_CERTIFICATE,
  { id: 2, name: 'Support letter', description: 'Optional', info: null, is_mandatory: false },
];
const sample = SAMPLE_SERVICE;

describe('ServiceWizard (new application)', () => {
  it('creates the draft, validates step 1, refuses a missing mandatory upload, recovers from a failed submit and succeeds', async () => {
    let saves = 0;
    const backend = fakeBackend({
      createDraft: ok(41),
      'read attachments:99': ok(ATTACHMENTS),
      'send clients/applications/sample': () => (++saves === 1 ? fail('Invalid fields: quantity') : ok({ id: 1 })),
    });
    const upload = fakeUpload();
    const onSubmitted = vi.fn();
    render(
      <WithI18n backend={backend}>
        <ServiceWizard definition={sample} clientId={5} mode="new" upload={upload} onSubmitted={onSubmitted} />
      </WithI18n>,
    );

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Apply | Sample');
    // The draft is created while the form is already there to fill; the submit below goes into it.
    expect(backend.createDraft).toHaveBeenCalledWith(99, 5);
    await screen.findByRole('heading', { name: 'Application Details' });

    // Step 1: Next on an empty form stays and shows the messages.
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findAllByText(REQUIRED_MESSAGE)).length).toBeGreaterThan(0);
    expect(screen.getByText('Please correct the highlighted fields before continuing.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Application Details' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/Quantity/), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText(/Description/), { target: { value: 'Bags for a shop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Document Uploads' });
    await screen.findByText('Registration certificate');

    // Step 2: a mandatory slot without a file is refused.
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please upload Company certificate.');
    expect(screen.getByRole('heading', { name: 'Document Uploads' })).toBeTruthy();

    const input = screen.getByLabelText('Choose a file for Company certificate');
    fireEvent.change(input, {
      target: { files: [new File(['exe'], 'virus.exe', { type: 'application/x-msdownload' })] },
    });
    expect(screen.getByRole('alert').textContent).toBe('virus.exe is not an accepted file type.');
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'cert.pdf', { type: 'application/pdf' })] } });
    expect(screen.getByText(/cert\.pdf/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Confirm Detail' });

    // Step 3: the summary shows what was entered.
    const summary = screen.getByRole('table', { name: 'Summary of the application' });
    expect(within(summary).getByText('12')).toBeTruthy();
    expect(within(summary).getByText('Bags for a shop')).toBeTruthy();

    // The files go first, while the application is a draft; a failing save then shows the spec's
    // message and re-enables Submit.
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Error encountered while submitting application');
    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(false);
    expect(onSubmitted).not.toHaveBeenCalled();
    expect(upload).toHaveBeenCalledTimes(1);
    expect(upload.mock.calls[0]?.[0]).toMatchObject({ applicationId: 41, description: 'Company certificate' });
    expect(sentTo(backend, 'clients/applications/sample')).toContainEqual({
      quantity: 12,
      description: 'Bags for a shop',
      client_id: 5,
      application_id: 41,
      is_submitted: true,
    });

    // Retry succeeds without sending the file again, and the success panel replaces the wizard.
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Application succesfully submitted')).toBeTruthy();
    expect(upload).toHaveBeenCalledTimes(1);
    expect(onSubmitted).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('shows the server error with a retry above the form when the draft cannot be created', async () => {
    let attempts = 0;
    const backend = fakeBackend({
      createDraft: () => (++attempts === 1 ? fail('Forbidden', 403) : ok({ id: 8 })),
      'read attachments:99': ok([]),
    });
    render(
      <WithI18n backend={backend}>
        <ServiceWizard definition={sample} clientId={5} mode="new" />
      </WithI18n>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Forbidden');
    // The form stays, and what was typed survives the retry.
    await screen.findByRole('heading', { name: 'Application Details' });
    fireEvent.change(screen.getByLabelText(/Description/), { target: { value: 'Kept' } });
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(attempts).toBe(2));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull());
    expect((screen.getByLabelText(/Description/) as HTMLInputElement).value).toBe('Kept');
  });
});

describe('ServiceWizard (uploads at once, failure titles of the definition)', () => {
  const audit: ServiceDefinition = {
    ...sample,
    wizard: {
      title: 'Apply | Sample',
      failures: {
        upload: 'File upload failed. Please check your files and try again.',
        save: 'Application save error: Could not complete submission.',
        unavailable: 'Error processing application. Please try again later!',
      },
    },
    documents: {
      accept: ['pdf'],
      serviceAttachments: false,
      parallelUploads: true,
      extra: [
        { name: 'Legal document', required: true },
        { name: 'Site plan', required: true },
      ],
    },
  };

  it('uploads every file at once, titles each failure as the definition says, and retries only what failed', async () => {
    const saves = [fail('Invalid fields: quantity', 422), fail('server error', 500), ok({ id: 1 })];
    const backend = fakeBackend({
      createDraft: ok(41),
      'send clients/applications/sample': () => saves.shift() ?? fail('unexpected', 418),
    });
    // Each upload waits until it is released, so both must have started before either finishes.
    const releases: Array<() => void> = [];
    let sitePlanAttempts = 0;
    const upload = vi.fn((options: UploadFileOptions): UploadHandle => {
      const failing = options.description === 'Site plan' && ++sitePlanAttempts === 1;
      return {
        result: new Promise((resolve) =>
          releases.push(() =>
            resolve(
              failing
                ? { ok: false, code: 500, error: 'upload failed' }
                : { ok: true, code: 201, data: { id: 1, description: options.description, path: 'x', name: 'x.pdf' } },
            ),
          ),
        ),
        abort: () => undefined,
      };
    });
    render(
      <WithI18n backend={backend}>
        <ServiceWizard definition={audit} clientId={5} mode="new" upload={upload} />
      </WithI18n>,
    );
    await screen.findByRole('heading', { name: 'Application Details' });
    fireEvent.change(screen.getByLabelText(/Quantity/), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText(/Description/), { target: { value: 'Audit' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Document Uploads' });
    for (const name of ['Legal document', 'Site plan']) {
      fireEvent.change(screen.getByLabelText(`Choose a file for ${name}`), {
        target: { files: [new File(['%PDF'], `${name}.pdf`, { type: 'application/pdf' })] },
      });
    }
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Confirm Detail' });

    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(2));
    for (const release of releases.splice(0)) release();
    const uploadAlert = await screen.findByRole('alert');
    expect(uploadAlert.textContent).toContain('File upload failed. Please check your files and try again.');
    expect(uploadAlert.textContent).toContain('upload failed');
    expect(sentTo(backend, 'clients/applications/sample')).toEqual([]);

    // Only the failed file is sent again; the refused save has its own title, then a server failure its own.
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(3));
    expect(upload.mock.calls[2]?.[0].description).toBe('Site plan');
    for (const release of releases.splice(0)) release();
    expect(await screen.findByText('Application save error: Could not complete submission.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Error processing application. Please try again later!')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Application succesfully submitted')).toBeTruthy();
    expect(upload).toHaveBeenCalledTimes(3);
  });
});

describe('ServiceWizard with the plastics definition', () => {
  it('creates a draft for service 1 and blocks Next on an empty step 1', async () => {
    const backend = fakeBackend({
      createDraft: ok(12),
      'read attachments:1': ok([]),
      'read plastic-types': ok([{ id: 1, name: 'Carry bags' }]),
      'read quantity-measures': ok([{ id: 3, name: 'Pieces' }]),
      'read plastics/consumption-areas': ok([
        { id: 5, name: 'Beverages' },
        { id: 6, name: 'Other' },
        { id: 7, name: 'Meet Supplying' },
      ]),
    });
    render(
      <WithI18n backend={backend}>
        <ServiceWizard definition={plastics} clientId={5} mode="new" />
      </WithI18n>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(plastics.wizard.title);
    await screen.findByRole('heading', { name: 'Application Details' });
    expect(backend.createDraft).toHaveBeenCalledWith(1, 5);

    // No answer is chosen for the applicant: not the first choice of a question, not 'false' for a boolean.
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.length).toBeGreaterThan(0);
    expect(radios.filter((radio) => radio.checked)).toHaveLength(0);

    // Next waits until the long form has added all its fields (a click meanwhile could land on one).
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    await waitFor(() => expect(next.disabled).toBe(false));
    fireEvent.click(next);
    expect((await screen.findAllByText(REQUIRED_MESSAGE)).length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: 'Application Details' })).toBeTruthy();

    // The consumption area lookup offers the list's own 'Other' (its real id) and drops 'Meet Supplying'.
    await waitFor(() => expect(backend.get).toHaveBeenCalledWith('plastics/consumption-areas'));
    const areas = screen
      .getAllByRole('combobox')
      .find((select) => within(select).queryByRole('option', { name: 'Beverages' }));
    expect(areas).toBeTruthy();
    const names = within(areas as HTMLElement)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(names.filter((name) => name === 'Other')).toHaveLength(1);
    expect(
      within(areas as HTMLElement)
        .getByRole('option', { name: 'Other' })
        .getAttribute('value'),
    ).toBe('6');
    expect(names).not.toContain('Meet Supplying');
  });
});

describe('ServiceWizard (view)', () => {
  const application = (status: number, extra: Record<string, unknown> = {}) => ({
    id: 41,
    app_id: 'APP-41',
    service_id: 99,
    application_status_id: status,
    resubmitted: false,
    manually_processed: false,
    final_certificate_uploaded: true,
    manual_certificate: null,
    application_attachments: [{ id: 3, description: 'Company certificate', path: 'uploads/a.pdf', name: 'a.pdf' }],
    application_flow_histories: [
      { application_status_id: 2, comment_to_applicant: null, created_at: '2024-01-01', actor: 'applicant' },
      {
        application_status_id: 7,
        comment_to_applicant: 'Please fix the quantity',
        created_at: '2024-01-02',
        actor: 'staff',
      },
    ],
    sample_record: { quantity: 3, description: 'Old text' },
    ...extra,
  });

  it('shows an approved application read-only with its attachments, rows and certificate link', async () => {
    const backend = fakeBackend({
      'read application:41': ok(application(6, { certUrl: 'verify/certificate/Zm9yLXRoZS1jZXJ0aWZpY2F0ZQ' })),
    });
    render(
      <WithI18n backend={backend}>
        <ServiceWizard definition={sample} clientId={5} mode="view" applicationId={41} />
      </WithI18n>,
    );
    expect(await screen.findByText('Application Approved')).toBeTruthy();
    // Titled by the service and the number, with the status and what happens next.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sample service: application APP-41');
    expect(screen.getByText('APPROVED')).toBeTruthy();
    expect(screen.getByText(/The authority approved your application/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Certificate' }).getAttribute('href')).toBe(
      'link:verify/certificate/Zm9yLXRoZS1jZXJ0aWZpY2F0ZQ',
    );
    // The answers once, as text: no form, and no row for what was not answered.
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('spinbutton')).toBeNull();
    expect(screen.getByRole('button', { name: 'Download Company certificate' })).toBeTruthy();
    const details = screen.getByRole('table', { name: 'Details' });
    expect(within(details).getByText('3')).toBeTruthy();
    expect(within(details).queryByText('-')).toBeNull();
    // The history: who did what, with the comment.
    const history = screen.getByRole('table', { name: 'History' });
    const rows = within(history).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['SUBMITTED', 'You', ''],
      ['RETURNED', 'The authority', 'Please fix the quantity'],
    ]);
  });

  it('lets a returned application be corrected and submitted again', async () => {
    const backend = fakeBackend({
      'read application:41': ok(application(7)),
      'read attachments:99': ok(ATTACHMENTS),
      'send clients/applications/sample': ok({ id: 1 }),
    });
    render(
      <WithI18n backend={backend}>
        <ServiceWizard definition={sample} clientId={5} mode="view" applicationId={41} upload={fakeUpload()} />
      </WithI18n>,
    );
    const returned = await screen.findByText('Application Returned');
    expect(returned.closest('[role="alert"]')?.textContent).toContain('Please fix the quantity');
    const quantity = screen.getByLabelText(/Quantity/) as HTMLInputElement;
    expect(quantity.disabled).toBe(false);
    expect(quantity.value).toBe('3');
    fireEvent.change(quantity, { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Document Uploads' });
    await screen.findByText('Registration certificate');
    // The certificate uploaded before still counts for the mandatory slot.
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Confirm Detail' });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Application succesfully submitted')).toBeTruthy();
    expect(sentTo(backend, 'clients/applications/sample')).toContainEqual(
      expect.objectContaining({ quantity: 4, application_id: 41 }),
    );
  });

  it('keeps the loading state on the edit route as long as the definition says, then succeeds', async () => {
    const backend = fakeBackend({
      'read application:41': ok(application(7)),
      'read attachments:99': ok(ATTACHMENTS),
      'send clients/applications/sample': ok({ id: 1 }),
    });
    const held = { ...sample, wizard: { title: 'Apply | Sample', editTitle: 'Edit | Sample', editLoadingMs: 700 } };
    render(
      <WithI18n backend={backend}>
        <ServiceWizard definition={held} clientId={5} mode="edit" applicationId={41} upload={fakeUpload()} />
      </WithI18n>,
    );
    expect(await screen.findByRole('heading', { name: 'Edit | Sample', level: 1 })).toBeTruthy();
    await screen.findByText('Application Returned');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Document Uploads' });
    await screen.findByText('Registration certificate');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Confirm Detail' });
    const clicked = Date.now();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(sentTo(backend, 'clients/applications/sample')).not.toEqual([]));
    // Saved, and still loading.
    expect(screen.getByRole('button', { name: /Submitting/ })).toBeTruthy();
    expect(await screen.findByText('Application succesfully submitted')).toBeTruthy();
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(650);
  });
});
