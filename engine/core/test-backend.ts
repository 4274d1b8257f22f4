/**
 * An engine backend in memory, for tests: each operation answers what the test scripts (a result, or a
 * function of the request), else a plain success; reads answer from `reads` by source. What was asked
 * is kept in `log`, in order, so a test reads what the engine did without a network or a framework.
 */
import type { ApiResult } from './api-client';
import type {
  AttachmentUpload,
  BackendCall,
  DecisionAnswer,
  DownloadSource,
  EngineBackend,
  UploadedAttachment,
} from './backend-port';

type Answer<A extends unknown[], T> = ApiResult<T> | ((...args: A) => ApiResult<T> | Promise<ApiResult<T>>);

/** What a test scripts; anything left out succeeds. */
export interface TestBackendScript {
  /** Answers of `get` by source (`sources.*` give `application:7`, `attachments:99`, `companies:5`). */
  reads?: Record<string, Answer<[string], unknown>>;
  createDraft?: Answer<[number, number | string], number | string>;
  saveDraft?: Answer<[number | string, unknown, { keepalive?: boolean } | undefined], unknown>;
  removeDraftFile?: Answer<[number | string, string], unknown>;
  upload?: Answer<[AttachmentUpload], UploadedAttachment>;
  /** Answers of `send` by the call's path, or one answer for every call. */
  send?:
    | Record<string, Answer<[BackendCall], unknown>>
    | ((call: BackendCall) => ApiResult<unknown> | Promise<ApiResult<unknown>>);
  answerDecision?: Answer<[DecisionAnswer], unknown>;
  /** What a download answers: an error text, or null (saved). */
  download?: (source: DownloadSource, fileName: string) => string | null | Promise<string | null>;
  downloadCopy?: (
    applicationId: number | string,
    fileName: string,
    language: string,
  ) => string | null | Promise<string | null>;
}

export const testOk = <T>(data: T, code = 200): ApiResult<T> => ({ ok: true, code, data });
export const testFail = (error: string, code = 422): ApiResult<never> => ({ ok: false, code, error });

async function answer<A extends unknown[], T>(scripted: Answer<A, T> | undefined, fallback: ApiResult<T>, args: A) {
  if (scripted === undefined) return fallback;
  return typeof scripted === 'function' ? scripted(...args) : scripted;
}

/** An upload's success: the file under its document, its progress told as done. */
function uploaded(upload: AttachmentUpload): ApiResult<UploadedAttachment> {
  upload.onProgress?.(100);
  return testOk(
    {
      id: 1,
      description: upload.description,
      path: `uploads/${upload.description}`,
      name: upload.file.name ?? 'upload',
    },
    201,
  );
}

/** The backend of a test; see the top of this file. */
export function testBackend(script: TestBackendScript = {}): EngineBackend & { log: string[] } {
  const log: string[] = [];
  return {
    log,
    sources: {
      application: (id) => `application:${id}`,
      serviceAttachments: (serviceId) => `attachments:${serviceId}`,
      companies: (clientId) => `companies:${clientId}`,
    },
    async get<T>(source: string) {
      log.push(`get ${source}`);
      const read = script.reads?.[source];
      return (await answer(read, testFail(`nothing at ${source}`, 404), [source])) as ApiResult<T>;
    },
    createDraft(serviceId, clientId) {
      log.push(`createDraft ${serviceId}`);
      return answer(script.createDraft, testOk(1), [serviceId, clientId]);
    },
    saveDraft(id, draft, options) {
      log.push(`saveDraft ${id}`);
      return answer(script.saveDraft, testOk(null), [id, draft, options]);
    },
    removeDraftFile(id, description) {
      log.push(`removeDraftFile ${id} ${description}`);
      return answer(script.removeDraftFile, testOk(null), [id, description]);
    },
    async upload(upload) {
      log.push(`upload ${upload.applicationId} ${upload.description}`);
      if (script.upload === undefined) return uploaded(upload);
      return answer(script.upload, testFail('no answer'), [upload]);
    },
    send(call) {
      log.push(`send ${call.path}`);
      const { send } = script;
      if (typeof send === 'function') return Promise.resolve(send(call));
      return answer(send?.[call.path], testOk(null), [call]);
    },
    answerDecision(decision) {
      log.push(`answerDecision ${decision.applicationId}`);
      return answer(script.answerDecision, testOk(null), [decision]);
    },
    async download(source, fileName) {
      log.push(`download ${fileName}`);
      return script.download ? script.download(source, fileName) : null;
    },
    async downloadCopy(id, fileName, language) {
      log.push(`downloadCopy ${id}`);
      return script.downloadCopy ? script.downloadCopy(id, fileName, language) : null;
    },
    templateUrl: (serviceId, file) => `templates:${serviceId}:${file}`,
    linkUrl: (address) => `link:${address}`,
  };
}
