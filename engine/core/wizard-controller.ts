/**
 * The wizard of one application without a framework: the step shown and the moves between steps
 * (wizard-state.ts), the draft's answers kept as they are typed (draft-saver.ts), the draft's files
 * sent as they are chosen (draft-files.ts), the submission run (submission-run.ts), which can be
 * aborted, and the hold an edit route keeps after it (`wizard.editLoadingMs`). It talks to the server
 * only through the engine's backend (backend-port.ts).
 *
 * A view subscribes to it (`subscribe` / `getSnapshot`, the shape of React's `useSyncExternalStore`)
 * and tells it what the applicant did; what needs the form's validator (is step 1 complete, which
 * documents the answers ask for) the view works out and hands over. The controller adds no listener
 * to the page: a host that listens to the page tells it when the page is hidden or left (`leave`), and
 * reads `filesBusy` to ask before closing (engine/react/page-leaving.ts).
 */
import { failureMessage, type ApiResult } from './api-client';
import type { EngineBackend } from './backend-port';
import type { ServiceDefinition } from './definition-types';
import { hasDraftAnswers, type DraftAnswers } from './draft-answers';
import { createDraftFileQueue, type DraftFileFailure, type DraftFileQueue } from './draft-files';
import { createDraftSaver, type DraftSaver, type DraftSaveStatus, type LeftAnswers } from './draft-saver';
import { fitsKeepalive } from './keepalive-body';
import { buildSubmitRequests } from './payload-mapping';
import { missingUploads, type UploadSlot } from './required-documents';
import { runSubmission } from './submission-run';
import { initialWizardState, wizardReducer, type StepKey, type WizardAction, type WizardState } from './wizard-state';

/** What the wizard sends as a file: a Blob with its name (a browser's File). */
export type WizardFile = Blob & { name?: string };

/**
 * The application the wizard saves into: its id, or (a new application) the answer of its draft's
 * creation, still on its way while the applicant fills the form; the submit waits for it.
 */
export type ApplicationTarget = number | string | PromiseLike<ApiResult<number | string>>;

/** The id of the application `target` names, once its draft exists; a failed creation answers its failure. */
export async function resolveTarget(target: ApplicationTarget): Promise<ApiResult<number | string>> {
  return typeof target === 'object' ? await target : { ok: true, code: 200, data: target };
}

/** Quiet time after the last change before the answers are saved. */
export const DRAFT_SAVE_DELAY_MS = 2500;
/** The longest a change waits for its save while the applicant goes on typing. */
export const DRAFT_SAVE_MAX_WAIT_MS = 10_000;

/** The error of a submission aborted by the applicant or the page going away. */
export const SUBMISSION_ABORTED = 'submission aborted';

/** Why the draft does not hold what the applicant chose for a document. */
export interface DraftFileProblem {
  kind: DraftFileFailure;
  error: string;
}

/** What the draft's note shows. */
export interface DraftSaveState {
  status: DraftSaveStatus;
  savedAt: Date | null;
}

/** Everything a view shows; a new object whenever a part changes, the unchanged parts kept. */
export interface WizardSnapshot<F extends WizardFile = WizardFile> {
  state: WizardState<F>;
  draft: DraftSaveState;
  /** Slot -> what failed when sending its file to the draft (the applicant may retry). */
  fileProblems: Readonly<Record<string, DraftFileProblem>>;
  /** Documents of the draft's own files the applicant removed or replaced since it was continued. */
  dropped: readonly string[];
  /** A draft file is on its way (a page closed now would lose it). */
  filesBusy: boolean;
}

/** The timers of the draft's saving and of the edit hold (tests give their own clock). */
export interface WizardTimers {
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
  now: () => Date;
}

