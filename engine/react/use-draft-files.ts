/**
 * The files of a draft kept as they are chosen in step 2 (`createDraftFileQueue`, engine/core/draft-files.ts):
 * a chosen file is uploaded to the draft at once, its progress in the wizard's state as on Submit; a
 * removed one is removed from the draft (the backend's `removeDraftFile`).
 * An applicant who leaves after choosing finds the file in the draft: uploads are not cancelled when
 * the wizard goes away within the portal, and while one is on its way, closing the page asks first.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type Dispatch } from 'react';
import { ABORTED_CODE, type ApiResult } from '../core/api-client';
import type { EngineBackend } from '../core/backend-port';
import { createDraftFileQueue, type DraftFileFailure } from '../core/draft-files';
import type { WizardAction } from '../core/wizard-state';
import { resolveTarget, type ApplicationTarget } from './application-target';
import { UPLOAD_ABORTED, type UploadFileOptions, type UploadHandle } from './upload-file';
import type { ApplicationAttachment } from './wizard-types';

/** Why the draft does not hold what the applicant chose for a document. */
export interface DraftFileProblem {
  kind: DraftFileFailure;
  error: string;
}

export interface DraftFiles {
  /** The files the draft held when it was continued, less those removed or replaced since. */
  kept: readonly ApplicationAttachment[];
  /** Slot -> what failed for it (the applicant may try again). */
  problems: Readonly<Record<string, DraftFileProblem>>;
  /** A file was chosen for `slot`. */
  chosen(slot: string, file: File): void;
  /** The file of `slot` (chosen now, or kept in the draft) was removed. */
  removed(slot: string): void;
  /** Does again what failed for `slot`. */
  retry(slot: string): void;
  /** Waits for every upload and removal begun; answers the slots whose chosen file is in the draft. */
  settled(): Promise<string[]>;
}

export interface DraftFilesOptions {
  /** Off: nothing goes to the draft (a returned application, whose files go with the submission). */
  enabled: boolean;
  backend: EngineBackend;
  upload: (options: UploadFileOptions) => UploadHandle;
  target: ApplicationTarget;
  /** The files the draft holds already (a continued draft); read once. */
  kept: readonly ApplicationAttachment[];
  /** The wizard's state receives the progress and the arrivals (`uploadProgress`, `uploadDone`). */
  dispatch: Dispatch<WizardAction<File>>;
}

const NOTHING_REMOVED: ApiResult<unknown> = { ok: true, code: 200, data: null };
const NO_PROBLEMS: Readonly<Record<string, DraftFileProblem>> = {};

/** Keeps a draft's files as they are chosen and removed; see the top of this file. */
export function useDraftFiles(options: DraftFilesOptions): DraftFiles {
  const { enabled } = options;
  // The operations run after the render that started them: they read the latest client and target
  // (a draft created again after a failure).
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const [held] = useState(options.kept);
  const [dropped, setDropped] = useState<ReadonlySet<string>>(() => new Set());
  const [problems, setProblems] = useState(NO_PROBLEMS);
  const [busy, setBusy] = useState(false);
  const [queue] = useState(() =>
    createDraftFileQueue<File>(
      {
        upload(slot, file, onProgress) {
          let handle: UploadHandle | null = null;
          let aborted = false;
          const result = resolveTarget(latest.current.target).then((target) => {
            if (!target.ok) return target;
            if (aborted) return { ok: false as const, code: ABORTED_CODE, error: UPLOAD_ABORTED };
            const { backend, upload } = latest.current;
            handle = upload({ backend, applicationId: target.data, description: slot, file, onProgress });
            return handle.result;
          });
          return {
            result,
            abort: () => {
              aborted = true;
              handle?.abort();
            },
          };
        },
        async remove(slot) {
          const target = await resolveTarget(latest.current.target);
          // A draft never created holds nothing.
          if (!target.ok) return NOTHING_REMOVED;
          return latest.current.backend.removeDraftFile(target.data, slot);
        },
        onProgress: (slot, percent) => latest.current.dispatch({ type: 'uploadProgress', slot, percent }),
        onUploaded: (slot) => latest.current.dispatch({ type: 'uploadDone', slot }),
        onFailed: (slot, kind, error) => setProblems((known) => ({ ...known, [slot]: { kind, error } })),
        onBusy: setBusy,
      },
      held.flatMap((file) => (file.description ? [file.description] : [])),
    ),
  );

  // Closing the page while a file is on its way would lose it: the browser asks first.
  useEffect(() => {
    if (!busy) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [busy]);

  const forget = useCallback((slot: string) => {
    setProblems((known) => {
      if (!(slot in known)) return known;
      const rest = { ...known };
      delete rest[slot];
      return rest;
    });
  }, []);
  const drop = useCallback(
    (slot: string) => setDropped((known) => (known.has(slot) ? known : new Set(known).add(slot))),
    [],
  );

  const chosen = useCallback(
    (slot: string, file: File) => {
      if (!latest.current.enabled) return;
      forget(slot);
      // The new file replaces the one the draft held for the document.
      drop(slot);
      latest.current.dispatch({ type: 'uploadProgress', slot, percent: 0 });
      queue.choose(slot, file);
    },
    [queue, forget, drop],
  );
  const removed = useCallback(
    (slot: string) => {
      if (!latest.current.enabled) return;
      forget(slot);
      drop(slot);
      queue.remove(slot);
    },
    [queue, forget, drop],
  );
  const retry = useCallback(
    (slot: string) => {
      const problem = problems[slot];
      if (!problem) return;
      forget(slot);
      if (problem.kind === 'upload') latest.current.dispatch({ type: 'uploadProgress', slot, percent: 0 });
      queue.retry(slot);
    },
    [queue, problems, forget],
  );
  const settled = useCallback(() => queue.settled(), [queue]);

  const kept = useMemo(
    () => (dropped.size === 0 ? held : held.filter((file) => !file.description || !dropped.has(file.description))),
    [held, dropped],
  );
  return useMemo(
    () => ({ kept, problems: enabled ? problems : NO_PROBLEMS, chosen, removed, retry, settled }),
    [kept, enabled, problems, chosen, removed, retry, settled],
  );
}
