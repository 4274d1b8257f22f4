// @vitest-environment jsdom
/**
 * The application page's listeners (use-leave-guard.ts): the page hidden or left saves the wizard's
 * draft, and closing it while a draft's file is on its way asks first; all of them go with the page.
 */
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { PageLeavingContext, ServiceWizard } from '../../engine/react';
import { fakeBackend, ok, WithI18n } from '../../engine/react/test-support';
import { COMPANY_CERTIFICATE, SAMPLE_SERVICE, scriptedUpload } from '../../engine/react/wizard-test-support';
import { useLeaveGuard } from './use-leave-guard';

// The wizard's steps are loaded lazily: waited for as long as a busy machine needs.
configure({ asyncUtilTimeout: 60_000 });

afterEach(() => {
  cleanup();
  // The page is shown again (a test hid it).
  delete (document as { visibilityState?: unknown }).visibilityState;
});

/** A page that guards its leaving, as the application page does, around `children`. */
function GuardedPage({ children }: { children: ReactNode }) {
  const leaving = useLeaveGuard();
  return <PageLeavingContext.Provider value={leaving}>{children}</PageLeavingContext.Provider>;
}

/** A continued draft (41) holding a quantity and a description, on a guarded page. */
async function openDraft() {
  const backend = fakeBackend({
    'read application:41': ok({
      id: 41,
      app_id: 'APP-41',
      application_status_id: 1,
      application_attachments: [],
      draft: { answers: { quantity: 7, description: 'Kept' }, saved_at: '2026-03-04T09:30:00.000Z' },
    }),
    'read attachments:99': ok([COMPANY_CERTIFICATE]),
    saveDraft: ok({ id: 41 }),
  });
  const uploads = scriptedUpload();
  render(
    <WithI18n backend={backend}>
      <GuardedPage>
        <ServiceWizard
          definition={SAMPLE_SERVICE}
          clientId={5}
          mode="view"
          applicationId={41}
          upload={uploads.upload}
          saveDrafts
        />
      </GuardedPage>
    </WithI18n>,
  );
  await screen.findByRole('heading', { name: 'Application Details' });
  const description = screen.getByLabelText(/Description/) as HTMLInputElement;
  return { backend, uploads, description };
}

/** The draft's saves: the answers and the request's options. */
const draftPuts = (backend: ReturnType<typeof fakeBackend>) =>
  backend.saveDraft.mock.calls.filter(([id]) => id === 41).map((call) => [call[1], call[2]]);

const type = (field: HTMLInputElement, text: string) => fireEvent.change(field, { target: { value: text } });

/** The page's visibility turns to `state`, as a phone switching apps makes it. */
function showPage(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

/** Whether the browser would ask before closing the page now (a listener prevented `beforeunload`). */
function asksBeforeClosing(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe("the application page's leave guard", () => {
  it('saves the unsaved answers when the page is hidden, in a request that outlives the page', async () => {
    const { backend, description } = await openDraft();
    type(description, 'Kept, then hidden');
    // Shown again (a tab brought back): nothing to do.
    showPage('visible');
    expect(draftPuts(backend)).toEqual([]);
    showPage('hidden');
    expect(draftPuts(backend)).toEqual([
      [{ answers: { quantity: 7, description: 'Kept, then hidden' } }, { keepalive: true }],
    ]);
  });

  it('sends on pagehide what the field holds, and the listeners go with the page', async () => {
    const { backend, description } = await openDraft();
    type(description, 'Kept, closed at once');
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(draftPuts(backend)).toEqual([
      [{ answers: { quantity: 7, description: 'Kept, closed at once' } }, { keepalive: true }],
    ]);
    await waitFor(() => expect(screen.getByText(/^Saved at /)).toBeTruthy());
    type(description, 'Kept, then the page went');
    const removed = vi.spyOn(window, 'removeEventListener');
    cleanup();
    // The wizard itself saves what it had not as it goes; the page's events then reach no one.
    const puts = draftPuts(backend).length;
    window.dispatchEvent(new Event('pagehide'));
    showPage('hidden');
    expect(draftPuts(backend)).toHaveLength(puts);
    expect(removed.mock.calls.map(([type]) => type)).toContain('pagehide');
    removed.mockRestore();
  });

  it("asks before the page closes while a draft's file is on its way, and only then", async () => {
    const { description, uploads } = await openDraft();
    expect(asksBeforeClosing()).toBe(false);
    type(description, 'Kept, with a file');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const input = await screen.findByLabelText('Choose a file for Company certificate');
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'cert.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(uploads.upload).toHaveBeenCalledTimes(1));
    expect(asksBeforeClosing()).toBe(true);
    await act(async () => void uploads.answer());
    await waitFor(() => expect(asksBeforeClosing()).toBe(false));
  });

  it('asks no more once the page is gone, though the file is still on its way', async () => {
    const { description, uploads } = await openDraft();
    type(description, 'Kept, with a file');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const input = await screen.findByLabelText('Choose a file for Company certificate');
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'cert.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(uploads.upload).toHaveBeenCalledTimes(1));
    expect(asksBeforeClosing()).toBe(true);
    cleanup();
    expect(asksBeforeClosing()).toBe(false);
  });
});
