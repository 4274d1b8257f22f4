/**
 * What the wizard's component tests share: a small service that runs the whole pipeline with two
 * fields to fill, its authority's document, and an upload that succeeds at once.
 */
import { vi } from 'vitest';
import type { ServiceDefinition } from '../core/definition-types';
import { testDefinitionFile } from '../core/test-definition';
import type { UploadFileOptions, UploadHandle } from './upload-file';

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
