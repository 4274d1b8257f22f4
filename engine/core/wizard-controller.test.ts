import { describe, expect, it, vi } from 'vitest';
import type { ApiResult } from './api-client';
import type { AttachmentUpload, UploadedAttachment } from './backend-port';
import type { ServiceDefinition } from './definition-types';
import type { UploadSlot } from './required-documents';
import { testDefinitionFile } from './test-definition';
import { testBackend, testFail, testOk } from './test-backend';
import { createWizardController, SUBMISSION_ABORTED, type WizardControllerOptions } from './wizard-controller';

/** Service 99: its answers saved by one call, which submits the application. */
const SERVICE: ServiceDefinition = {
  ...testDefinitionFile({
    id: 99,
    wizard: { title: 'Apply | Sample', editLoadingMs: 4000 },
    submit: {
      calls: [
        {
          name: 'save',
          method: 'POST',
          path: 'samples/{applicationId}',
          body: { '...': '$form', client_id: '$context.clientId', is_submitted: true },
          savesRecord: true,
        },
      ],
    },
  }),
  formSchema: { type: 'object', properties: { quantity: { type: 'number' } } },
  uiSchema: {},
  callSchemas: {},
};

const CERTIFICATE: UploadSlot = {
  name: 'Company certificate',
  label: 'Company certificate',
  info: null,
  mandatory: true,
  kinds: ['pdf'],
} as unknown as UploadSlot;

const pdf = (name = 'cert.pdf') => Object.assign(new Blob(['%PDF']), { name });

/**
 * A clock the test moves: timers run when `advance` passes their time, never on the machine's
 * speed. `settle` lets the promises the timers start run to their end.
 */
function testClock() {
  let now = Date.parse('2026-03-04T10:00:00Z');
  let next = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  const settle = async () => {
    for (let round = 0; round < 20; round++) await Promise.resolve();
  };
  return {
    timers: {
      setTimer: (run: () => void, ms: number) => {
        timers.set(++next, { at: now + ms, run });
        return next;
      },
      clearTimer: (timer: unknown) => void timers.delete(timer as number),
      now: () => new Date(now),
    },
    settle,
    async advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, timer]) => timer.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].run();
        await settle();
      }
      now = end;
      await settle();
    },
  };
}

function setUp(script: Parameters<typeof testBackend>[0] = {}, overrides: Partial<WizardControllerOptions> = {}) {
  const backend = testBackend({ createDraft: testOk(41), ...script });
  const clock = testClock();
  const onSubmitted = vi.fn();
  const controller = createWizardController({
    backend,
    definition: SERVICE,
    clientId: 5,
    target: backend.createDraft(SERVICE.id, 5),
    keepsDraft: true,
    timers: clock.timers,
    onSubmitted,
    ...overrides,
  });
  const snapshots: unknown[] = [];
  controller.subscribe(() => snapshots.push(controller.getSnapshot()));
  return { backend, clock, controller, onSubmitted, snapshots };
}

/** Fills step 1, chooses the certificate and reaches the confirmation. */
async function toConfirmation({ controller, clock }: ReturnType<typeof setUp>) {
  controller.changed({ quantity: 12 });
  controller.acceptDetails({ quantity: 12 }, true);
  controller.chooseFile('Company certificate', pdf());
  await clock.settle();
  controller.checkDocuments([CERTIFICATE], []);
  expect(controller.getSnapshot().state.step).toBe('confirm');
}

const submission = { form: SERVICE, slots: [CERTIFICATE], parallel: false };

