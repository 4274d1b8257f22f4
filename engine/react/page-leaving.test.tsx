// @vitest-environment jsdom
/**
 * The engine leaves the page as it found it: a wizard adds no listener to the window or the document,
 * and hears of the page going only through the `PageLeaving` its host gives (page-leaving.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createPageLeaving, PageLeavingContext, type LeavingWizard, type PageLeaving } from './page-leaving';
import { ServiceWizard } from './service-wizard';
import { fakeBackend, ok, WithI18n } from './test-support';
import { COMPANY_CERTIFICATE, SAMPLE_SERVICE, scriptedUpload } from './wizard-test-support';

// The wizard's steps are loaded lazily: waited for as long as a busy machine needs.
configure({ asyncUtilTimeout: 60_000 });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

/** A new application's wizard keeping its draft (41), under `leaving` when given. */
async function openNewDraft(leaving?: PageLeaving) {
  const backend = fakeBackend({
    createDraft: ok(41),
    'read attachments:99': ok([COMPANY_CERTIFICATE]),
    saveDraft: ok({ id: 41 }),
  });
  const uploads = scriptedUpload();
  const wizard = (
    <ServiceWizard definition={SAMPLE_SERVICE} clientId={5} mode="new" upload={uploads.upload} saveDrafts />
  );
  render(
    <WithI18n backend={backend}>
      {leaving ? <PageLeavingContext.Provider value={leaving}>{wizard}</PageLeavingContext.Provider> : wizard}
    </WithI18n>,
  );
  await screen.findByRole('heading', { name: 'Application Details' });
  return { backend, uploads };
}

/** Fills step 1 and chooses the document's file: its upload to the draft waits for `uploads.answer`. */
async function startFile() {
  fireEvent.change(screen.getByLabelText(/Quantity/), { target: { value: '12' } });
  fireEvent.change(screen.getByLabelText(/Description/), { target: { value: 'Bags' } });
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  const input = await screen.findByLabelText('Choose a file for Company certificate');
  fireEvent.change(input, { target: { files: [new File(['%PDF'], 'cert.pdf', { type: 'application/pdf' })] } });
}

/** Replaces the document's file, step 2 still shown: its upload waits too. */
async function startFileAgain() {
  const input = await screen.findByLabelText('Choose a file for Company certificate');
  fireEvent.change(input, { target: { files: [new File(['%PDF'], 'other.pdf', { type: 'application/pdf' })] } });
}

const draftPuts = (backend: ReturnType<typeof fakeBackend>) =>
  backend.saveDraft.mock.calls.filter(([id]) => id === 41).map((call) => [call[1], call[2]]);

describe('a wizard on a page', () => {
  it('adds no listener to the window or the document, though it keeps a draft and a file is on its way', async () => {
    // React listens to the document once, as the first root of the page is made: made before the spies.
    render(<div />);
    cleanup();
    const onWindow = vi.spyOn(window, 'addEventListener');
    const onDocument = vi.spyOn(document, 'addEventListener');
    const { uploads } = await openNewDraft();
    await startFile();
    await waitFor(() => expect(uploads.upload).toHaveBeenCalledTimes(1));
    expect(onWindow.mock.calls.map(([type]) => type)).toEqual([]);
    expect(onDocument.mock.calls.map(([type]) => type)).toEqual([]);
  });

  it("joins its host's PageLeaving: leaving sends what it has not saved, and a file on its way is told", async () => {
    const leaving = createPageLeaving();
    const told = vi.fn();
    leaving.subscribe(told);
    const { backend, uploads } = await openNewDraft(leaving);
    fireEvent.change(screen.getByLabelText(/Quantity/), { target: { value: '12' } });
    act(() => leaving.leave());
    // In a request that outlives the page (once the new draft's id is known).
    await waitFor(() => expect(draftPuts(backend)).toEqual([[{ answers: { quantity: 12 } }, { keepalive: true }]]));
    // Nothing new: nothing sent.
    await act(async () => leaving.leave());
    expect(draftPuts(backend)).toHaveLength(1);

    expect(leaving.losesOnClose()).toBe(false);
    await startFile();
    await waitFor(() => expect(leaving.losesOnClose()).toBe(true));
    expect(told).toHaveBeenCalledTimes(1);
    await act(async () => void uploads.answer());
    await waitFor(() => expect(leaving.losesOnClose()).toBe(false));
    expect(told).toHaveBeenCalledTimes(2);

    // Gone with the wizard: leaving the page then asks nothing of it.
    await startFileAgain();
    await waitFor(() => expect(leaving.losesOnClose()).toBe(true));
    cleanup();
    expect(leaving.losesOnClose()).toBe(false);
    const puts = draftPuts(backend).length;
    leaving.leave();
    expect(draftPuts(backend)).toHaveLength(puts);
  });
});

describe('createPageLeaving', () => {
  /** A wizard whose `filesBusy` the test sets. */
  function fakeWizard() {
    const listeners = new Set<() => void>();
    let filesBusy = false;
    const wizard: LeavingWizard & { setBusy(busy: boolean): void } = {
      leave: vi.fn(),
      subscribe(listener) {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
      getSnapshot: () => ({ filesBusy }),
      setBusy(busy) {
        filesBusy = busy;
        for (const listener of listeners) listener();
      },
    };
    return wizard;
  }

  it('tells every wizard joined of the leaving, and says whether one holds a file on its way', () => {
    const leaving = createPageLeaving();
    const told = vi.fn();
    const stopTelling = leaving.subscribe(told);
    const first = fakeWizard();
    const second = fakeWizard();
    const removeFirst = leaving.join(first);
    leaving.join(second);
    leaving.leave();
    expect(first.leave).toHaveBeenCalledTimes(1);
    expect(second.leave).toHaveBeenCalledTimes(1);

    first.setBusy(true);
    expect(leaving.losesOnClose()).toBe(true);
    second.setBusy(true);
    first.setBusy(false);
    expect(leaving.losesOnClose()).toBe(true);
    // Only the changes of losesOnClose are told.
    expect(told).toHaveBeenCalledTimes(1);
    second.setBusy(false);
    expect(leaving.losesOnClose()).toBe(false);
    expect(told).toHaveBeenCalledTimes(2);

    // A wizard removed while busy no longer counts, nor hears of the leaving.
    first.setBusy(true);
    removeFirst();
    expect(leaving.losesOnClose()).toBe(false);
    expect(told).toHaveBeenCalledTimes(4);
    leaving.leave();
    expect(first.leave).toHaveBeenCalledTimes(1);
    expect(second.leave).toHaveBeenCalledTimes(2);
    stopTelling();
    second.setBusy(true);
    expect(told).toHaveBeenCalledTimes(4);
  });
});
