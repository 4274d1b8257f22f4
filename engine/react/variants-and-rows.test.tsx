// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ServiceDefinition } from '../core/definition-types';
import { testDefinitionFile } from '../core/test-definition';
import { ServiceWizard } from './service-wizard';
import { fakeBackend, ok, sentTo, WithI18n } from './test-support';
import type { UploadFileOptions, UploadHandle } from './upload-file';

afterEach(cleanup);

/** Form A: one text. */
function formA(): ServiceDefinition {
  return {
    ...testDefinitionFile({
      id: 77,
      submit: {
        calls: [
          {
            name: 'save-a',
            method: 'POST',
            path: 'paired/a',
            body: { '...': '$form', application_id: '$context.applicationId' },
            savesRecord: true,
          },
        ],
      },
      view: { record: 'record_a', rows: [{ label: 'Chemical', field: 'chemical' }] },
    }),
    variant: { key: 'a', label: 'Rotterdam' },
    formSchema: {
      type: 'object',
      required: ['chemical'],
      properties: { chemical: { type: 'string', title: 'Chemical', maxLength: 50 } },
    },
    uiSchema: {},
    callSchemas: {},
  };
}

/** Form B: a name and transit rows (3 shown, at most 4) saved by a follow-up call. */
function formB(): ServiceDefinition {
  return {
    ...testDefinitionFile({
      id: 77,
      documents: {
        accept: ['pdf'],
        serviceAttachments: false,
        templates: [{ label: 'Notification template', file: 'notification.pdf' }],
      },
      submit: {
        calls: [
          {
            name: 'save-b',
            method: 'POST',
            path: 'paired/b',
            body: { '...': '$form', application_id: '$context.applicationId' },
            omit: ['transit'],
            savesRecord: true,
          },
          {
            name: 'transit',
            method: 'POST',
            path: 'paired/transit',
            body: {
              application_id: '$context.applicationId',
              transit: { $form: 'transit', trim: true, keepRowsWith: ['from', 'to'] },
            },
          },
        ],
      },
      view: {
        record: 'record_b',
        rows: [{ label: 'Waste', field: 'waste' }],
        tables: [
          {
            title: 'Transit states',
            record: 'transit',
            field: 'transit',
            columns: [
              { label: 'From', field: 'from' },
              { label: 'To', field: 'to' },
            ],
          },
        ],
      },
    }),
    variant: { key: 'b', label: 'Basel' },
    formSchema: {
      type: 'object',
      required: ['waste'],
      properties: {
        waste: { type: 'string', title: 'Waste', maxLength: 50 },
        transit: {
          type: 'array',
          title: 'Transit states',
          maxItems: 4,
          default: [{}, {}, {}],
          items: {
            type: 'object',
            properties: {
              from: { type: 'string', title: 'From', maxLength: 50 },
              to: { type: 'string', title: 'To', maxLength: 50 },
            },
          },
        },
      },
    },
    uiSchema: {},
    callSchemas: {},
  };
}

function paired(): ServiceDefinition {
  const a = formA();
  return {
    ...a,
    wizard: { title: 'Apply | Paired', editTitle: 'Edit | Paired' },
    documents: { accept: ['pdf'], serviceAttachments: false },
    variants: { label: 'Convention', options: [a, formB()] },
  };
}

const upload = vi.fn((options: UploadFileOptions): UploadHandle => ({
  result: Promise.resolve({
    ok: true,
    code: 201,
    data: { id: 1, description: options.description, path: 'x', name: 'x' },
  }),
  abort: () => undefined,
}));

