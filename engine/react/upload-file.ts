/**
 * Uploads of the wizard: one file through the backend's `upload` (engine/core/backend-port.ts), with a
 * handle to cancel it.
 */
import { ABORTED_CODE, type ApiResult } from '../core/api-client';
import type { EngineBackend, UploadedAttachment } from '../core/backend-port';

export type { UploadedAttachment } from '../core/backend-port';

export interface UploadFileOptions {
  backend: Pick<EngineBackend, 'upload'>;
  applicationId: number | string;
  description: string;
  file: Blob & { name?: string };
  /** Called with 0..100 as bytes go out. */
  onProgress?: (percent: number) => void;
}

export interface UploadHandle {
  result: Promise<ApiResult<UploadedAttachment>>;
  abort(): void;
}

/** The error of an upload cancelled with `abort()`. */
export const UPLOAD_ABORTED = 'upload aborted';

/**
 * Uploads one file of an application under a document's name. Resolves (never rejects) to the
 * backend's result; `abort()` cancels it.
 */
export function uploadFile(options: UploadFileOptions): UploadHandle {
  const controller = new AbortController();
  const result = options.backend
    .upload({
      applicationId: options.applicationId,
      description: options.description,
      file: options.file,
      signal: controller.signal,
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    })
    .then((answer): ApiResult<UploadedAttachment> =>
      !answer.ok && answer.code === ABORTED_CODE ? { ok: false, code: ABORTED_CODE, error: UPLOAD_ABORTED } : answer,
    );
  return { result, abort: () => controller.abort() };
}
