/**
 * Public surface of the engine's React layer, for the portal: the wizard and its steps, the read-only
 * view of an application, the translation hook, API queries and the small inputs the portal's own pages
 * share with the wizard. Modules not named here are the engine's own business (tests may reach them).
 *
 * Re-exporting costs no bytes: the engine's modules are declared free of import side effects
 * (`sideEffects` in package.json), so a page gets only what it uses.
 */

// Texts
export { sharedTranslator, useTranslation } from './translation';
export { default as engineCommonTexts } from './common/i18n/en.json';

// Talking to the API
export {
  apiQueryKey,
  createApiQueryClient,
  invalidateApiPaths,
  listOf,
  useApiMutation,
  useApiQuery,
  useApiQueryClient,
} from './use-api-query';
export { ApiClientContext, useApiClient } from './api-context';
export { BackendContext, useBackend } from './backend-context';
export { useFailureMessage } from './failure-message';
export { RetryAlert } from './retry-alert';

// Forms and the wizard
export { preloadApplicationView, ServiceWizard, type RenderLink, type ResumePoint } from './service-wizard';
export { ServiceForm } from './service-form';
export { AnswerSummary } from './answer-summary';
export { ConfirmStep } from './confirm-step';
export { DocumentsStep, chosenFile, type AttachmentsState } from './documents-step';
export { StepProgress } from './step-progress';
export { TextInput } from './text-input';
export { QuietTypingArea, useQuietTypingArea } from './quiet-typing-area';
export { createPageLeaving, PageLeavingContext, type PageLeaving } from './page-leaving';
export { quietTypingArea } from './quiet-typing';
export { ServiceValidatorsContext, type Localizer, type ServiceValidatorSource } from './validator';
export {
  precompiledValidators,
  type PrecompiledValidatorModule,
  type PrecompiledValidatorModules,
} from './precompiled-validators';

// After submission
export { ReadOnlyApplication } from './read-only-application';
export { ListTable } from './status-blocks';
export { loadHtmlSanitizer } from './html-sanitizer';

// Pages loaded on demand
export { lazyModule, lazyNamed, type LazyComponent, type LazyModule } from './lazy-named';
