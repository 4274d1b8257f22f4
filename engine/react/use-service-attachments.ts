/**
 * The documents a wizard asks for: the service's attachment list (read once per page through the
 * query cache, by the backend's source) and the upload slots the answers call for, each condition
 * answered by the form's validator like the form's own conditions.
 */
import { useMemo } from 'react';
import type { EngineBackend } from '../core/backend-port';
import type { ServiceDefinition } from '../core/definition-types';
import type { ServiceAttachment } from '../core/api-types';
import { uploadSlots, type UploadSlot } from '../core/required-documents';
import type { AttachmentsState } from './documents-step';
import { useApiQuery } from './use-api-query';
import { schemaMatcher, type ValidatedDefinition } from './validator';

const NO_SERVICE_ATTACHMENTS: ServiceAttachment[] = [];
/** Before the validator is there (a moment at most), no condition is taken to hold. */
const NOTHING_MATCHES = () => false;

export function useServiceAttachments(options: {
  backend: EngineBackend;
  /** The service (its attachment list is the service's, whichever form is chosen). */
  service: ServiceDefinition;
  /** The form whose documents are asked for. */
  form: ServiceDefinition;
  formData: Record<string, unknown>;
  shown: ValidatedDefinition<Pick<ServiceDefinition, 'formSchema'>> | undefined;
}): { attachments: AttachmentsState; retry: () => void; slots: UploadSlot[] } {
  const { backend, service, form, formData, shown } = options;
  const reads = service.documents.serviceAttachments === true;
  const list = useApiQuery<ServiceAttachment[]>(reads ? backend.sources.serviceAttachments(service.id) : null, {
    api: backend,
  });
  const attachments: AttachmentsState = useMemo(() => {
    if (!reads) return { status: 'ready', items: NO_SERVICE_ATTACHMENTS };
    if (list.status === 'error') return { status: 'failed', error: list.error ?? '' };
    if (list.status !== 'success') return { status: 'loading' };
    return { status: 'ready', items: Array.isArray(list.data) ? list.data : NO_SERVICE_ATTACHMENTS };
  }, [reads, list.status, list.error, list.data]);
  const items = attachments.status === 'ready' ? attachments.items : NO_SERVICE_ATTACHMENTS;
  const slots = useMemo(
    () =>
      uploadSlots(
        form,
        items,
        formData,
        shown ? schemaMatcher(shown.validator, shown.definition.formSchema) : NOTHING_MATCHES,
      ),
    [form, items, formData, shown],
  );
  return { attachments, retry: list.refetch, slots };
}
