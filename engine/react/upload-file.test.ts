import { describe, expect, it, vi } from 'vitest';
import type { ApiClient, UploadOptions } from '../core/api-client';
import { createApiClient } from '../core/ky-api-client';
import { UPLOAD_ABORTED, uploadFile, xhrUploader } from './upload-file';

/** Just enough of an XMLHttpRequest: records what was sent, the test plays the network. */
class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  aborted = false;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

function clientWithXhr(options: { onUnauthorized?: () => void } = {}) {
  const requests: FakeXhr[] = [];
  const api = createApiClient({
    baseUrl: 'http://api.test/api/',
    getToken: () => 'tok',
    getLanguage: () => 'ru',
    fetch: vi.fn() as unknown as typeof fetch,
    uploader: xhrUploader(() => {
      const xhr = new FakeXhr();
      requests.push(xhr);
      return xhr as unknown as XMLHttpRequest;
    }),
    ...options,
  });
  return { api, requests };
}

const file = () => Object.assign(new Blob(['%PDF']), { name: 'cert.pdf' });
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('uploadFile through the client with the XMLHttpRequest uploader', () => {
  it("posts the multipart form with the client's headers and reports progress", async () => {
    const { api, requests } = clientWithXhr();
    const progress: number[] = [];
    const handle = uploadFile({
      api,
      applicationId: 41,
      description: 'Company certificate',
      file: file(),
      onProgress: (p) => progress.push(p),
    });
    await tick();
    const xhr = requests[0];
    if (!xhr) throw new Error('no request sent');
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('http://api.test/api/applications/upload/file');
    expect(xhr.headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer tok', 'Accept-Language': 'ru' });
    const form = xhr.body as FormData;
    expect(form.get('application_id')).toBe('41');
    expect(form.get('description')).toBe('Company certificate');
    expect((form.get('file') as File).name).toBe('cert.pdf');

    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 4 });
    const attachment = { id: 1, description: 'Company certificate', path: 'uploads/x.pdf', name: 'cert.pdf' };
    xhr.answer(201, { code: 201, data: attachment, error: null });
    expect(await handle.result).toEqual({ ok: true, code: 201, data: attachment });
    expect(progress).toEqual([25, 100]);
  });

  it('signs out on 401 and reads refusals like any call', async () => {
    const onUnauthorized = vi.fn();
    const { api, requests } = clientWithXhr({ onUnauthorized });
    const handle = uploadFile({ api, applicationId: 1, description: 'x', file: file() });
    await tick();
    requests[0]?.answer(401, { code: 401, data: null, error: 'Your session has expired.' });
    expect(await handle.result).toEqual({ ok: false, code: 401, error: 'Your session has expired.' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("answers a network failure with 'server error' and a cancel with 'upload aborted'", async () => {
    const { api, requests } = clientWithXhr();
    const broken = uploadFile({ api, applicationId: 1, description: 'x', file: file() });
    await tick();
    requests[0]?.onerror?.();
    expect(await broken.result).toEqual({ ok: false, code: 500, error: 'server error' });

    const cancelled = uploadFile({ api, applicationId: 1, description: 'x', file: file() });
    await tick();
    cancelled.abort();
    expect(requests[1]?.aborted).toBe(true);
    expect(await cancelled.result).toEqual({ ok: false, code: 0, error: UPLOAD_ABORTED });
  });

  it('hands any client the form, the progress callback and a signal', async () => {
    const upload = vi.fn(async (_path: string, _form: FormData, options?: UploadOptions) => {
      options?.onProgress?.(60);
      return { ok: true as const, code: 200, data: { id: 2, description: 'd', path: 'p', name: 'n' } };
    });
    const progress: number[] = [];
    const handle = uploadFile({
      api: { upload } as unknown as Pick<ApiClient, 'upload'>,
      applicationId: 3,
      description: 'd',
      file: file(),
      onProgress: (p) => progress.push(p),
    });
    expect((await handle.result).ok).toBe(true);
    expect(upload.mock.calls[0]?.[0]).toBe('applications/upload/file');
    expect(upload.mock.calls[0]?.[2]?.signal).toBeInstanceOf(AbortSignal);
    expect(progress).toEqual([60]);
  });
});
