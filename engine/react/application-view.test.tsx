// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ApplicantTask, ServiceDefinition } from '../core/definition-types';
import { localizeDefinition } from '../core/localize-definition';
import { testDefinitionFile } from '../core/test-definition';
import { ApplicationView } from './application-view';
import { fakeBackend, ok, WithI18n } from './test-support';

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

function renderView(status: number, routes: Parameters<typeof fakeBackend>[0] = {}) {
  const backend = fakeBackend({ 'read application:41': ok(application(status)), ...routes });
  render(
    <WithI18n backend={backend}>
      <ApplicationView definition={sample} clientId={5} mode="view" applicationId={41} />
    </WithI18n>,
  );
  return backend;
}

describe("the view's copy of the application", () => {
  it("asks the backend for the copy in the page's language, busy meanwhile", async () => {
    let saved: (error: string | null) => void = () => undefined;
    const backend = renderView(2, {
      downloadCopy: () => new Promise<string | null>((resolve) => (saved = resolve)) as never,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Download a copy (PDF)' }));
    const busy = await screen.findByRole('button', { name: 'Preparing the copy...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(backend.downloadCopy).toHaveBeenCalledWith(41, 'APP-41.pdf', 'en');
    saved(null);
    await screen.findByRole('button', { name: 'Download a copy (PDF)' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why when the copy cannot be made', async () => {
    renderView(2, {
      downloadCopy: (() => Promise.resolve('Only a submitted application has a copy to download.')) as never,
    });
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
    const backend = fakeBackend({
      'read application:41': ok({
        ...application(2),
        application_attachments: [
          { description: 'Invoice', name: 'invoice.pdf', path: 'files/1' },
          { description: 'Site plan', name: 'plan.pdf', path: 'files/2' },
          { description: 'Older document', name: 'old.pdf', path: 'files/3' },
        ],
      }),
      [`read attachments:${withExtra.id}`]: ok([
        { id: 1, name: 'Invoice', description: 'From the supplier', is_mandatory: true, label: 'Rechnung' },
      ]),
    });
    render(
      <WithI18n backend={backend}>
        <ApplicationView definition={withExtra} clientId={5} mode="view" applicationId={41} />
      </WithI18n>,
    );
    expect(await screen.findByRole('button', { name: 'Download Rechnung' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download Lageplan' })).toBeTruthy();
    // A document no list names any more is shown as it was filed.
    expect(screen.getByRole('button', { name: 'Download Older document' })).toBeTruthy();
  });
});

describe('the view in the reader’s language', () => {
  it("shows the lifecycle's history comments and the tasks' documents translated, the staff's own words as written", async () => {
    const german: Record<string, string> = {
      'Conditions accepted.': 'Auflagen angenommen.',
      'Audit report (PDF)': 'Auditbericht (PDF)',
    };
    const task: ApplicantTask = {
      key: 'report',
      title: 'Send the report',
      action: 'Send it',
      // Never open here: the view lists its documents all the same.
      when: { properties: { status: { const: 'never' } }, required: ['status'] },
      form: { schema: 'report-schema.json', ui: 'report-ui.json' },
      uploads: [{ name: 'Audit report (PDF)', accept: ['pdf'], required: true }],
      save: { path: 'samples/report', record: 'sample_report', transition: 'send-report' },
      messages: { upload: 'u', unavailable: 'n', refused: 'r', success: 's' },
      formSchema: { type: 'object' },
      uiSchema: {},
    };
    const english: ServiceDefinition = {
      ...sample,
      documents: { accept: ['pdf'], serviceAttachments: false },
      tasks: [task],
      lifecycle: {
        allStatuses: [],
        statuses: [],
        transitions: [
          { name: 'accept', from: [18], to: 4, by: 'applicant', via: 'decision', comment: 'Conditions accepted.' },
        ],
      },
    };
    const localized = localizeDefinition(english, (text) => german[text] ?? text);
    const backend = fakeBackend({
      'read application:41': ok({
        ...application(4),
        application_attachments: [{ description: 'Audit report (PDF)', name: 'report.pdf', path: 'files/9' }],
        application_flow_histories: [
          { application_status_id: 2, comment_to_applicant: 'Please sign page 2', created_at: null, actor: 'staff' },
          { application_status_id: 4, comment_to_applicant: 'Conditions accepted.', created_at: null, actor: 'client' },
        ],
      }),
    });
    render(
      <WithI18n backend={backend}>
        <ApplicationView definition={localized} clientId={5} mode="view" applicationId={41} />
      </WithI18n>,
    );
    expect(await screen.findByRole('button', { name: 'Download Auditbericht (PDF)' })).toBeTruthy();
    expect(screen.getByText('Auflagen angenommen.')).toBeTruthy();
    expect(screen.queryByText('Conditions accepted.')).toBeNull();
    expect(screen.getByText('Please sign page 2')).toBeTruthy();
  });
});