describe('a service with several forms', () => {
  it('asks for the form first, keeps what was typed in each, and submits the chosen form with its rows', async () => {
    const backend = fakeBackend({
      createDraft: ok(5),
      'send paired/b': ok({ id: 5 }),
      'send paired/transit': ok([]),
    });
    const onSubmitted = vi.fn();
    render(
      <WithI18n backend={backend}>
        <ServiceWizard definition={paired()} clientId={3} mode="new" upload={upload} onSubmitted={onSubmitted} />
      </WithI18n>,
    );
    const chooser = await screen.findByRole('radiogroup', { name: /Convention/ });
    // No form until one is chosen, and Next says so.
    expect(screen.queryByLabelText(/Chemical/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please choose the Convention first.');

    fireEvent.click(within(chooser).getByLabelText('Rotterdam'));
    fireEvent.change(await screen.findByLabelText(/Chemical/), { target: { value: 'Lindane' } });
    fireEvent.click(within(chooser).getByLabelText('Basel'));
    const waste = await screen.findByLabelText(/Waste/);
    expect(screen.queryByLabelText(/Chemical/)).toBeNull();

    // Three rows to begin with; rows are added up to the maximum, and the last one can be deleted.
    const transit = screen.getByRole('group', { name: 'Transit states' });
    expect(within(transit).getAllByRole('group', { name: /^Row \d$/ })).toHaveLength(3);
    // Rows are numbered by their caption, not by RJSF's item titles.
    expect(within(transit).queryByText(/Transit states-1/)).toBeNull();
    const add = within(transit).getByRole('button', { name: 'Add row' });
    fireEvent.click(add);
    await waitFor(() => expect(within(transit).getAllByRole('group', { name: /^Row \d$/ })).toHaveLength(4));
    expect((add as HTMLButtonElement).disabled).toBe(true);
    expect(within(transit).getByText('Up to 4 rows')).toBeTruthy();
    expect(within(transit).getAllByRole('button', { name: 'Delete last row' })).toHaveLength(1);
    fireEvent.click(within(transit).getByRole('button', { name: 'Delete last row' }));
    await waitFor(() => expect(within(transit).getAllByRole('group', { name: /^Row \d$/ })).toHaveLength(3));
    expect((within(transit).getByRole('button', { name: 'Add row' }) as HTMLButtonElement).disabled).toBe(false);

    const row = (n: number) => within(within(transit).getByRole('group', { name: `Row ${n}` }));
    fireEvent.change(waste, { target: { value: 'Lead batteries' } });
    fireEvent.change(row(1).getByLabelText('From'), { target: { value: ' Kenya ' } });
    fireEvent.change(row(1).getByLabelText('To'), { target: { value: 'Rwanda' } });
    fireEvent.change(row(2).getByLabelText('From'), { target: { value: 'Uganda' } });

    // Back to the other form: what was typed there is still there, and so is this one's.
    fireEvent.click(within(chooser).getByLabelText('Rotterdam'));
    expect(((await screen.findByLabelText(/Chemical/)) as HTMLInputElement).value).toBe('Lindane');
    fireEvent.click(within(chooser).getByLabelText('Basel'));
    expect(((await screen.findByLabelText(/Waste/)) as HTMLInputElement).value).toBe('Lead batteries');

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Document Uploads' });
    // The chosen form's template, from the service's folder.
    const template = screen.getByRole('link', { name: 'Notification template' });
    expect(template.getAttribute('href')).toBe('templates:77:notification.pdf');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Confirm Detail' });
    const summary = await screen.findByRole('table', { name: 'Summary of the application' });
    expect(within(summary).getByText('Convention').nextSibling?.textContent).toBe('Basel');
    // The rows are a table of their own, a column per answered field, the blank row left out.
    const rows = screen.getByRole('table', { name: 'Transit states' });
    expect(
      within(rows)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['From', 'To']);
    expect(
      within(rows)
        .getAllByRole('cell')
        .map((cell) => cell.textContent?.trim()),
    ).toEqual(['Kenya', 'Rwanda', 'Uganda', '']);

    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Application succesfully submitted');
    expect(sentTo(backend, 'paired/b')).toContainEqual({ waste: 'Lead batteries', application_id: 5 });
    // Only rows with both ends, trimmed.
    expect(sentTo(backend, 'paired/transit')).toContainEqual({
      application_id: 5,
      transit: [{ from: 'Kenya', to: 'Rwanda' }],
    });
    expect(sentTo(backend, 'paired/a')).toEqual([]);
    expect(onSubmitted).toHaveBeenCalledTimes(1);
  });

  it("shows an application with the form whose record it holds, its tables, and edits it with that form's title", async () => {
    const application = (status: number) => ({
      id: 5,
      app_id: 'APP-5',
      service_id: 77,
      application_status_id: status,
      application_attachments: [],
      application_flow_histories: [{ application_status_id: 7, comment_to_applicant: 'Add the carrier' }],
      record_a: null,
      record_b: { waste: 'Lead batteries' },
      transit: { transit: [{ from: 'Kenya', to: 'Rwanda', extra: { id: 1 } }] },
    });
    const backend = fakeBackend({ 'read application:5': ok(application(2)) });
    const { unmount } = render(
      <WithI18n backend={backend}>
        <ServiceWizard definition={paired()} clientId={3} mode="view" applicationId={5} />
      </WithI18n>,
    );
    const details = await screen.findByRole('table', { name: 'Details' });
    expect(within(details).getByText('Convention').nextSibling?.textContent).toBe('Basel');
    expect(within(details).getByText('Waste').nextSibling?.textContent).toBe('Lead batteries');
    const table = screen.getByRole('table', { name: 'Transit states' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['From', 'To']);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Kenya', 'Rwanda']);
    expect(screen.queryByRole('radiogroup')).toBeNull();
    unmount();

    // Returned, on the edit route: the form is fixed (no chooser) and holds the saved rows.
    const returned = fakeBackend({ 'read application:5': ok(application(7)) });
    render(
      <WithI18n backend={returned}>
        <ServiceWizard definition={paired()} clientId={3} mode="edit" applicationId={5} />
      </WithI18n>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Edit | Paired');
    expect((await screen.findByText('Application Returned')).closest('[role="alert"]')?.textContent).toContain(
      'Add the carrier',
    );
    expect(((await screen.findByLabelText(/Waste/)) as HTMLInputElement).value).toBe('Lead batteries');
    const transit = screen.getByRole('group', { name: 'Transit states' });
    expect(within(transit).getAllByRole('group', { name: /^Row \d$/ })).toHaveLength(1);
    expect((within(transit).getByLabelText('From') as HTMLInputElement).value).toBe('Kenya');
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });
});

describe('errors no field shows', () => {
  it('are listed in the alert with their field, while errors beside a field are not', async () => {
    const definition: ServiceDefinition = {
      ...testDefinitionFile({ id: 78, documents: { accept: ['pdf'], serviceAttachments: false } }),
      formSchema: {
        type: 'object',
        required: ['name', 'holder'],
        properties: {
          name: { type: 'string', title: 'Name', maxLength: 50 },
          holder: { type: 'string', title: 'Holder', maxLength: 50 },
        },
        errorMessage: { required: { holder: 'Choose a company' } },
      },
      uiSchema: { holder: { 'ui:widget': 'hidden' } },
      callSchemas: {},
    };
    render(
      <WithI18n backend={fakeBackend({ createDraft: ok(6) })}>
        <ServiceWizard definition={definition} clientId={3} mode="new" />
      </WithI18n>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    const alert = await screen.findByRole('alert');
    await waitFor(() =>
      expect(
        within(alert)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Holder: Choose a company']),
    );
    // The name's error is beside its field.
    expect(within(alert).queryByText(/Name/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Acme' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(screen.getByRole('alert')).getAllByRole('listitem')).toHaveLength(1));
  });
});
