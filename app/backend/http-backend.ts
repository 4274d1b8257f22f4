/**
 * The engine's backend (engine/core/backend-port.ts) over the provider API's HTTP contract (spec 01
 * section 7): every address of the API the engine uses is here, and the bearer token of the downloads
 * the browser saves (the ApiClient adds it to everything else). The ApiClient is ky's
 * (ky-api-client.ts): its retries, timeouts, language and 401 handling apply to every call.
 */
import type { ApiClient, ApiResult, ApplicationCreated, EngineBackend } from '../../engine/core';
import { downloadWithToken } from './download';

/** What the HTTP backend needs besides the client. */
export interface HttpBackendOptions {
  /** The bearer token of the signed-in user, for the downloads fetched outside the client. */
  getToken: () => string | null | undefined;
  /** The fetch of those downloads (tests inject a fake). */
  fetch?: typeof fetch;
}

const segment = (value: number | string) => encodeURIComponent(String(value));

/** The API's addresses of the engine's operations. */
export const API_PATHS = {
  application: (id: number | string) => `application/${segment(id)}`,
  applicationCopy: (id: number | string) => `application/${segment(id)}/copy`,
  serviceAttachments: (serviceId: number) => `service/attachments/${segment(serviceId)}`,
  serviceTemplate: (serviceId: number, file: string) => `service/templates/${segment(serviceId)}/${segment(file)}`,
  downloadAttachment: (path: string) => `service/download-attachment?file=${encodeURIComponent(path)}`,
  companies: (clientId: number | string) => `companies/${segment(clientId)}`,
  newDraft: (serviceId: number) => `client/application/${segment(serviceId)}`,
  draft: (id: number | string) => `client/application/${segment(id)}/draft`,
  draftFile: (id: number | string, description: string) =>
    `client/application/${segment(id)}/attachments?description=${encodeURIComponent(description)}`,
  upload: 'applications/upload/file',
  applicantConfirmation: 'application/applicant-confirmation',
} as const;

/** The engine's backend over `api`; see the top of this file. */
export function createHttpBackend(api: ApiClient, options: HttpBackendOptions): EngineBackend {
  const saveAs = (path: string, fileName: string, headers: Record<string, string> = {}) =>
    downloadWithToken(api.url(path), options.getToken, fileName, options.fetch, headers);
  return {
    get: (source, requestOptions) => api.get(source, requestOptions),
    sources: {
      application: API_PATHS.application,
      serviceAttachments: API_PATHS.serviceAttachments,
      companies: API_PATHS.companies,
    },
    async createDraft(serviceId, clientId): Promise<ApiResult<number | string>> {
      // Typed by the contract's schema; read defensively all the same, as any answer off the wire.
      const result = await api.post<Partial<ApplicationCreated> | null>(API_PATHS.newDraft(serviceId), {
        client_id: clientId,
      });
      if (!result.ok) return result;
      const id = result.data?.id;
      return id === undefined || id === null
        ? { ok: false, code: 500, error: '' }
        : { ok: true, code: result.code, data: id };
    },
    saveDraft: (id, draft, saveOptions) =>
      api.put(API_PATHS.draft(id), draft, saveOptions?.keepalive ? { keepalive: true } : undefined),
    removeDraftFile: (id, description) => api.delete(API_PATHS.draftFile(id, description)),
    upload(upload) {
      const form = new FormData();
      form.append('application_id', String(upload.applicationId));
      form.append('description', upload.description);
      form.append('file', upload.file, upload.file.name ?? 'upload');
      return api.upload(API_PATHS.upload, form, {
        ...(upload.signal ? { signal: upload.signal } : {}),
        ...(upload.onProgress ? { onProgress: upload.onProgress } : {}),
      });
    },
    send: (call) => (call.method === 'PUT' ? api.put(call.path, call.body) : api.post(call.path, call.body)),
    answerDecision: (answer) =>
      api.post(API_PATHS.applicantConfirmation, {
        application_id: answer.applicationId,
        applicant_confirmed: answer.accepted,
        ...(answer.accepted ? {} : { applicant_reject_comment: answer.reason ?? '' }),
      }),
    // The fetch carries none of the client's hooks: the language of the copy is sent here.
    downloadCopy: (id, fileName, language) =>
      saveAs(API_PATHS.applicationCopy(id), fileName, { 'Accept-Language': language }),
    download: (source, fileName) =>
      saveAs('attachment' in source ? API_PATHS.downloadAttachment(source.attachment) : source.document, fileName),
    templateUrl: (serviceId, file) => api.url(API_PATHS.serviceTemplate(serviceId, file)),
    linkUrl: (address) => api.url(address),
  };
}
