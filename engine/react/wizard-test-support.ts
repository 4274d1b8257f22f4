/**
 * What the wizard's component tests share: a small service that runs the whole pipeline with two
 * fields to fill, its authority's document, and an upload that succeeds at once.
 */
import { vi } from 'vitest';
import type { ServiceDefinition } from '../core/definition-types';
import { testDefinitionFile } from '../core/test-definition';
import type { ApiResult } from '../core/api-client';
import type { UploadedAttachment, UploadFileOptions, UploadHandle } from './upload-file';
import { ok } from './test-support';

/** Service 99: a quantity and a description, saved by one call, its record shown by the view. */
export const SAMPLE_SERVICE: ServiceDefinition = {
  ...testDefinitionFile({
    id: 99,
    submit: {
      calls: [
        {
          name: 'save',
          method: 'POST',
          path: 'clients/applications/sample',
          body: {
            '...': '$form',
            client_id: '$context.clientId',
            application_id: '$context.applicationId',
            is_submitted: true,
          },
          savesRecord: true,
        },
      ],
    },
    view: { record: 'sample_record', rows: [{ label: 'Quantity', field: 'quantity' }] },
  }),
  formSchema: {
    type: 'object',
    required: ['quantity', 'description'],
    properties: {
      quantity: { type: 'number', title: 'Quantity' },
      description: { type: 'string', title: 'Description' },
    },
  },
  uiSchema: {},
  callSchemas: {},
};

/** The mandatory document of service 99's attachment list. */
export const COMPANY_CERTIFICATE = {
  id: 1,
  name: 'Company certificate',
  description: 'Registration certificate',
  info: null,
  is_mandatory: true,
};

/** An upload that reports half its progress, then succeeds with the file's own name. */
export function fakeUpload() {
  return vi.fn((options: UploadFileOptions): UploadHandle => {
    options.onProgress?.(50);
    return {
      result: Promise.resolve({
        ok: true,
        code: 201,
        data: { id: 1, description: options.description, path: 'uploads/x.pdf', name: options.file.name ?? 'x.pdf' },
      }),
      abort: () => undefined,
    };
  });
}

/** An upload whose answer the test gives (`answer`), recording its progress callback. */
export function scriptedUpload() {
  const waiting: Array<{ options: UploadFileOptions; answer: (result: ApiResult<UploadedAttachment>) => void }> = [];
  const upload = vi.fn((options: UploadFileOptions): UploadHandle => {
    let answer: (result: ApiResult<UploadedAttachment>) => void = () => undefined;
    const result = new Promise<ApiResult<UploadedAttachment>>((resolve) => {
      answer = resolve;
    });
    waiting.push({ options, answer });
    return { result, abort: () => answer({ ok: false, code: 0, error: 'upload aborted' }) };
  });
  const arrived = (options: UploadFileOptions): ApiResult<UploadedAttachment> =>
    ok({
      id: 1,
      description: options.description,
      path: 'uploads/x',
      name: 'cert.pdf',
    }) as ApiResult<UploadedAttachment>;
  return {
    upload,
    /** Answers the oldest upload waiting: arrived, or the given failure. */
    answer(result?: ApiResult<UploadedAttachment>) {
      const next = waiting.shift();
      if (!next) throw new Error('no upload is waiting');
      next.answer(result ?? arrived(next.options));
      return next.options;
    },
  };
}