describe('the wizard controller, on an in-memory backend', () => {
  it('creates the draft, saves the answers, sends the chosen file at once and submits without sending it again', async () => {
    const setup = setUp();
    const { backend, clock, controller, onSubmitted } = setup;
    controller.changed({ quantity: 3 });
    expect(controller.getSnapshot().draft.status).toBe('pending');
    await clock.advance(2500);
    expect(backend.log).toEqual(['createDraft 99', 'saveDraft 41']);
    expect(controller.getSnapshot().draft.status).toBe('saved');

    await toConfirmation(setup);
    expect(backend.log).toContain('upload 41 Company certificate');
    expect(controller.getSnapshot().state.submit.uploaded).toEqual(['Company certificate']);

    await controller.submit(submission);
    expect(controller.getSnapshot().state.submit.status).toBe('done');
    expect(backend.log.filter((entry) => entry.startsWith('upload'))).toHaveLength(1);
    expect(backend.log.at(-1)).toBe('send samples/41');
    expect(onSubmitted).toHaveBeenCalledTimes(1);
    // Nothing goes to the draft once submitted.
    controller.changed({ quantity: 4 });
    await clock.advance(60_000);
    expect(backend.log.filter((entry) => entry.startsWith('saveDraft'))).toHaveLength(2);
  });

  it('aborts a submission under way: its upload is cancelled, it fails as aborted, and a retry completes it', async () => {
    const signals: AbortSignal[] = [];
    const setup = setUp(
      {
        upload: (upload: AttachmentUpload) =>
          new Promise<ApiResult<UploadedAttachment>>((resolve) => {
            if (upload.signal) signals.push(upload.signal);
            upload.signal?.addEventListener('abort', () => resolve(testFail('request aborted', 0)));
            // The retry's upload arrives.
            if (signals.length > 1)
              resolve(testOk({ id: 2, description: upload.description, path: 'uploads/x', name: 'cert.pdf' }));
          }),
      },
      // A returned application: its files go with the submission, not to a draft.
      { keepsDraft: false, target: 41 },
    );
    const { backend, controller } = setup;
    await toConfirmation(setup);
    const running = controller.submit(submission);
    await setup.clock.settle();
    expect(controller.getSnapshot().state.submit.status).toBe('working');
    controller.abort();
    await running;
    expect(signals[0]?.aborted).toBe(true);
    const { submit } = controller.getSnapshot().state;
    expect(submit.status).toBe('failed');
    expect(submit.error).toBe(SUBMISSION_ABORTED);
    expect(backend.log.filter((entry) => entry.startsWith('send'))).toEqual([]);

    await controller.submit(submission);
    expect(controller.getSnapshot().state.submit.status).toBe('done');
    expect(backend.log.filter((entry) => entry.startsWith('send'))).toEqual(['send samples/41']);
  });

  it('tries a failed save again by itself, waiting, and says so meanwhile', async () => {
    let refusals = 1;
    const { backend, clock, controller } = setUp({
      saveDraft: () => (refusals-- > 0 ? testFail('down', 503) : testOk(null)),
    });
    controller.changed({ quantity: 7 });
    await clock.advance(2500);
    expect(controller.getSnapshot().draft.status).toBe('failed');
    await clock.advance(1999);
    expect(backend.log.filter((entry) => entry.startsWith('saveDraft'))).toHaveLength(1);
    await clock.advance(1);
    expect(backend.log.filter((entry) => entry.startsWith('saveDraft'))).toHaveLength(2);
    expect(controller.getSnapshot().draft.status).toBe('saved');
  });

  it("keeps a failed draft file's problem until it is sent again, and a refused submit call until retried", async () => {
    let uploads = 0;
    let saves = 0;
    const setup = setUp({
      upload: (upload: AttachmentUpload) =>
        ++uploads === 1
          ? testFail('upload failed', 500)
          : testOk({ id: 1, description: upload.description, path: 'uploads/x', name: 'cert.pdf' }),
      send: () => (++saves === 1 ? testFail('Invalid fields: quantity') : testOk({ id: 1 })),
    });
    const { controller, clock } = setup;
    await toConfirmation(setup);
    expect(controller.getSnapshot().fileProblems).toEqual({
      'Company certificate': { kind: 'upload', error: 'upload failed' },
    });
    controller.retryFile('Company certificate');
    await clock.settle();
    expect(controller.getSnapshot().fileProblems).toEqual({});

    await controller.submit(submission);
    expect(controller.getSnapshot().state.submit).toMatchObject({ status: 'failed', failure: 'save' });
    await controller.submit(submission);
    expect(controller.getSnapshot().state.submit.status).toBe('done');
    expect(uploads).toBe(2);
  });

  it("holds an edit's loading state as the definition says, on the controller's clock", async () => {
    const setup = setUp({}, { keepsDraft: false, target: 41, holdsEdit: true });
    const { controller, clock } = setup;
    await toConfirmation(setup);
    const running = controller.submit(submission);
    await clock.advance(3999);
    expect(controller.getSnapshot().state.submit.status).toBe('working');
    await clock.advance(1);
    await running;
    expect(controller.getSnapshot().state.submit.status).toBe('done');
  });

  it('tells its subscribers of each change, and stops telling one that left', () => {
    const { controller, snapshots } = setUp({}, { keepsDraft: false, target: 41 });
    const quiet = vi.fn();
    const leave = controller.subscribe(quiet);
    controller.acceptDetails({ quantity: 1 }, true);
    leave();
    controller.previous();
    expect(quiet).toHaveBeenCalledTimes(1);
    expect(snapshots).toHaveLength(2);
    expect(controller.getSnapshot().state.step).toBe('details');
  });
});
