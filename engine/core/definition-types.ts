/**
 * Types of a service definition: the declarative JSON under `services/<key>/`.
 *
 * `service.json` is checked against `schemas/service-definition.schema.json`; these types mirror
 * that meta-schema so the engine, the portal and the server read one shape. A definition is
 * pure data: anything about one service lives here, never in engine or portal code.
 */

/** A JSON Schema object (draft 7 with the ajv-errors `errorMessage` keyword). */
export type JsonSchema = { [keyword: string]: unknown };

/** An RJSF uiSchema object. */
export type UiSchema = { [key: string]: unknown };

/** The routes of one service inside the portal. */
export interface ServiceRoutes {
  /** Information page (Steps / How to Apply tabs, Apply Now). */
  info: string;
  /** New application wizard; opening it creates a draft. */
  apply: string;
  /** Read-only (or returned-edit) view; the application id is in `?appId=`. */
  view: string;
  /** Optional separate edit route for returned applications. */
  edit?: string;
}

/** Facts shown on the information page. */
export interface ServiceInfo {
  /** The information page's own title where the spec words it otherwise; the service's `title` if absent. */
  title?: string;
  /** Payable fee as shown, e.g. "FREE". */
  fee?: string;
  /** Licence validity as shown, e.g. "NA" or "5". */
  validity?: string;
  /** Processing time in days. */
  processingDays?: number;
  /** Facts the page hides. */
  hide?: Array<'fee' | 'validity' | 'processingTime'>;
  /** Paragraphs of the How to Apply tab. */
  howToApply: string[];
  /** A choice between this service and its siblings offered on each of their start pages. */
  choice?: ServiceChoice;
}

/** A choice between sibling services (by key), e.g. export or import licence; see `service-choice.ts`. */
export interface ServiceChoice {
  /** The question, e.g. "Type of licence". */
  label: string;
  /** The services offered, in order, this one among them; each declares the same list. */
  services: string[];
}

/** Accepted upload kinds; each maps to extensions and MIME types in `file-kinds.ts`. */
export type FileKind = 'pdf' | 'image' | 'doc' | 'docx';

/** An upload the documents step asks for beyond the service's attachment list. */
export interface ExtraUpload {
  /** Stable name, also sent as the attachment's description. */
  name: string;
  description?: string;
  accept?: FileKind[];
  /** Required when `when` holds (or always when `when` is absent). */
  required?: boolean;
  /**
   * A JSON Schema the step-1 form data must satisfy for the upload to be asked for (the same
   * condition language as the form's `if`), e.g. `{"properties": {"has_eia": {"const": true}},
   * "required": ["has_eia"]}`. Always asked for when absent.
   */
  when?: JsonSchema;
  /** Message shown when a required upload is missing. */
  requiredMessage?: string;
}

/** A blank document to download, fill and upload (a file of the service folder's `files/`). */
export interface DocumentTemplate {
  label: string;
  file: string;
}

/** The documents step. */
export interface DocumentsStep {
  /** Accepted kinds for every input of the step unless an upload narrows it. */
  accept: FileKind[];
  /** Read the service's attachment list from `service/attachments/{id}`. */
  serviceAttachments: boolean;
  extra?: ExtraUpload[];
  /** Templates offered for download on the step. */
  templates?: DocumentTemplate[];
  /** The chosen files upload all at once on submit instead of one after another. */
  parallelUploads?: boolean;
  /**
   * Service attachments whose mandatory flag depends on the answers, by name: one the attachment list
   * marks mandatory is mandatory only when its condition (a JSON Schema over the form data) holds.
   */
  mandatoryWhen?: Record<string, JsonSchema>;
}

/**
 * Titles of the alert a failed submission shows, per stage that failed (the engine's own title when
 * a stage has none); the server's or the client's message is shown below the title.
 */
export interface SubmitFailureTitles {
  /** A file did not upload. */
  upload?: string;
  /** The call saving the record (the one that submits) was refused. */
  save?: string;
  /** Another call of the pipeline was refused. */
  call?: string;
  /** The server could not be reached or failed (a network error, a timeout, a 5xx) at any stage. */
  unavailable?: string;
}

