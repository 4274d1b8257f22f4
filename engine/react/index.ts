/** Public surface of the engine's React layer, for the portal. */
export {
  ServiceWizard,
  type ServiceWizardProps,
  type RenderLink,
  type ApplicationDetails,
  type ApplicationAttachment,
} from './service-wizard';
export { ServiceForm, type ServiceFormProps, type ServiceFormHandle } from './service-form';
export { WIDGETS, type ServiceWidget } from './widgets';
export {
  ServiceValidatorsContext,
  useServiceValidator,
  validatorSource,
  type ServiceValidator,
  type ServiceValidatorSource,
} from './validator';
export {
  precompiledValidators,
  type PrecompiledValidatorModule,
  type PrecompiledValidatorModules,
} from './precompiled-validators';
// Runtime (Ajv-compiling) validators are for tests and Node only: import runtime-validators.ts directly.
export {
  uploadFile,
  xhrUploader,
  downloadWithToken,
  UPLOAD_ABORTED,
  type UploadFileOptions,
  type UploadHandle,
  type UploadedAttachment,
} from './upload-file';
export { ApiClientContext, useApiClient } from './api-context';
export {
  useApiQuery,
  useApiMutation,
  useApiQueryClient,
  invalidateApiPaths,
  listOf,
  apiQueryKey,
  createApiQueryClient,
  type ApiQueryOptions,
  type ApiQueryState,
  type ApiQueryStatus,
  type ApiMutationOptions,
  type ApiMutationState,
  type ApiWrite,
} from './use-api-query';
export { useFailureMessage } from './failure-message';
export type { ServiceFormContext, FormData as ServiceFormData } from './form-context';
export { engineEn } from './i18n';
