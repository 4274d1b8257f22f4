// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ServiceDefinition } from '../core/definition-types';
import { testDefinitionFile } from '../core/test-definition';
import { ApplicationView } from './application-view';
import { fakeApi, ok, WithI18n } from './test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const sample: ServiceDefinition = {
  ...testDefinitionFile({ view: { record: 'sample_record', rows: [{ label: 'Quantity', field: 'quantity' }] } }),
  formSchema: { type: 'object', properties: { quantity: { type: 'number', title: 'Quantity' } } },
  uiSchema: {},
  callSchemas: {},
};

const application = (status: number) => ({
  id: 41,
  app_id: 'APP-41',
  service_id: 90,
  application_status_id: status,
  resubmitted: false,
  manually_processed: false,
  final_certificate_uploaded: false,
  application_attachments: [],
  application_flow_histories: [],
  sample_record: { quantity: 3 },
});

function renderView(status: number) {
  const api = fakeApi({ 'GET application/41': ok(application(status)) });
  render(
    <WithI18n>
      <ApplicationView
        definition={sample}
        api={api}
        clientId={5}
        getToken={() => 'token'}
        mode="view"
        applicationId={41}
      />
    </WithI18n>,
  );
}

describe("the view's copy of the application", () => {
  it('downloads the PDF with the token and the language, busy meanwhile', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    // jsdom has no object URLs; this file's environment is its own.
    URL.createObjectURL = vi.fn(() => 'blob:copy');
    URL.revokeObjectURL = vi.fn();
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderView(2);
    fireEvent.click(await screen.findByRole('button', { name: 'Download a copy (PDF)' }));
    const busy = await screen.findByRole('button', { name: 'Preparing the copy...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(fetchMock).toHaveBeenCalledWith('/api/application/41/copy', {
      headers: { 'Accept-Language': 'en', Authorization: 'Bearer token' },
    });
    answer(new Response('%PDF-', { status: 200 }));
    await screen.findByRole('button', { name: 'Download a copy (PDF)' });
    expect(clicked).toHaveBeenCalledTimes(1);
    clicked.mockRestore();
  });

  it('says why when the copy cannot be made', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { code: 409, data: null, error: 'Only a submitted application has a copy to download.' },
          { status: 409 },
        ),
      ),
    );
    renderView(2);
    fireEvent.click(await screen.findByRole('button', { name: 'Download a copy (PDF)' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Only a submitted application has a copy to download.',
    );
  });

  it('is not offered for a draft', async () => {
    renderView(1);
    await screen.findByText('APP-41', { exact: false });
    expect(screen.queryByRole('button', { name: 'Download a copy (PDF)' })).toBeNull();
  });
});

describe("the view's documents", () => {
  it("are listed by their names in the page's language, filed under their English names", async () => {
    const withExtra: ServiceDefinition = {
      ...sample,
      documents: {
        accept: ['pdf'],
        serviceAttachments: true,
        // A translated definition's extra upload carries its label (localize-definition.ts).
        extra: [{ name: 'Site plan', label: 'Lageplan' } as { name: string }],
      },
    };
    const api = fakeApi({
      'GET application/41': ok({
        ...application(2),
        application_attachments: [
          { description: 'Invoice', name: 'invoice.pdf', path: 'files/1' },
          { description: 'Site plan', name: 'plan.pdf', path: 'files/2' },
          { description: 'Older document', name: 'old.pdf', path: 'files/3' },
        ],
      }),
      [`GET service/attachments/${withExtra.id}`]: ok([
        { id: 1, name: 'Invoice', description: 'From the supplier', is_mandatory: true, label: 'Rechnung' },
      ]),
    });
    render(
      <WithI18n>
        <ApplicationView
          definition={withExtra}
          api={api}
          clientId={5}
          getToken={() => 'token'}
          mode="view"
          applicationId={41}
        />
      </WithI18n>,
    );
    expect(await screen.findByRole('button', { name: 'Download Rechnung' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download Lageplan' })).toBeTruthy();
    // A document no list names any more is shown as it was filed.
    expect(screen.getByRole('button', { name: 'Download Older document' })).toBeTruthy();
  });
});
