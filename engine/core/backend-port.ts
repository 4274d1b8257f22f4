/**
 * The one way the engine reaches its backend: the operations the wizard, the application view and
 * the applicant tasks need, named by what they do. The engine names no address of the API and holds
 * no credential; whoever hosts it (the portal, over HTTP with ky: app/backend/http-backend.ts; a test,
 * in memory) decides where each operation goes and how it is authorised.
 *
 * What a service's definition names (a submit call's `path`, a lookup's `source`, a document's
 * `download`) is data: the engine passes it through unchanged, and the backend knows what it means.
 *
 * Every operation resolves (never rejects) to an `ApiResult`, or for a download to an error text or
 * null, so callers handle one shape only.
 */
import type { ApiResult, RequestOptions } from './api-client';
import type { UploadedAttachment } from './api-types';

/** A file of an application as the backend kept it (derived from the contract's schema). */
export type { UploadedAttachment } from './api-types';

/** One file to attach to an application under a document's name (its upload slot). */
export interface AttachmentUpload {
  applicationId: number | string;
  /** The document (the upload slot's name) the file is filed under. */
  description: string;
  file: Blob & { name?: string };
  /** Receives 0..100 as the bytes go out (when the transport can tell), and 100 on success. */
  onProgress?: (percent: number) => void;
  /** Cancels the upload: it then answers code `ABORTED_CODE`. */
  signal?: AbortSignal;
}

/** One call of a service's submit pipeline or of a task's save: its `path` is the definition's. */
export interface BackendCall {
  method: 'POST' | 'PUT';
  path: string;
  body?: unknown;
}

/** The applicant's answer to an approval's conditions. */
export interface DecisionAnswer {
  applicationId: number | string;
  accepted: boolean;
  /** Why the conditions were refused (required when `accepted` is false). */
  reason?: string;
}

/**
 * A file to download: a file an application holds (an attachment, a certificate filed by hand, by its
 * stored path), or a document a stage of the lifecycle offers (the definition's `download`).
 */
export type DownloadSource = { attachment: string } | { document: string };

/**
 * Where the engine's reads are found. Each is an opaque key the backend answers through `get`: the
 * engine caches answers under it, so a page of the host that read the same thing shares the answer.
 */
export interface BackendSources {
  /** An application with its record, attachments and history. */
  application(applicationId: number | string): string;
  /** The list of documents a service asks for (its attachment list). */
  serviceAttachments(serviceId: number): string;
  /** The companies of a client (the company picker's list). */
  companies(clientId: number | string): string;
}

/** The operations of the engine's backend; see the top of this file. */
export interface EngineBackend {
  /**
   * Reads a source: one of `sources`, or a source a service's definition names (a lookup list). The
   * signature is an ApiClient's `get`, so the engine's query cache reads the backend as it reads one.
   */
  get<T>(source: string, options?: RequestOptions): Promise<ApiResult<T>>;
  readonly sources: BackendSources;
  /** Creates the draft of a new application of a service for a client; answers its id. */
  createDraft(serviceId: number, clientId: number | string): Promise<ApiResult<number | string>>;
  /**
   * Keeps a draft's answers. `keepalive` asks for a request that outlives the page (a draft saved as
   * the page is hidden or closed); its body must fit the browser's limit (`fitsKeepalive`).
   */
  saveDraft(
    applicationId: number | string,
    draft: unknown,
    options?: { keepalive?: boolean },
  ): Promise<ApiResult<unknown>>;
  /** Removes a draft's file of one document. */
  removeDraftFile(applicationId: number | string, description: string): Promise<ApiResult<unknown>>;
  /** Attaches one file to an application. */
  upload(upload: AttachmentUpload): Promise<ApiResult<UploadedAttachment>>;
  /** Sends one call a definition declares (a submit call, a task's save). */
  send(call: BackendCall): Promise<ApiResult<unknown>>;
  /** Records the applicant's answer to the conditions of an approval. */
  answerDecision(answer: DecisionAnswer): Promise<ApiResult<unknown>>;
  /**
   * Saves the backend's printable copy of an application under `fileName`, written in `language`.
   * Resolves to an error text, or null once saved.
   */
  downloadCopy(applicationId: number | string, fileName: string, language: string): Promise<string | null>;
  /** Saves a file under `fileName`; resolves to an error text, or null once saved. */
  download(source: DownloadSource, fileName: string): Promise<string | null>;
  /** The address of a blank template a service offers to download (a plain link: templates are public). */
  templateUrl(serviceId: number, file: string): string;
  /** The absolute address of one the backend gave (a certificate's verification address). */
  linkUrl(address: string): string;
}