/**
 * A value in a call body. Strings starting with `$` are references:
 * `$form` (whole form data, spread), `$form.<field>`, `$context.clientId`, `$context.applicationId`,
 * `$context.serviceId`. Anything else is a constant.
 */
export type BodyValue = unknown;

/** One-hot flags derived from an enum field: `{ field, values }` sets `body[value] = data[field] === value`. */
export interface OneHotFlags {
  field: string;
  values: string[];
}

/** One call of the submit pipeline. */
export interface SubmitCall {
  /** Stable name of the call, unique inside the service. */
  name: string;
  method: 'POST' | 'PUT';
  /** Path relative to the API base; `{clientId}`, `{applicationId}` and `{serviceId}` are filled in. */
  path: string;
  /** Body template: keys map to `BodyValue`s. `"...": "$form"` spreads the form data. */
  body: Record<string, BodyValue>;
  flags?: OneHotFlags[];
  /** Form fields the `"...": "$form"` spread leaves out (another call of the pipeline sends them). */
  omit?: string[];
  /**
   * Schema file (relative to the service folder) the server validates the body with. Defaults to the
   * form schema for the record call.
   */
  schema?: string;
  /** The call saves the service record that the view reads (exactly one call has this). */
  savesRecord?: boolean;
  /**
   * Path (with `{applicationId}`) of a GET answering what the call saved for an application: the list
   * of the one field it sends (e.g. `transit-states/{applicationId}`).
   */
  read?: string;
}

/** A detail row of the application view. */
export interface ViewRow {
  label: string;
  /** Field of the record, dotted path allowed (e.g. `plastic_type.name`). */
  field: string;
  /** Fallback fields tried in order when `field` is empty. */
  fallback?: string[];
  format?: 'text' | 'date' | 'time' | 'date-time' | 'yesno' | 'list' | 'number';
  /**
   * The record of the application the row reads `field` and `fallback` from: the view's record by
   * default, or another the application holds (an applicant task's `save.record`, a follow-up call's):
   * what the applicant entered after the submission shows beside the first answers.
   */
  record?: string;
  /**
   * A later answer that replaces this row: while that field (of `record`, the row's own record by
   * default) holds a value, the row reads empty and is left out of the view, so an answer given at
   * submission ("not yet") does not contradict the one entered after it.
   */
  supersededBy?: { record?: string; field: string };
}

/** A table of a list in the application view (waste identifications, transit states...). */
export interface ViewTable {
  title: string;
  /** Record holding the list: the view's record by default, or a follow-up call's (named by the call). */
  record?: string;
  /** The list field of that record. */
  field: string;
  columns: ViewRow[];
}

/** How the application view reads and shows the service record. */
export interface ServiceView {
  /** Key of the nested record in the `application/{id}` answer, e.g. `auth_plastic_bags`. */
  record: string;
  rows: ViewRow[];
  tables?: ViewTable[];
  /**
   * Record fields naming the holder printed on the certificate, tried in order (e.g. the company
   * name); the applicant's own name when none is filled.
   */
  holder?: string[];
  /**
   * The letter issued on approval instead of a certificate (the GCF letters): its subject and
   * paragraphs, with `{field}` placeholders of the record and `{holder}`; see `approval-letter.ts`.
   */
  letter?: ApprovalLetter;
}

/** A letter of approval: subject line and paragraphs, English as the certificate is. */
export interface ApprovalLetter {
  subject: string;
  body: string[];
}

/** A form of the service: its JSON Schema and uiSchema files (relative to the service folder). */
export interface FormFiles {
  schema: string;
  ui: string;
}

/**
 * One form of a service with several (e.g. Basel or Rotterdam), chosen by the applicant: its own
 * form, submit pipeline, view and, when it differs, documents step.
 */
export interface ServiceVariantFile {
  /** The schema an editor checks a variant of its own file against (schemas/variant.schema.json). */
  $schema?: string;
  key: string;
  label: string;
  form: FormFiles;
  submit: { calls: SubmitCall[] };
  view: ServiceView;
  documents?: DocumentsStep;
}

