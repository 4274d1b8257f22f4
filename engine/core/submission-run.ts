/**
 * The submission pipeline of the browser, without a framework: the chosen files are uploaded first
 * (each once: what an earlier attempt uploaded is not sent again), then the calls are sent in order
 * (each once: a call that succeeded is not sent again), stopping at the first failure with what
 * failed. The wizard's submission and an applicant task's save both run through it; each keeps the
 * bookkeeping (`uploaded`, `completedCalls`) in its own state between attempts.
 */
import type { ApiResult } from './api-client';
import type { SubmitRequest } from './payload-mapping';
import type { SubmitStage } from './wizard-state';

/** A file waiting to go to the server under its upload slot's name. */
export interface PendingUpload<F> {
  slot: string;
  file: F;
}

export interface SubmissionRun<F> {
  /** The chosen files by slot (a slot without a file is skipped). */
  uploads: ReadonlyArray<PendingUpload<F>>;
  /** Upload them side by side (`documents.parallelUploads`) or one after the other. */
  parallel: boolean;
  /** Slots uploaded by an earlier attempt. */
  uploaded: readonly string[];
  /** The calls, in order (`buildSubmitRequests`, or a task's save). */
  calls: readonly SubmitRequest[];
  /** Calls that succeeded in an earlier attempt. */
  completedCalls: readonly string[];
  /** Uploads one file; `onProgress` receives 0..100. */
  upload(slot: string, file: F, onProgress: (percent: number) => void): Promise<ApiResult<unknown>>;
  /** Sends one call. */
  send(request: SubmitRequest): Promise<ApiResult<unknown>>;
  onUploadProgress?(slot: string, percent: number): void;
  onUploadDone?(slot: string): void;
  onCallDone?(request: SubmitRequest): void;
}

/** How a run ended: done, or the stage that failed with the answer that failed it. */
export type SubmissionOutcome =
  { ok: true } | { ok: false; stage: SubmitStage; result: Extract<ApiResult<unknown>, { ok: false }> };

/** Runs the uploads, then the calls; see the top of this file. */
export async function runSubmission<F>(run: SubmissionRun<F>): Promise<SubmissionOutcome> {
  const pending = run.uploads.filter(({ slot }) => !run.uploaded.includes(slot));
  let failed: Extract<ApiResult<unknown>, { ok: false }> | null = null;
  const uploadOne = async ({ slot, file }: PendingUpload<F>): Promise<boolean> => {
    const result = await run.upload(slot, file, (percent) => run.onUploadProgress?.(slot, percent));
    if (!result.ok) {
      failed ??= result;
      return false;
    }
    run.onUploadDone?.(slot);
    return true;
  };
  if (run.parallel) {
    const done = await Promise.all(pending.map(uploadOne));
    if (done.includes(false) && failed) return { ok: false, stage: 'upload', result: failed };
  } else {
    for (const item of pending)
      if (!(await uploadOne(item)) && failed) return { ok: false, stage: 'upload', result: failed };
  }
  for (const request of run.calls) {
    if (run.completedCalls.includes(request.name)) continue;
    const result = await run.send(request);
    if (!result.ok) return { ok: false, stage: request.savesRecord ? 'save' : 'call', result };
    run.onCallDone?.(request);
  }
  return { ok: true };
}
