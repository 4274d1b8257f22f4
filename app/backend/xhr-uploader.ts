/**
 * The upload transport with progress of the portal's client: XMLHttpRequest, since fetch reports no
 * upload progress.
 */
import type { Uploader } from './ky-api-client';

/** The error of an upload cancelled through its signal. */
const UPLOAD_ABORTED = 'upload aborted';

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