/** A feature of the portal a service can open (each has its page in the portal). */
export type PortalFeature = 'recycled-reports';

/**
 * A portal feature the service opens for a client once the client has submitted an application of
 * the service (the recycled-plastic reports open with the first plastic bags authorisation).
 */
export interface FeatureUnlock {
  feature: PortalFeature;
  /** The feature's page in the portal, e.g. `/plastics-recycled`. */
  route: string;
  /**
   * The GET answering whether it is open for a client: `path` with `{clientId}`, answering
   * `{ [answer]: boolean }`.
   */
  check: { path: string; answer: string };
}

/** One queue of a service's work queues: the applications at one stage. */
export interface WorkQueue {
  /** Key of its count in the counts answer, e.g. `request_for_tor_applications`. */
  key: string;
  label: string;
  /** GET listing the client's applications in the queue (`{clientId}`). */
  path: string;
  /**
   * JSON Schema the application's facts satisfy (`application_status_id`, `manually_processed`,
   * `final_certificate_uploaded` and the facts of `lifecycle.facts`): the one condition language
   * of the format.
   */
  when: JsonSchema;
}

/** The client's applications of a service by stage (the audit's work queues, spec 02). */
export interface WorkQueues {
  /** The page in the portal, e.g. `/env-audit-menu`. */
  route: string;
  title: string;
  /** The link's text on the dashboard, under 'Custom Service Dashboards'; the title when absent. */
  dashboardLink?: string;
  /** GET answering `{ [queue key]: count }` for a client (`{clientId}`). */
  counts: string;
  queues: WorkQueue[];
}

/**
 * Texts of an applicant task's outcome: the alert of a failed upload, of a server that failed or
 * could not be reached, the banner of a refusal (the server's reason below it), and of success.
 */
export interface ApplicantTaskMessages {
  upload: string;
  unavailable: string;
  refused: string;
  success: string;
}

/**
 * What an applicant task saves: `POST <path>` with `application_id` and the task's form data. The
 * server keeps the data as the application's record `record` (in the `application/{id}` answer under
 * that key), and may take the transition `transition` of the lifecycle (`via: "task"`).
 */
export interface ApplicantTaskSave {
  path: string;
  record: string;
  transition?: string;
}

/**
 * Something the authority asks of the applicant after submission, shown in the application's view
 * while `when` holds: a form and uploads, saved by one call (the audit's firm/expert details and
 * reports once its terms of reference are approved).
 */
export interface ApplicantTaskFile {
  /** Stable key, unique in the service. */
  key: string;
  /** Title of the prompt (and of its dialog). */
  title: string;
  /** What the applicant is asked, under the title. */
  intro?: string;
  /** Label of the button that opens the task. */
  action: string;
  /**
   * JSON Schema of the application facts the task is open for: `application_status_id`,
   * `manually_processed`, `final_certificate_uploaded` (booleans), the facts of `lifecycle.facts`
   * and the task's record (`save.record`, null until saved).
   */
  when: JsonSchema;
  form: FormFiles;
  /** Files uploaded with the task (each names its accepted kinds; no conditions). */
  uploads: ExtraUpload[];
  save: ApplicantTaskSave;
  messages: ApplicantTaskMessages;
  /** The view reads the application again this long after success (spec 02: 2 seconds). */
  reloadAfterMs?: number;
}

/** An applicant task with its form files read. */
export interface ApplicantTask extends ApplicantTaskFile {
  formSchema: JsonSchema;
  uiSchema: UiSchema;
}

/** A fact an application's stages keep (one row of `application_facts` per set fact). */
export interface LifecycleFact {
  /** What the fact is, for the analyst and the staff. */
  description?: string;
  /** Its value until an action sets it (every application's answer carries the fact with it). */
  default: string | number | boolean | null;
}

/**
 * A status of an application, by key (`lifecycle.statuses`; the platform's are in
 * `services/platform/lifecycle.json`, spec 01 section 4): its id, the one number stored, and, for a
 * service's own status, how the applicant sees it.
 */
