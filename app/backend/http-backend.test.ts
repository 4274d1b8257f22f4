// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient, UploadOptions } from '../../engine/core';
import { UPLOAD_ABORTED, uploadFile } from '../../engine/react/upload-file';
import { createApiClient } from './ky-api-client';
import { xhrUploader } from './xhr-uploader';
import { fakeApi } from '../../engine/react/test-support';
import { createHttpBackend } from './http-backend';

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
  return { api, backend: createHttpBackend(api, { getToken: () => 'tok' }), requests };
}

const file = () => Object.assign(new Blob(['%PDF']), { name: 'cert.pdf' });
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the backend's uploads through the client with the XMLHttpRequest uploader", () => {
  it("posts the multipart form with the client's headers and reports progress", async () => {
    const { backend, requests } = clientWithXhr();
    const progress: number[] = [];
    const handle = uploadFile({
      backend,
      applicationId: 41,
      description: 'Company certificate',
      file: file(),
      onProgress: (p: number) => progress.push(p),
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
    const { backend, requests } = clientWithXhr({ onUnauthorized });
    const handle = uploadFile({ backend, applicationId: 1, description: 'x', file: file() });
    await tick();
    requests[0]?.answer(401, { code: 401, data: null, error: 'Your session has expired.' });
    expect(await handle.result).toEqual({ ok: false, code: 401, error: 'Your session has expired.' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("answers a network failure with 'server error' and a cancel with 'upload aborted'", async () => {
    const { backend, requests } = clientWithXhr();
    const broken = uploadFile({ backend, applicationId: 1, description: 'x', file: file() });
    await tick();
    requests[0]?.onerror?.();
    expect(await broken.result).toEqual({ ok: false, code: 500, error: 'server error' });

    const cancelled = uploadFile({ backend, applicationId: 1, description: 'x', file: file() });
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
      backend: createHttpBackend({ upload } as unknown as ApiClient, { getToken: () => null }),
      applicationId: 3,
      description: 'd',
      file: file(),
      onProgress: (p: number) => progress.push(p),
    });
    expect((await handle.result).ok).toBe(true);
    expect(upload.mock.calls[0]?.[0]).toBe('applications/upload/file');
    expect(upload.mock.calls[0]?.[2]?.signal).toBeInstanceOf(AbortSignal);
    expect(progress).toEqual([60]);
  });
});

describe('the HTTP backend', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends the engine's operations to the API's addresses", async () => {
    const api = fakeApi({
      'POST client/application/99': { ok: true, code: 200, data: { id: 41, app_id: 'APP-41' } },
      'PUT client/application/41/draft': { ok: true, code: 200, data: { id: 41 } },
      'DELETE client/application/41/attachments?description=Company%20certificate': { ok: true, code: 200, data: {} },
      'POST application/applicant-confirmation': { ok: true, code: 200, data: {} },
      'POST clients/applications/sample': { ok: true, code: 200, data: { id: 1 } },
    });
    const backend = createHttpBackend(api, { getToken: () => 'tok' });
    expect(await backend.createDraft(99, 5)).toEqual({ ok: true, code: 200, data: 41 });
    expect(api.post).toHaveBeenCalledWith('client/application/99', { client_id: 5 });
    expect((await backend.saveDraft(41, { answers: {} }, { keepalive: true })).ok).toBe(true);
    expect(api.put).toHaveBeenCalledWith('client/application/41/draft', { answers: {} }, { keepalive: true });
    expect((await backend.removeDraftFile(41, 'Company certificate')).ok).toBe(true);
    expect((await backend.answerDecision({ applicationId: 12, accepted: false, reason: 'Too costly' })).ok).toBe(true);
    expect(api.post).toHaveBeenCalledWith('application/applicant-confirmation', {
      application_id: 12,
      applicant_confirmed: false,
      applicant_reject_comment: 'Too costly',
    });
    await backend.send({ method: 'POST', path: 'clients/applications/sample', body: { a: 1 } });
    expect(api.post).toHaveBeenCalledWith('clients/applications/sample', { a: 1 });
    expect(backend.sources.application(41)).toBe('application/41');
    expect(backend.sources.serviceAttachments(99)).toBe('service/attachments/99');
    expect(backend.sources.companies(5)).toBe('companies/5');
    expect(backend.templateUrl(99, 'form a.docx')).toBe('/api/service/templates/99/form%20a.docx');
  });

  it('answers a created draft without an id as a failure', async () => {
    const backend = createHttpBackend(fakeApi({ 'POST client/application/99': { ok: true, code: 200, data: null } }), {
      getToken: () => null,
    });
    expect((await backend.createDraft(99, 5)).ok).toBe(false);
  });

  it('downloads the copy with the token and the language, and says why it cannot', async () => {
    const fetchMock = vi.fn(async () => new Response('%PDF-', { status: 200 }));
    URL.createObjectURL = vi.fn(() => 'blob:copy');
    URL.revokeObjectURL = vi.fn();
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const backend = createHttpBackend(fakeApi({}), { getToken: () => 'token', fetch: fetchMock as typeof fetch });
    expect(await backend.downloadCopy(41, 'APP-41.pdf', 'de')).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/application/41/copy', {
      headers: { 'Accept-Language': 'de', Authorization: 'Bearer token' },
    });
    expect(clicked).toHaveBeenCalledTimes(1);
    clicked.mockRestore();

    const refusing = vi.fn(async () =>
      Response.json(
        { code: 409, data: null, error: 'Only a submitted application has a copy to download.' },
        { status: 409 },
      ),
    );
    const refused = createHttpBackend(fakeApi({}), { getToken: () => 'token', fetch: refusing as typeof fetch });
    expect(await refused.download({ attachment: 'uploads/a b.pdf' }, 'a.pdf')).toBe(
      'Only a submitted application has a copy to download.',
    );
    expect(refusing).toHaveBeenCalledWith('/api/service/download-attachment?file=uploads%2Fa%20b.pdf', {
      headers: { Authorization: 'Bearer token' },
    });
  });
});
