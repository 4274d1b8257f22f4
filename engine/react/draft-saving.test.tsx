// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ApiResult } from '../core/api-client';
import { draftText, leftDraftKey, leftDraftText, readLeftDraft } from '../core/left-draft';
import { createPageLeaving, PageLeavingContext } from './page-leaving';
import { ServiceWizard } from './service-wizard';
import { COMPANY_CERTIFICATE, fakeUpload, SAMPLE_SERVICE } from './wizard-test-support';
import { fail, fakeBackend, ok, WithI18n, type Route } from './test-support';

// The wizard's steps are loaded lazily: they are waited for as long as a busy machine needs, not the
// default second. The waits of the saving itself run on fake timers.
configure({ asyncUtilTimeout: 60_000 });
vi.setConfig({ testTimeout: 120_000 });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
});

const sample = SAMPLE_SERVICE;
const ATTACHMENTS = [COMPANY_CERTIFICATE];

const draftPuts = (backend: ReturnType<typeof fakeBackend>) =>
  backend.saveDraft.mock.calls.filter(([id]) => id === 41).map(([, draft]) => draft);

describe('the wizard keeps its draft', () => {
  it('saves step 1 when leaving it (complete or not), sends the chosen file when chosen, and nothing after the submission', async () => {
    const backend = fakeBackend({
      createDraft: ok(41),
      'read attachments:99': ok(ATTACHMENTS),
      saveDraft: ok({ id: 41, saved_at: '2026-03-04T09:30:00.000Z' }),
      'send clients/applications/sample': ok({ id: 1 }),
    });
    const upload = fakeUpload();
    render(
      <WithI18n backend={backend}>
        <ServiceWizard definition={sample} clientId={5} mode="new" upload={upload} saveDrafts />
      </WithI18n>,
    );
    await screen.findByRole('heading', { name: 'Application Details' });
    fireEvent.change(screen.getByLabelText(/Quantity/), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(draftPuts(backend)).toEqual([{ answers: { quantity: 12 } }]));
    expect((await screen.findByText(/^Saved at /)).getAttribute('aria-live')).toBe('polite');

    fireEvent.change(screen.getByLabelText(/Description/), { target: { value: 'Bags' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Document Uploads' });
    expect(draftPuts(backend)).toEqual([
      { answers: { quantity: 12 } },
      { answers: { quantity: 12, description: 'Bags' } },
    ]);

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
    expect(draftPuts(backend)).toHaveLength(2);
  });

  it('continues a draft with its answers and its uploaded files, which count for their documents', async () => {
    const backend = fakeBackend({
      'read application:41': ok({
        id: 41,
        app_id: 'APP-41',
        application_status_id: 1,
        application_attachments: [{ id: 3, description: 'Company certificate', path: 'uploads/a', name: 'cert.pdf' }],
        draft: { answers: { quantity: 7, description: 'Kept' }, saved_at: '2026-03-04T09:30:00.000Z' },
      }),
      'read attachments:99': ok(ATTACHMENTS),
      saveDraft: ok({ id: 41 }),
    });
    render(
      <WithI18n backend={backend}>
        <ServiceWizard definition={sample} clientId={5} mode="view" applicationId={41} saveDrafts />
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
    expect(draftPuts(backend)).toEqual([]);
  });
});

describe('the wizard saves its draft while the applicant types and when the page is left', () => {
  const KEPT = { answers: { quantity: 7, description: 'Kept' } };

  /**
   * A continued draft (41) holding KEPT; `put` answers its saves. Its host tells it when the page goes
   * (`leaving`: the portal's listeners, app/pages/use-leave-guard.ts, are tested there).
   */
  async function openDraft(put: Route = () => ok({ id: 41 })) {
    const leaving = createPageLeaving();
    const backend = fakeBackend({
      'read application:41': ok({
        id: 41,
        app_id: 'APP-41',
        application_status_id: 1,
        application_attachments: [],
        draft: { ...KEPT, saved_at: '2026-03-04T09:30:00.000Z' },
      }),
      'read attachments:99': ok(ATTACHMENTS),
      saveDraft: put,
    });
    render(
      <WithI18n backend={backend}>
        <PageLeavingContext.Provider value={leaving}>
          <ServiceWizard definition={sample} clientId={5} mode="view" applicationId={41} saveDrafts />
        </PageLeavingContext.Provider>
      </WithI18n>,
    );
    await screen.findByRole('heading', { name: 'Application Details' });
    // From here the saver's and the field's waits run on the test's clock.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-03-04T10:15:00'));
    const description = screen.getByLabelText(/Description/) as HTMLInputElement;
    /** The page is hidden (a phone switching apps) or closed: its host tells the wizard. */
    const leavePage = () => act(() => leaving.leave());
    return { backend, description, leavePage };
  }
  /** Runs the clock on by `ms`, with the promises its timers start. */
  const advance = (ms: number) =>
    act(async () => {
      await vi.advanceTimersByTimeAsync(ms);
    });
  const type = (field: HTMLInputElement, text: string) => fireEvent.change(field, { target: { value: text } });
  /** The request options of each save (the fake's signature names two arguments; the wizard passes three). */
  const putOptions = (backend: ReturnType<typeof fakeBackend>) =>
    backend.saveDraft.mock.calls.filter(([id]) => id === 41).map((call) => call[2]);

  it('says "Unsaved changes" from the first key, saves the text still in the field after 10 s of typing, then says when', async () => {
    const { backend, description } = await openDraft();
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    let text = 'Kept';
    type(description, (text += ' w0'));
    expect(screen.getByText('Unsaved changes').getAttribute('aria-live')).toBe('polite');
    // A word every 200 ms: the field never pauses long enough to hand its text to the form, and the
    // draft's quiet wait never ends.
    for (let word = 1; word < 50; word += 1) {
      await advance(200);
      type(description, (text += ` w${word}`));
    }
    await advance(199);
    expect(draftPuts(backend)).toEqual([]);
    await advance(1);
    expect(draftPuts(backend)).toEqual([{ answers: { quantity: 7, description: text } }]);
    expect(putOptions(backend)).toEqual([undefined]);
    expect(screen.getByText(/^Saved at 10:15/)).toBeTruthy();
    // The next key: the note no longer claims the draft is saved.
    type(description, `${text} more`);
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    // The field's pause (the form takes the text as the act ends), then the draft's quiet wait.
    await advance(250);
    await advance(2499);
    expect(draftPuts(backend)).toHaveLength(1);
    await advance(1);
    expect(draftPuts(backend)).toHaveLength(2);
    expect(screen.getByText(/^Saved at 10:15/)).toBeTruthy();
  });

  it('sends the typing of a page hidden or left at once with a request that outlives the page, and keeps a copy until the server confirms it', async () => {
    const answers: Array<(result: ApiResult<unknown>) => void> = [];
    const { backend, description, leavePage } = await openDraft(() => new Promise((resolve) => answers.push(resolve)));
    type(description, 'Kept, and the last words');
    // Hidden.
    leavePage();
    expect(draftPuts(backend)).toEqual([{ answers: { quantity: 7, description: 'Kept, and the last words' } }]);
    expect(putOptions(backend)).toEqual([{ keepalive: true }]);
    expect(readLeftDraft(localStorage.getItem(leftDraftKey(41)))).toEqual({
      draft: { answers: { quantity: 7, description: 'Kept, and the last words' } },
      basis: [expect.any(String)],
    });
    expect(screen.getByText('Saving…')).toBeTruthy();
    // The page is then closed: nothing new to send.
    leavePage();
    expect(draftPuts(backend)).toHaveLength(1);
    await act(async () => answers[0]?.(ok({ id: 41 })));
    expect(localStorage.getItem(leftDraftKey(41))).toBeNull();
    expect(screen.getByText(/^Saved at 10:15/)).toBeTruthy();
    await advance(60_000);
    expect(draftPuts(backend)).toHaveLength(1);
  });

  it('says a failed save and tries again by itself, later each time', async () => {
    let refusals = 2;
    const { backend, description } = await openDraft(() => (refusals-- > 0 ? fail('down', 503) : ok({ id: 41 })));
    type(description, 'Kept, then more');
    await advance(250);
    await advance(2500);
    expect(draftPuts(backend)).toHaveLength(1);
    expect(screen.getByText('Not saved: trying again…')).toBeTruthy();
    await advance(2000);
    expect(draftPuts(backend)).toHaveLength(2);
    expect(screen.getByText('Not saved: trying again…')).toBeTruthy();
    await advance(3999);
    expect(draftPuts(backend)).toHaveLength(2);
    await advance(1);
    expect(draftPuts(backend)).toEqual(Array(3).fill({ answers: { quantity: 7, description: 'Kept, then more' } }));
    expect(screen.getByText(/^Saved at 10:15/)).toBeTruthy();
  });
});

describe('a draft whose page was left before the server confirmed its answers', () => {
  const SERVER = { answers: { quantity: 7, description: 'Kept' } };

  function renderDraft() {
    const backend = fakeBackend({
      'read application:41': ok({
        id: 41,
        app_id: 'APP-41',
        application_status_id: 1,
        application_attachments: [],
        draft: { ...SERVER, saved_at: '2026-03-04T09:30:00.000Z' },
      }),
      'read attachments:99': ok(ATTACHMENTS),
      saveDraft: ok({ id: 41 }),
    });
    render(
      <WithI18n backend={backend}>
        <ServiceWizard definition={sample} clientId={5} mode="view" applicationId={41} saveDrafts />
      </WithI18n>,
    );
    return backend;
  }

  it('continues from the answers kept in the browser and saves them at once', async () => {
    const left = { answers: { quantity: 7, description: 'Kept, and what did not fit' } };
    localStorage.setItem(leftDraftKey(41), leftDraftText({ answers: left, basis: [draftText(SERVER)] }));
    const backend = renderDraft();
    await screen.findByRole('heading', { name: 'Application Details' });
    expect((screen.getByLabelText(/Description/) as HTMLInputElement).value).toBe('Kept, and what did not fit');
    await waitFor(() => expect(draftPuts(backend)).toEqual([left]));
    await waitFor(() => expect(localStorage.getItem(leftDraftKey(41))).toBeNull());
  });

  it('starts from the server when it holds newer answers (saved from another device), and forgets the copy', async () => {
    const left = { answers: { quantity: 7, description: 'Typed before' } };
    localStorage.setItem(
      leftDraftKey(41),
      leftDraftText({ answers: left, basis: [draftText({ answers: { quantity: 7 } })] }),
    );
    const backend = renderDraft();
    await screen.findByRole('heading', { name: 'Application Details' });
    expect((screen.getByLabelText(/Description/) as HTMLInputElement).value).toBe('Kept');
    await waitFor(() => expect(localStorage.getItem(leftDraftKey(41))).toBeNull());
    expect(draftPuts(backend)).toEqual([]);
  });
});