export interface LifecycleStatusFile {
  /** Its key: how every other part of the definitions names it. */
  key: string;
  id: number;
  /** The badge label (translated by the portal's `status.<label>` texts, as the platform's are). */
  label?: string;
  colour?: 'success' | 'warning' | 'error' | 'dark' | 'info';
  /** What happens next, the line under the badge. */
  next?: string;
  /** The e-mail the applicant receives when their application reaches it. */
  email?: StatusEmail;
}

/** A service's own status (beyond the platform's), as the engine shows it. */
export interface LifecycleStatus extends LifecycleStatusFile {
  label: string;
  colour: 'success' | 'warning' | 'error' | 'dark' | 'info';
  next: string;
}

/**
 * An e-mail the applicant receives when their application reaches a status (or takes a row that
 * declares its own): one template that gives the text and the HTML version. Its texts may hold
 * `{app_id}`, `{service}`, `{name}` and `{comment}` (a paragraph naming the comment is left out when
 * the move has none); the lifecycle check refuses any other.
 */
export interface StatusEmail {
  subject: string;
  paragraphs: string[];
  /** Where its link leads: the application's view, its form (to correct it), its certificate. */
  link: 'view' | 'edit' | 'certificate';
  linkLabel: string;
}

/** The document a staff action files with the application (kept from the applicant's list). */
export interface LifecycleActionDocument {
  /** The attachment's description: the name the document is filed and found under. */
  description: string;
  /** The kinds accepted (only `pdf` today: the staff tools check a PDF's first bytes). */
  accept: ['pdf'];
  /** Why a file is refused when it is not a PDF. */
  notPdfMessage: string;
  /**
   * Where the applicant downloads it (a GET route the server registers; `{app_id}` is the
   * application's readable id), and the name the download is saved under.
   */
  download: string;
  fileName: string;
  /** The label of its download button, in the view and on the dashboard row. */
  label: string;
  /** A fact whose value (not null, not false) shows the download on the application's dashboard row. */
  dashboardWhenSet?: string;
}

/** The text a staff action takes (the conditions of a conditional approval), as HTML. */
export interface LifecycleActionText {
  /** The option that carries it: `--<name>` in the staff command, `<name>` in the staff API. */
  name: string;
  requiredMessage: string;
}

/** Who takes a transition. */
export type TransitionActor = 'staff' | 'applicant';

/**
 * Where a transition is taken: the submission (`submit`), a staff move to a status (`move`), a staff
 * action with what it carries (`action`), the applicant's answer to a decision (`decision`), the save
 * of an applicant task (`task`).
 */
export type TransitionVia = 'submit' | 'move' | 'action' | 'decision' | 'task';

/** A reason the applicant must give (a denied decision): its text becomes the history's comment. */
export interface TransitionReason {
  /** The body field that carries it. */
  field: string;
  requiredMessage: string;
}

/**
 * One row of the lifecycle's transition table (`lifecycle.transitions`), statuses by key: who moves an
 * application from which statuses to which, where, with what it takes (a document, a text, a reason,
 * a condition on the application's facts), the facts it sets, the comment its history shows and the
 * e-mail it sends (its status's unless it says otherwise).
 * Several rows may share a name (one verb from different statuses): they then share `to`, `by` and
 * `via`.
 */
export interface TransitionFile {
  /** Its name: `npm run staff -- <name> <app>` and `POST staff/applications/{id}/<name>` for staff. */
  name: string;
  /** What it does, in the staff command's help. */
  description?: string;
  /**
   * Its short name for people (translated): the console's button, dialog title and history line.
   * Rows of one name share it (resolution gives every row the one written). Absent: the name, humanised.
   */
  label?: string;
  from: string[];
  to: string;
  by: TransitionActor;
  via: TransitionVia;
  /** The history's comment to the applicant when the one taking it gives none (English, as stored). */
  comment?: string;
  document?: LifecycleActionDocument;
  text?: LifecycleActionText;
  reason?: TransitionReason;
  /** The applicant's answer this transition is (a decision): true accepts, false denies. */
  answer?: boolean;
  /** JSON Schema of the application's facts that must hold for it to be taken. */
  when?: JsonSchema;
  /**
   * A staff row's least role on the service to take it (staff-policy.ts): a reviewer's when absent,
   * or an approver's (a decision that binds the authority). Not on an applicant's row.
   */
  role?: 'reviewer' | 'approver';
  /**
   * Four eyes on a staff row: the transitions (by name, of the same service) whose takers on the
   * application may not take this one, e.g. `approve` separate from `propose-approval`. Not on an
   * applicant's row.
   */
  separateFrom?: string[];
  /** Facts it sets: a value, or a text with `{today}` (the date, YYYY-MM-DD) or `{text}` (its text). */
  sets?: Record<string, string | number | boolean | null>;
  /**
   * The e-mail taking it sends, instead of the one of the status it reaches; `false` sends none (a
   * move that stays silent). Absent: the status's.
   */
  email?: StatusEmail | false;
}

