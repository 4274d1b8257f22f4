/**
 * Uploads of the wizard. The request goes through the ApiClient's `upload`, so the bearer token,
 * the language and the 401 handling are the client's; the transport that reports progress is
 * `xhrUploader` (XMLHttpRequest: fetch has no upload progress), which the portal gives the client.
 */
import {
  ABORTED_CODE,
  failureMessage,
  readEnvelopeText,
  SERVER_ERROR_MESSAGE,
  type ApiClient,
  type ApiResult,
  type Uploader,
} from '../core/api-client';

export interface UploadedAttachment {
  id: number;
  description: string;
  path: string;
  name: string;
}

export interface UploadFileOptions {
  api: Pick<ApiClient, 'upload'>;
  /** No longer read: the client adds the token. Kept so existing callers compile. */
  getToken?: () => string | null | undefined;
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
 * Uploads one file of an application: POST multipart `file`, `application_id`, `description` to
 * `applications/upload/file`. Resolves (never rejects) to the API result; `abort()` cancels it.
 */
export function uploadFile(options: UploadFileOptions): UploadHandle {
  const controller = new AbortController();
  const form = new FormData();
  form.append('application_id', String(options.applicationId));
  form.append('description', options.description);
  form.append('file', options.file, options.file.name ?? 'upload');
  const result = options.api
    .upload<UploadedAttachment>('applications/upload/file', form, {
      signal: controller.signal,
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    })
    .then((answer): ApiResult<UploadedAttachment> =>
      !answer.ok && answer.code === ABORTED_CODE ? { ok: false, code: ABORTED_CODE, error: UPLOAD_ABORTED } : answer,
    );
  return { result, abort: () => controller.abort() };
}

/**
 * The upload transport with progress, for `createApiClient({ uploader })`: XMLHttpRequest, since
 * fetch reports no upload progress. Rejects when no answer came (network failure, cancelled).
 * `createRequest` lets tests and other runtimes provide their own XMLHttpRequest.
 */
export function xhrUploader(createRequest: () => XMLHttpRequest = () => new XMLHttpRequest()): Uploader {
  return (request) =>
    new Promise((resolve, reject) => {
      const xhr = createRequest();
      const { signal } = request;
      const onAbort = () => xhr.abort();
      const done = () => signal?.removeEventListener('abort', onAbort);
      xhr.open('POST', request.url);
      for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0)
          request.onProgress?.(Math.round((event.loaded / event.total) * 100));
      };
      xhr.onload = () => {
        done();
        resolve({ status: xhr.status, text: xhr.responseText });
      };
      xhr.onerror = () => {
        done();
        reject(new Error('upload failed: network error'));
      };
      xhr.ontimeout = () => {
        done();
        reject(new Error('upload failed: timeout'));
      };
      xhr.onabort = () => {
        done();
        reject(new Error(UPLOAD_ABORTED));
      };
      if (signal?.aborted) {
        reject(new Error(UPLOAD_ABORTED));
        return;
      }
      signal?.addEventListener('abort', onAbort, { once: true });
      xhr.send(request.body);
    });
}

/**
 * Downloads a file that needs the bearer token (a plain link would not send it): fetches it as a
 * blob and saves it under `fileName`. `headers` are sent besides the token (`Accept-Language` for a
 * document the server writes in the reader's language). Resolves to an error text, or null on success.
 */
export async function downloadWithToken(
  url: string,
  getToken: () => string | null | undefined,
  fileName: string,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
  headers: Readonly<Record<string, string>> = {},
): Promise<string | null> {
  try {
    const token = getToken();
    const response = await fetchImpl(url, {
      headers: token ? { ...headers, Authorization: `Bearer ${token}` } : { ...headers },
    });
    if (!response.ok) return failureMessage(readEnvelopeText(response.status, await response.text()));
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