export interface WizardControllerOptions {
  backend: EngineBackend;
  /** The service shown (its id names the service in the submit calls; its edit hold). */
  definition: Pick<ServiceDefinition, 'id' | 'wizard'>;
  clientId: number | string;
  target: ApplicationTarget;
  /** The answers and the form the wizard starts with. */
  start?: { formData?: Record<string, unknown>; variant?: string };
  /** Keeps the draft: answers saved as typed, files sent as chosen (a new or continued draft, not a returned one). */
  keepsDraft: boolean;
  /** The answers the draft holds on the server already (a continued draft's). */
  saved?: DraftAnswers;
  /** Answers a page left this draft with that the server may not hold: sent at once. */
  resume?: DraftAnswers;
  /** Documents the draft holds a file of already (a continued draft's). */
  heldFiles?: readonly string[];
  /** The submission is on the service's edit route: its loading state is held `wizard.editLoadingMs`. */
  holdsEdit?: boolean;
  /** The message a failure shows (the view translates); `failureMessage` by default. */
  describe?: (failure: Extract<ApiResult<unknown>, { ok: false }>) => string;
  /** The call saving the record succeeded: the application is submitted. */
  onSubmitted?: () => void;
  /** Keeps answers a page is left with (the browser's storage); see draft-saver.ts. */
  keepLeft?: (id: number | string, left: LeftAnswers<DraftAnswers>) => void;
  /** The kept answers were saved: their copy can go. */
  forgetLeft?: (id: number | string) => void;
  timers?: Partial<WizardTimers>;
  draftDelayMs?: number;
  draftMaxWaitMs?: number;
}

/** What a submission needs that only the view knows: the chosen form and the documents it asks for. */
export interface SubmissionInput {
  /** The form filled in (the chosen variant's for a service with several). */
  form: ServiceDefinition;
  slots: readonly UploadSlot[];
  /** Upload the files side by side (`documents.parallelUploads`). */
  parallel: boolean;
}

export interface WizardController<F extends WizardFile = WizardFile> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): WizardSnapshot<F>;
  /** Answers the current form holds (typed text handed over first), read before each draft save. */
  setCollector(collect: (() => Record<string, unknown> | undefined) | null): void;
  /** Step 1 changed. */
  changed(formData: Record<string, unknown>): void;
  /** A field holds typing the form has not received yet (the first key after a pause). */
  touched(): void;
  /** Another of the service's forms was chosen; `formData` is what the shown form holds. */
  chooseVariant(variant: string, formData: Record<string, unknown>): void;
  /** Next on step 1: the answers are saved to the draft, and the step is left when `valid`. */
  acceptDetails(formData: Record<string, unknown>, valid: boolean): void;
  /** Next on step 2: on to the confirmation when every mandatory document has a file. */
  checkDocuments(slots: readonly UploadSlot[], kept: readonly string[]): void;
  previous(): void;
  /** A continued draft opens at the step it was left at. */
  resumeAt(step: StepKey): void;
  chooseFile(slot: string, file: F): void;
  refuseFile(slot: string, fileName: string): void;
  removeFile(slot: string): void;
  /** Sends again the draft file that failed for `slot`. */
  retryFile(slot: string): void;
  /** Runs the submission; resolves once it succeeded, failed or was aborted. */
  submit(input: SubmissionInput): Promise<void>;
  /** Aborts a submission under way: its uploads are cancelled and it fails as aborted. */
  abort(): void;
  /**
   * The wizard is shown: answers a page left behind (`resume`) are saved now. Not done on creation, so
   * a controller made and thrown away (a render React discards) sends nothing.
   */
  open(): void;
  /** The page is hidden or left: unsaved answers go in a request that outlives it. */
  leave(): void;
  /** The wizard goes away: what is unsaved goes, what runs is cancelled (the draft's files are not). */
  dispose(): void;
}

const NO_PROBLEMS: Readonly<Record<string, DraftFileProblem>> = {};
const IDLE_DRAFT: DraftSaveState = { status: 'idle', savedAt: null };