/** A transition with its statuses resolved to ids: what the engine and the server judge by. */
export interface Transition extends Omit<TransitionFile, 'from' | 'to'> {
  from: number[];
  to: number;
  /** In a translated copy of the definition (`localizeDefinition`): `comment` in the reader's language. */
  commentLabel?: string;
}

/** A staff action: a transition `via: "action"` (kept as a name for what carries a document or text). */
export type LifecycleAction = Transition;

/** A block of the application's view while `when` holds: a line of guidance, maybe a download. */
export interface LifecycleBlock {
  /** JSON Schema of the application's facts (as a task's `when`). */
  when: JsonSchema;
  severity: 'info' | 'success' | 'warning' | 'error';
  title: string;
  /** Under the title; `{fact}` is replaced by the fact's value (the block is left out while it is empty). */
  text?: string;
  /** The description of an action's document the block offers for download. */
  document?: string;
}

/**
 * An answer the applicant owes (`application/applicant-confirmation`), read from the transitions
 * `via: "decision"`: the status it waits at, the fact holding what they answer to (HTML), and where
 * accepting and denying lead.
 */
export interface LifecycleDecision {
  status: number;
  /** The fact holding what they answer to (HTML, shown sanitised). */
  text: string;
  accept: Transition;
  deny: Transition;
}

/** A working document of the authority's review, filed by staff and kept from the applicant's list. */
export interface LifecycleReviewDocument {
  /** Its kind in the staff command: `npm run staff -- attach <app> --kind <kind> --file <pdf>`. */
  kind: string;
  /** The name it is filed under. */
  description: string;
}

/**
 * The service's life after submission as written: the files it includes (the platform's base,
 * `services/platform/lifecycle.json`), its facts, statuses, transition table, the blocks of the
 * application's view, the fact the applicant's decision reads and the authority's review documents.
 * Tasks (`tasks`) are what the applicant sends.
 */
export interface LifecycleFile {
  /** Lifecycles whose statuses and transitions come first (each `{"$ref": "<file>.json"}`, read). */
  includes?: LifecycleFile[];
  facts?: Record<string, LifecycleFact>;
  statuses?: LifecycleStatusFile[];
  transitions?: TransitionFile[];
  blocks?: LifecycleBlock[];
  /** The fact holding what the applicant's decision answers to. */
  decision?: { text: string };
  reviewDocuments?: LifecycleReviewDocument[];
}

/**
 * The lifecycle as the engine and the server read it (engine/core/transitions.ts resolves it): every
 * status with its key, the service's own with their presentation, the whole transition table with
 * ids, and the decision read from it.
 */
export interface Lifecycle {
  facts?: Record<string, LifecycleFact>;
  /** Every status an application of the service may be at, the included ones first. */
  allStatuses: LifecycleStatusFile[];
  /** The service's own statuses (those the platform's base does not declare). */
  statuses: LifecycleStatus[];
  transitions: Transition[];
  blocks?: LifecycleBlock[];
  decision?: LifecycleDecision;
  reviewDocuments?: LifecycleReviewDocument[];
}

