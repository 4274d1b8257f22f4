/**
 * Uploads one file of an application with progress (XMLHttpRequest: fetch has no upload progress).
 * POST multipart `file`, `application_id`, `description` to `applications/upload/file` with the
 * bearer token; resolves (never rejects) to the API result, like the ApiClient.
 */
import { readEnvelope, SERVER_ERROR_MESSAGE, type ApiClient, type ApiResult } from '../core/api-client';

export interface UploadedAttachment {
  id: number;
  description: string;
  path: string;
  name: string;
}

export interface UploadFileOptions {
  api: Pick<ApiClient, 'url'>;
  getToken: () => string | null | undefined;
  applicationId: number | string;
  description: string;
  file: Blob & { name?: string };
  /** Called with 0..100 as bytes go out. */
  onProgress?: (percent: number) => void;
  /** Lets tests and other runtimes provide their own XMLHttpRequest. */
  createRequest?: () => XMLHttpRequest;
}

export interface UploadHandle {
  result: Promise<ApiResult<UploadedAttachment>>;
  abort(): void;
}

/** The error of an upload cancelled with `abort()`. */
export const UPLOAD_ABORTED = 'upload aborted';

export function uploadFile(options: UploadFileOptions): UploadHandle {
  const request = options.createRequest ? options.createRequest() : new XMLHttpRequest();
  const result = new Promise<ApiResult<UploadedAttachment>>((resolve) => {
    const form = new FormData();
    form.append('application_id', String(options.applicationId));
    form.append('description', options.description);
    form.append('file', options.file, options.file.name ?? 'upload');

    request.open('POST', options.api.url('applications/upload/file'));
    const token = options.getToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      let payload: unknown = null;
      try {
        payload = JSON.parse(request.responseText);
      } catch {
        payload = null;
      }
      const answer = readEnvelope<UploadedAttachment>(request.status, payload);
      if (answer.ok) options.onProgress?.(100);
      resolve(answer);
    };
    request.onerror = () => resolve({ ok: false, code: 500, error: SERVER_ERROR_MESSAGE });
    request.ontimeout = () => resolve({ ok: false, code: 500, error: SERVER_ERROR_MESSAGE });
    request.onabort = () => resolve({ ok: false, code: 0, error: UPLOAD_ABORTED });
    request.send(form);
  });
  return { result, abort: () => request.abort() };
}

/**
 * Downloads a file that needs the bearer token (a plain link would not send it): fetches it as a
 * blob and saves it under `fileName`. Resolves to an error text, or null on success.
 */
export async function downloadWithToken(
  url: string,
  getToken: () => string | null | undefined,
  fileName: string,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): Promise<string | null> {
  try {
    const token = getToken();
    const response = await fetchImpl(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    if (!response.ok) {
      let message = SERVER_ERROR_MESSAGE;
      try {
        const body = (await response.json()) as { error?: unknown };
        if (typeof body.error === 'string' && body.error) message = body.error;
      } catch {
        // not JSON: keep the generic text
      }
      return message;
    }
    const blob = await response.blob();
    const objectUrl = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = fileName;
    document.body.appendChild(link);
    link.click();
    link.remove();
    // Give the browser time to start the download before the URL goes.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
    return null;
  } catch {
    return SERVER_ERROR_MESSAGE;
  }
}