/** Creates the controller of one wizard; see the top of this file. */
export function createWizardController<F extends WizardFile = WizardFile>(
  options: WizardControllerOptions,
): WizardController<F> {
  const { backend } = options;
  const timers: WizardTimers = {
    setTimer: options.timers?.setTimer ?? ((run, ms) => setTimeout(run, ms)),
    clearTimer: options.timers?.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>)),
    now: options.timers?.now ?? (() => new Date()),
  };
  const describe = options.describe ?? ((failure) => failureMessage(failure));
  const listeners = new Set<() => void>();
  let snapshot: WizardSnapshot<F> = {
    state: initialWizardState<F>(options.start ?? {}),
    draft: IDLE_DRAFT,
    fileProblems: NO_PROBLEMS,
    dropped: [],
    filesBusy: false,
  };
  const update = (patch: Partial<WizardSnapshot<F>>) => {
    snapshot = { ...snapshot, ...patch };
    for (const listener of listeners) listener();
  };
  const dispatch = (action: WizardAction<F>) => {
    const next = wizardReducer(snapshot.state, action);
    if (next !== snapshot.state) update({ state: next });
  };
  const draftOf = (formData: Record<string, unknown>): DraftAnswers => ({
    answers: formData,
    ...(snapshot.state.variant !== undefined ? { variant: snapshot.state.variant } : {}),
  });

  // The draft's id once known, for its copy in the browser (a new draft's creation may be on its way).
  let draftId: number | string | null = typeof options.target === 'object' ? null : options.target;
  if (typeof options.target === 'object')
    void Promise.resolve(options.target).then((result) => {
      if (result.ok) draftId = result.data;
    });

  let collect: (() => Record<string, unknown> | undefined) | null = null;
  const saver: DraftSaver<DraftAnswers> | null = options.keepsDraft ? createSaver() : null;
  /** Nothing typed yet is not saved: a draft is offered to continue only once it holds something. */
  const worthSaving = (draft: DraftAnswers) =>
    options.saved !== undefined || (saver !== null && saver.status !== 'idle') || hasDraftAnswers(draft.answers);

  function createSaver(): DraftSaver<DraftAnswers> {
    return createDraftSaver<DraftAnswers>({
      delayMs: options.draftDelayMs ?? DRAFT_SAVE_DELAY_MS,
      maxWaitMs: options.draftMaxWaitMs ?? DRAFT_SAVE_MAX_WAIT_MS,
      ...(options.saved ? { saved: options.saved } : {}),
      leftBehind: options.resume !== undefined,
      collect: () => {
        const formData = collect?.();
        if (!formData) return undefined;
        const draft = draftOf(formData);
        return worthSaving(draft) ? draft : undefined;
      },
      onStatus: (status, savedAt) => update({ draft: { status, savedAt } }),
      save: async (draft, { leaving }) => {
        // An id known already is used at once: a save sent as the page goes cannot wait a turn.
        const target =
          typeof options.target === 'object'
            ? await resolveTarget(options.target)
            : { ok: true as const, code: 200, data: options.target };
        if (!target.ok) return false;
        // A request outliving the page carries 64 KiB at most: a larger draft goes as usual (a hidden
        // page may stay alive long enough), and its copy in the browser waits for the next visit.
        const keepalive = leaving && fitsKeepalive(JSON.stringify(draft));
        const result = await backend.saveDraft(target.data, draft, keepalive ? { keepalive } : undefined);
        return result.ok;
      },
      keepLeft: (left) => {
        if (draftId !== null) options.keepLeft?.(draftId, left);
      },
      forgetLeft: () => {
        if (draftId !== null) options.forgetLeft?.(draftId);
      },
      setTimer: timers.setTimer,
      clearTimer: timers.clearTimer,
      now: timers.now,
    });
  }

  /** Uploads one file of the application; `abort` cancels it. */
  function startUpload(applicationId: number | string, slot: string, file: F, onProgress: (percent: number) => void) {
    const controller = new AbortController();
    const result = backend.upload({ applicationId, description: slot, file, onProgress, signal: controller.signal });
    return { result, abort: () => controller.abort() };
  }

  const files: DraftFileQueue<F> | null = options.keepsDraft
    ? createDraftFileQueue<F>(
        {
          upload(slot, file, onProgress) {
            let started: { abort(): void } | null = null;
            let aborted = false;
            const result = resolveTarget(options.target).then(
              (target): Promise<ApiResult<unknown>> | ApiResult<unknown> => {
                if (!target.ok) return target;
                if (aborted) return { ok: false, code: 0, error: SUBMISSION_ABORTED };
                const upload = startUpload(target.data, slot, file, onProgress);
                started = upload;
                return upload.result;
              },
            );
            return {
              result,
              abort: () => {
                aborted = true;
                started?.abort();
              },
            };
          },
          async remove(slot) {
            const target = await resolveTarget(options.target);
            // A draft never created holds nothing.
            return target.ok ? backend.removeDraftFile(target.data, slot) : { ok: true, code: 200, data: null };
          },
          onProgress: (slot, percent) => dispatch({ type: 'uploadProgress', slot, percent }),
          onUploaded: (slot) => dispatch({ type: 'uploadDone', slot }),
          onFailed: (slot, kind, error) =>
            update({ fileProblems: { ...snapshot.fileProblems, [slot]: { kind, error } } }),
          onBusy: (busy) => update({ filesBusy: busy }),
        },
        options.heldFiles ?? [],
      )
    : null;

  const forgetProblem = (slot: string) => {
    if (!(slot in snapshot.fileProblems)) return;
    const rest = { ...snapshot.fileProblems };
    delete rest[slot];
    update({ fileProblems: rest });
  };
  const drop = (slot: string) => {
    if (options.heldFiles?.includes(slot) && !snapshot.dropped.includes(slot))
      update({ dropped: [...snapshot.dropped, slot] });
  };

  let submission: AbortController | null = null;
  let holdTimer: unknown = null;

  async function submit(input: SubmissionInput): Promise<void> {
    if (snapshot.state.submit.status === 'working' || snapshot.state.step !== 'confirm') return;
    // Submitted answers are the record's: nothing more goes to the draft.
    saver?.stop();
    const aborting = new AbortController();
    submission = aborting;
    dispatch({ type: 'submitStarted' });
    const fail = (result: Extract<ApiResult<unknown>, { ok: false }>, stage: 'upload' | 'save' | 'call') =>
      dispatch({ type: 'submitFailed', error: describe(result), stage, code: result.code });
    const aborted = () => fail({ ok: false, code: 0, error: SUBMISSION_ABORTED }, 'save');
    try {
      // The files on their way to the draft arrive first; those that arrived are not sent again.
      const inDraft = files ? await files.settled() : [];
      const started = timers.now().getTime();
      const target = await resolveTarget(options.target);
      if (aborting.signal.aborted) return aborted();
      if (!target.ok) return fail(target, 'save');
      const { state } = snapshot;
      // Files first, while the application is still a draft: the call that submits refuses an
      // application without its mandatory documents, and an interruption leaves a draft to resume.
      const outcome = await runSubmission<F>({
        uploads: input.slots.flatMap((slot) => {
          const file = state.files[slot.name];
          return file ? [{ slot: slot.name, file }] : [];
        }),
        parallel: input.parallel,
        uploaded: [...new Set([...state.submit.uploaded, ...inDraft])],
        calls: buildSubmitRequests(input.form, state.formData, {
          clientId: options.clientId,
          applicationId: target.data,
          serviceId: options.definition.id,
        }),
        completedCalls: state.submit.completedCalls,
        upload: (slot, file, onProgress) => {
          if (aborting.signal.aborted) return Promise.resolve({ ok: false, code: 0, error: SUBMISSION_ABORTED });
          const upload = startUpload(target.data, slot, file, onProgress);
          aborting.signal.addEventListener('abort', upload.abort, { once: true });
          return upload.result;
        },
        send: (request) =>
          aborting.signal.aborted
            ? Promise.resolve({ ok: false, code: 0, error: SUBMISSION_ABORTED })
            : backend.send(request),
        onUploadProgress: (slot, percent) => dispatch({ type: 'uploadProgress', slot, percent }),
        onUploadDone: (slot) => dispatch({ type: 'uploadDone', slot }),
        onCallDone: (request) => {
          dispatch({ type: 'callDone', name: request.name });
          if (request.savesRecord) options.onSubmitted?.();
        },
      });
      if (aborting.signal.aborted && !outcome.ok) return aborted();
      if (!outcome.ok) return fail(outcome.result, outcome.stage);
      // The edit route of a service may keep its loading state a while (the licences: 4 seconds, spec 02).
      const hold = options.holdsEdit
        ? (options.definition.wizard.editLoadingMs ?? 0) - (timers.now().getTime() - started)
        : 0;
      if (hold > 0) await wait(hold, aborting.signal);
      dispatch({ type: 'submitSucceeded' });
    } finally {
      if (submission === aborting) submission = null;
    }
  }

  /** Waits `ms` on the controller's clock; an abort ends the wait at once (the submission is done). */
  function wait(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        timers.clearTimer(holdTimer);
        holdTimer = null;
        resolve();
      };
      holdTimer = timers.setTimer(done, ms);
      signal.addEventListener('abort', done, { once: true });
    });
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    setCollector(next) {
      collect = next;
    },
    changed(formData) {
      const draft = draftOf(formData);
      if (saver && worthSaving(draft)) saver.changed(draft);
    },
    touched: () => saver?.touched(),
    chooseVariant(variant, formData) {
      dispatch({ type: 'variantChosen', variant, formData });
    },
    acceptDetails(formData, valid) {
      // Kept whether or not the step is complete: a draft is saved as typed.
      const draft = draftOf(formData);
      if (saver && worthSaving(draft)) void saver.flush(draft);
      if (valid) dispatch({ type: 'detailsAccepted', formData });
    },
    checkDocuments(slots, kept) {
      const satisfied: Record<string, unknown> = { ...snapshot.state.files };
      // A returned application, and a continued draft, keep the files they already have.
      for (const name of kept) satisfied[name] ??= true;
      dispatch({ type: 'documentsChecked', missing: missingUploads(slots, satisfied) });
    },
    previous: () => dispatch({ type: 'previous' }),
    resumeAt: (step) => dispatch({ type: 'resumedAt', step }),
    chooseFile(slot, file) {
      dispatch({ type: 'fileChosen', slot, file });
      if (!files) return;
      // Sent to the draft at once: an applicant who leaves now finds it in the draft; it replaces the
      // file the draft held for the document.
      forgetProblem(slot);
      drop(slot);
      dispatch({ type: 'uploadProgress', slot, percent: 0 });
      files.choose(slot, file);
    },
    refuseFile: (slot, fileName) => dispatch({ type: 'fileRefused', slot, fileName }),
    removeFile(slot) {
      dispatch({ type: 'fileRemoved', slot });
      if (!files) return;
      forgetProblem(slot);
      drop(slot);
      files.remove(slot);
    },
    retryFile(slot) {
      const problem = snapshot.fileProblems[slot];
      if (!problem || !files) return;
      forgetProblem(slot);
      if (problem.kind === 'upload') dispatch({ type: 'uploadProgress', slot, percent: 0 });
      files.retry(slot);
    },
    submit,
    abort: () => submission?.abort(),
    open() {
      if (saver && options.resume) void saver.flush(options.resume);
    },
    leave: () => saver?.leave(),
    dispose() {
      saver?.leave();
      // The submission's uploads are cancelled; the draft's files are kept going: an applicant who
      // leaves after choosing finds them in the draft.
      submission?.abort();
    },
  };
}