/** `service.json` as written by an analyst (with every `{"$ref": "<file>.json"}` replaced by that file). */
export interface ServiceDefinitionFile {
  $schema?: string;
  /**
   * Version of this service's definition. Applications are stamped with the version they were made
   * with and are shown and judged by it; earlier versions are kept (definition-versions.ts).
   */
  version: number;
  /** Service id of the spec's constants (1, 2, 3, 4, 6, 17001, 17002, 17003). */
  id: number;
  /** Folder name and stable key. */
  key: string;
  title: string;
  /** One line for cards. */
  summary: string;
  department: string;
  routes: ServiceRoutes;
  info: ServiceInfo;
  /** The wizard's title, and its title on the edit route (`routes.edit`) when it differs. */
  wizard: {
    title: string;
    editTitle?: string;
    /** On the edit route, the submission's loading state lasts at least this long (the licences' 4 s). */
    editLoadingMs?: number;
    failures?: SubmitFailureTitles;
    /**
     * Messages of the form's rules that the wizard also shows as an alert of their own when Next is
     * refused (the spec's alerts), besides under their field.
     */
    alerts?: string[];
  };
  documents: DocumentsStep;
  /** The form, its pipeline and its view: for a service with one form (else `variants`). */
  form?: FormFiles;
  submit?: { calls: SubmitCall[] };
  view?: ServiceView;
  /** Several forms the applicant chooses from (instead of `form`, `submit` and `view`). */
  variants?: { label: string; options: ServiceVariantFile[] };
  /** Portal features a submitted application of the service opens. */
  unlocks?: FeatureUnlock[];
  /** The client's applications of the service by stage, on a page of their own. */
  workQueues?: WorkQueues;
  /** What the authority may ask of the applicant after submission. */
  tasks?: ApplicantTaskFile[];
  /**
   * The stages after submission: facts, statuses, the transition table, view blocks, the decision
   * (the meta-schema asks every service.json for it, with the platform's base included).
   */
  lifecycle?: LifecycleFile;
  /**
   * The retention class of the service's applications, a key of `services/platform/retention.json`'s
   * classes; without it, the platform's default class.
   */
  retention?: string;
}

/**
 * How long a service's applications are kept (its class of `services/platform/retention.json`,
 * resolved): a decided application is deleted `afterDecisionDays` after its decision unless on legal
 * hold, a draft `draftIdleDays` after it was last saved or given a file.
 */
export interface RetentionPolicy {
  /** The class's key. */
  class: string;
  afterDecisionDays: number;
  draftIdleDays: number;
}

/** A `service.json` of a service with one form. */
export type SingleFormServiceFile = Omit<ServiceDefinitionFile, 'variants'> &
  Required<Pick<ServiceDefinitionFile, 'form' | 'submit' | 'view'>>;

/**
 * A definition with its files read and checked: what the engine and the server use. It is always
 * one form: a service with variants is the first variant's form, and lists every variant (each a
 * definition of its own) under `variants.options`; see `formsOf` and `variantOf`.
 */
export interface ServiceDefinition extends Omit<
  ServiceDefinitionFile,
  'form' | 'submit' | 'view' | 'variants' | 'tasks' | 'lifecycle'
> {
  /**
   * The retention class (`retention`, else the platform's default), resolved; absent only where no
   * platform classes were given (a test's files), and then nothing of the service is deleted for its age.
   */
  retentionPolicy?: RetentionPolicy;
  /** The lifecycle, resolved (engine/core/transitions.ts); the loader always gives one. */
  lifecycle?: Lifecycle;
  form: FormFiles;
  submit: { calls: SubmitCall[] };
  view: ServiceView;
  formSchema: JsonSchema;
  uiSchema: UiSchema;
  /** Extra schemas named by submit calls, keyed by file name. */
  callSchemas: Record<string, JsonSchema>;
  /** The variant this form is, for a service with several. */
  variant?: { key: string; label: string };
  /** The chooser and every form of a service with several. */
  variants?: { label: string; options: ServiceDefinition[] };
  /** Folders of shared fragments the definition includes: their catalogues translate it too. */
  fragments?: string[];
  /** The applicant tasks with their forms read. */
  tasks?: ApplicantTask[];
  /**
   * An earlier version kept for the applications submitted under it (`versions/<n>.json`), not the one
   * new applications use: what is made per form of it is filed under `<key>@<version>`.
   */
  superseded?: true;
}
