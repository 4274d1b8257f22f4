// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ServiceDefinition } from '../core/definition-types';
import { testDefinitionFile } from '../core/test-definition';
import { ServiceWizard } from './service-wizard';
import { fakeApi, ok, WithI18n } from './test-support';
import type { UploadFileOptions, UploadHandle } from './upload-file';

afterEach(cleanup);

const sample: ServiceDefinition = {
  ...testDefinitionFile({
    id: 99,
    submit: {
      calls: [
        {
          name: 'save',
          method: 'POST',
          path: 'clients/applications/sample',
          body: { '...': '$form', application_id: '$context.applicationId', is_submitted: true },
          savesRecord: true,
        },
      ],
    },
    view: { record: 'sample_record', rows: [{ label: 'Quantity', field: 'quantity' }] },
  }),
  formSchema: {
    type: 'object',
    required: ['quantity', 'description'],
    properties: {
      quantity: { type: 'number', title: 'Quantity' },
      description: { type: 'string', title: 'Description' },
    },
  },
  uiSchema: {},
  callSchemas: {},
};
const ATTACHMENTS = [
  { id: 1, name: 'Company certificate', description: 'Registration certificate', info: null, is_mandatory: true },
];

function fakeUpload() {
  return vi.fn((options: UploadFileOptions): UploadHandle => ({
    result: Promise.resolve({
      ok: true,
      code: 201,
      data: { id: 1, description: options.description, path: 'uploads/x', name: 'cert.pdf' },
    }),
    abort: () => undefined,
  }));
}

const draftPuts = (api: ReturnType<typeof fakeApi>) =>
  api.put.mock.calls.filter(([path]) => path === 'client/application/41/draft').map(([, body]) => body);

describe('the wizard keeps its draft', () => {
  it('saves step 1 when leaving it (complete or not), sends the chosen file when chosen, and nothing after the submission', async () => {
    const api = fakeApi({
      'POST client/application/99': ok({ id: 41, app_id: 'APP-41', application_status_id: 1 }),
      'GET service/attachments/99': ok(ATTACHMENTS),
      'PUT client/application/41/draft': ok({ id: 41, saved_at: '2026-03-04T09:30:00.000Z' }),
      'POST clients/applications/sample': ok({ id: 1 }),
    });
    const upload = fakeUpload();
    render(
      <WithI18n>
        <ServiceWizard
          definition={sample}
          api={api}
          clientId={5}
          getToken={() => 't'}
          mode="new"
          upload={upload}
          saveDrafts
        />
      </WithI18n>,
    );
    await screen.findByRole('heading', { name: 'Application Details' });
    fireEvent.change(screen.getByLabelText(/Quantity/), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(draftPuts(api)).toEqual([{ answers: { quantity: 12 } }]));
    expect((await screen.findByText(/^Saved at /)).getAttribute('aria-live')).toBe('polite');

    fireEvent.change(screen.getByLabelText(/Description/), { target: { value: 'Bags' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Document Uploads' });
    expect(draftPuts(api)).toEqual([{ answers: { quantity: 12 } }, { answers: { quantity: 12, description: 'Bags' } }]);

    const input = await screen.findByLabelText('Choose a file for Company certificate');
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'cert.pdf', { type: 'application/pdf' })] } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Confirm Detail' });
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    expect(upload.mock.calls[0]?.[0]).toMatchObject({ applicationId: 41, description: 'Company certificate' });

    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Application succesfully submitted');
    // The file already in the draft is not sent again; the draft is not saved after the submission.
    expect(upload).toHaveBeenCalledTimes(1);
    expect(draftPuts(api)).toHaveLength(2);
  });

  it('continues a draft with its answers and its uploaded files, which count for their documents', async () => {
    const api = fakeApi({
      'GET application/41': ok({
        id: 41,
        app_id: 'APP-41',
        application_status_id: 1,
        application_attachments: [{ id: 3, description: 'Company certificate', path: 'uploads/a', name: 'cert.pdf' }],
        draft: { answers: { quantity: 7, description: 'Kept' }, saved_at: '2026-03-04T09:30:00.000Z' },
      }),
      'GET service/attachments/99': ok(ATTACHMENTS),
      'PUT client/application/41/draft': ok({ id: 41 }),
    });
    render(
      <WithI18n>
        <ServiceWizard
          definition={sample}
          api={api}
          clientId={5}
          getToken={() => 't'}
          mode="view"
          applicationId={41}
          saveDrafts
        />
      </WithI18n>,
    );
    await screen.findByRole('heading', { name: 'Application Details' });
    expect((screen.getByLabelText(/Quantity/) as HTMLInputElement).value).toBe('7');
    expect((screen.getByLabelText(/Description/) as HTMLInputElement).value).toBe('Kept');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText(/Already uploaded: cert\.pdf/);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Confirm Detail' });
    // Unchanged answers are not saved again.
    expect(draftPuts(api)).toEqual([]);
  });
});
