/**
 * An applicant task's save without a framework (service.json `tasks`): the files chosen for its
 * documents, then its one save call, through the engine's backend and the submission run
 * (submission-run.ts), each file sent once, so a retry sends only what is left. The dialog is a view
 * that subscribes to it (`subscribe` / `getSnapshot`) and hands over what its form holds.
 */
import { failureMessage, type ApiResult } from './api-client';
import type { EngineBackend } from './backend-port';
import type { ApplicantTask } from './definition-types';
import { missingUploads, type UploadSlot } from './required-documents';
import { runSubmission } from './submission-run';
import { submitFailure } from './wizard-state';
import type { WizardFile } from './wizard-controller';

/** What the dialog says after a save: what failed (titled by the task's messages), or success. */
export type TaskOutcome = { severity: 'error' | 'success'; title: string; detail?: string };

export interface TaskSnapshot<F extends WizardFile = WizardFile> {
  files: Readonly<Record<string, F>>;
  /** Slot -> name of a file refused for its type. */
  refused: Readonly<Record<string, string>>;
  /** Mandatory documents the last save found without a file. */
  missing: readonly string[];
  /** The file on its way: its document's label and 0..100. */
  progress: { slot: string; percent: number } | null;
  busy: boolean;
  outcome: TaskOutcome | null;
}

export interface TaskControllerOptions {
  backend: EngineBackend;
  task: ApplicantTask;
  applicationId: number | string;
  slots: readonly UploadSlot[];
  /** The message a failure shows (the view translates); `failureMessage` by default. */
  describe?: (failure: Extract<ApiResult<unknown>, { ok: false }>) => string;
  /** Replaces the backend's upload of one file (tests). */
  upload?: (slot: string, file: WizardFile, onProgress: (percent: number) => void) => Promise<ApiResult<unknown>>;
}

export interface TaskController<F extends WizardFile = WizardFile> {
  subscribe(listener: () => void): () => void;
  getSnapshot(): TaskSnapshot<F>;
  chooseFile(slot: string, file: F): void;
  refuseFile(slot: string, fileName: string): void;
  removeFile(slot: string): void;
  /** Saves the task with what its form holds, when `valid` and every mandatory document has a file. */
  save(data: Record<string, unknown>, valid: boolean): Promise<void>;
}

function without<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const copy = { ...record };
  delete copy[key];
  return copy;
}

/** Creates the controller of one task's dialog; see the top of this file. */
export function createTaskController<F extends WizardFile = WizardFile>(
  options: TaskControllerOptions,
): TaskController<F> {
  const { backend, task, slots } = options;
  const describe = options.describe ?? ((failure) => failureMessage(failure));
  const listeners = new Set<() => void>();
  let snapshot: TaskSnapshot<F> = { files: {}, refused: {}, missing: [], progress: null, busy: false, outcome: null };
  const update = (patch: Partial<TaskSnapshot<F>>) => {
    snapshot = { ...snapshot, ...patch };
    for (const listener of listeners) listener();
  };
  // Files already on the server: a retry does not send them again.
  const uploaded = new Set<string>();
  const labelOf = (name: string) => slots.find((slot) => slot.name === name)?.label ?? name;
  const upload =
    options.upload ??
    ((slot: string, file: WizardFile, onProgress: (percent: number) => void) =>
      backend.upload({ applicationId: options.applicationId, description: slot, file, onProgress }));

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    chooseFile(slot, file) {
      uploaded.delete(slot);
      update({
        files: { ...snapshot.files, [slot]: file },
        refused: without(snapshot.refused, slot),
        missing: snapshot.missing.filter((name) => name !== slot),
      });
    },
    refuseFile(slot, fileName) {
      uploaded.delete(slot);
      update({ refused: { ...snapshot.refused, [slot]: fileName } });
    },
    removeFile(slot) {
      uploaded.delete(slot);
      update({ files: without(snapshot.files, slot) });
    },
    async save(data, valid) {
      if (snapshot.busy) return;
      const missing = missingUploads(slots, snapshot.files);
      update({ outcome: null, missing });
      if (!valid || missing.length > 0) return;
      update({ busy: true });
      const { files } = snapshot;
      // The task's save is its one call, after its files (each once: a retry sends what is left).
      const outcome = await runSubmission<WizardFile>({
        uploads: slots.flatMap((slot) => (files[slot.name] ? [{ slot: slot.name, file: files[slot.name] as F }] : [])),
        parallel: false,
        uploaded: [...uploaded],
        calls: [
          {
            name: task.key,
            method: 'POST',
            path: task.save.path,
            body: { application_id: options.applicationId, ...data },
            savesRecord: true,
          },
        ],
        completedCalls: [],
        upload: (slot, file, onProgress) => {
          // Shown from the start of each file, before its first progress event.
          update({ progress: { slot: labelOf(slot), percent: 0 } });
          return upload(slot, file, onProgress);
        },
        send: (request) => backend.send(request),
        onUploadProgress: (slot, percent) => update({ progress: { slot: labelOf(slot), percent } }),
        onUploadDone: (slot) => {
          uploaded.add(slot);
          update({ progress: null });
        },
      });
      if (!outcome.ok) {
        const failure = submitFailure(outcome.stage, outcome.result.code);
        const title =
          failure === 'upload'
            ? task.messages.upload
            : failure === 'unavailable'
              ? task.messages.unavailable
              : task.messages.refused;
        update({
          busy: false,
          progress: null,
          outcome: { severity: 'error', title, detail: describe(outcome.result) },
        });
        return;
      }
      update({ busy: false, progress: null, outcome: { severity: 'success', title: task.messages.success } });
    },
  };
}
