/**
 * Public surface of the engine's core, for the portal and the server: the definition format's types and
 * the rules that read it. Pure TypeScript, safe in the browser; what needs Node's file system is in
 * `engine/core/node`. Modules not named here are the engine's own business (tests may reach them).
 */

// The definition format
export type * from './definition-types';
export type { DefinitionProblem } from './definition-problems';
export { formKey, formOfApplication, formsOf, variantOf } from './service-forms';
export { serviceChoiceOffer, type ServiceChoiceOffer, type ServiceChoiceOption } from './service-choice';
export { localizeDefinition, type LocalizedExtraUpload } from './localize-definition';
export { catalogueFolders, catalogueTranslator } from './catalogue-translator';
export { mergeCatalogues, type Catalogue, type TranslateFunction } from './translator';
export { RETENTION_FILE } from './retention-classes';
export { type ServerCheck } from './widget-contracts';

// Reading a form's values
export { isRecord, setValueAt, valueAt } from './value-path';
export { definedProperties, requiredProperties, visibleProperties } from './schema-walk';
export {
  answersToNoQuestion,
  keptAnswers,
  NOT_A_QUESTION,
  refusedBeyondTheSchema,
  resolveLocalRef,
  type KeptAnswers,
} from './kept-answers';
export { schemaMatches, validateFormData } from './form-validator';
export { createAjv } from './ajv-setup';
export { withinWordLimit, wordLimitMessage } from './word-limit';
export {
  currentMonth,
  EARLIEST_MONTH,
  MONTH_MESSAGES,
  monthMessage,
  monthProblem,
  type MonthProblem,
} from './month-range';
export { isCountryName } from './countries';
export {
  isOfferedEntry,
  isWellFormed,
  lookupBindings,
  resolveSourcePath,
  type LookupBinding,
  type WidgetBinding,
} from './lookup-bindings';

// Documents and submit calls
export { ALL_FILE_KINDS, FILE_KINDS, fileExtension } from './file-kinds';
export {
  documentLabels,
  missingUploads,
  uploadSlots,
  type ListedDocument,
  type UploadSlot,
} from './required-documents';
export {
  buildSubmitRequests,
  callBodyDocument,
  callSchema,
  formFieldNotes,
  fieldsOfCall,
  readField,
  readKey,
  readSubmitBody,
  resolveBodyValue,
  submitRoute,
  withCallDefaults,
  type ReadBody,
} from './payload-mapping';
export { applyUiOrder, confirmSummary, confirmSummaryEntries } from './confirm-summary';
export {
  answerText,
  entryText,
  flattenSummary,
  summariseAnswers,
  type SummaryAnswer,
  type SummaryEntry,
  type SummarySection,
  type SummaryTable,
} from './answer-summary';
export { exportCell, exportColumns, rowListPaths, type ExportCell, type ExportColumn } from './export-columns';
export {
  answeredViewRows,
  answeredViewSummary,
  detailRows,
  detailTables,
  type DetailRow,
  type DetailTable,
} from './view-rows';
export { fillLetterText } from './approval-letter';

// Versions of a definition and of the records saved under it
export { definitionOfApplication } from './application-version';
export { migrateRecords, type RecordMigration } from './record-migrations';

// After submission: statuses, stages, tasks, queues and unlocks
export { STATUS, isPlatformStatus, presentStatus, statisticsBucket, type StatusFacts } from './status-presentation';
export { applicationPath, ownRoute } from './application-routes';
export { isStepKey, type StepKey } from './wizard-state';
export {
  STATUS_EMAIL_FOOTER,
  STATUS_EMAIL_VALUES,
  emailPlaceholders,
  moveEmail,
  statusEmail,
  statusEmailTexts,
  writeStatusEmail,
  type StatusEmailLinks,
  type StatusEmailValues,
  type WrittenEmail,
} from './status-emails';
export {
  decidedStatuses,
  resolveLifecycle,
  statusId,
  statusKey,
  statusesOf,
  transitionAt,
  transitionGraph,
  transitionNames,
  transitionsFrom,
  transitionsNamed,
  transitionsOf,
} from './transitions';
export {
  allFactDefaults,
  documentFileName,
  documentPath,
  downloadableDocuments,
  factValues,
  isFactSet,
  lifecycleActions,
  reviewDocuments,
  serviceStatuses,
  transitionFacts,
  type FactValue,
} from './lifecycle';
export { applicationFacts, type ApplicationFacts } from './application-facts';
export { allTasks, openTasks, taskForm, taskSlots } from './applicant-tasks';
export { queuePath, queuesOf, servicesWithQueues } from './work-queues';
export { allUnlocks, isUnlocked, unlockCheckPath, unlockOf } from './unlocks';

// Talking to the API
// The answers the portal reads: their JSON Schemas (which the server serialises by and publishes)
// and the types derived from them.
export {
  APPLICATION_ATTACHMENT_SCHEMA,
  APPLICATION_CREATED_SCHEMA,
  APPLICATION_DETAIL_SCHEMA,
  APPLICATION_SUMMARY_SCHEMA,
  APPLICATIONS_PAGE_SCHEMA,
  FLOW_HISTORY_SCHEMA,
  OFFERED_DRAFT_SCHEMA,
  STATISTICS_SCHEMA,
} from './contract/application-schemas';
export * as answerSchemaParts from './contract/schema-parts';
export { COMPANY_REQUIRED_FIELDS, COMPANY_SCHEMA } from './contract/company-schema';
export { UPLOADED_SCHEMA } from './contract/file-schemas';
export { PUBLIC_SERVICE_SCHEMA, SERVICE_ATTACHMENT_SCHEMA } from './contract/reference-schemas';
export {
  applicationField,
  factFieldsOf,
  type ApplicationAttachment,
  type ApplicationCreated,
  type ApplicationDetails,
  type ApplicationsPage,
  type ApplicationSummary,
  type Company,
  type FlowHistory,
  type OfferedDraft,
  type PublicService,
  type ServiceAttachment,
  type Statistics,
} from './api-types';
export type { ApiClient, ApiEnvelope, ApiResult, RequestOptions, UploadOptions } from './api-client';
export {
  ABORTED_CODE,
  ABORTED_MESSAGE,
  ApiError,
  DEFAULT_GET_RETRIES,
  DEFAULT_MAX_RETRY_AFTER_MS,
  DEFAULT_TIMEOUT_MS,
  failureMessage,
  isSuccessCode,
  joinApiPath,
  readEnvelope,
  readEnvelopeText,
  retryAfterMs,
  RETRY_STATUS_CODES,
  SERVER_ERROR_MESSAGE,
  TIMEOUT_CODE,
  TIMEOUT_MESSAGE,
} from './api-client';
export type {
  AttachmentUpload,
  BackendCall,
  BackendSources,
  DecisionAnswer,
  DownloadSource,
  EngineBackend,
} from './backend-port';
export type { UploadedAttachment } from './api-types';

// Drafts kept for their applicant
export {
  DRAFT_ANSWERS_MAX_CHARS,
  DRAFT_SHAPE_MESSAGES,
  draftShapeProblems,
  hasDraftAnswers,
  type DraftAnswers,
  type DraftShapeProblem,
} from './draft-answers';
export { createDraftSaver, type DraftSaveStatus, type DraftSaver, type DraftSaverOptions } from './draft-saver';
export * from './staff-policy';
