/**
 * Typed tables of the server database. Columns use portable types only (integer, text, double
 * precision) so one set of migrations and queries runs on SQLite and PostgreSQL: booleans are 0/1
 * integers, timestamps ISO-8601 text, JSON documents text.
 */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** 0 or 1: SQLite has no boolean type, so both dialects store integers. */
export type Flag = number;

export interface ClientsTable {
  id: Generated<number>;
  uid: string;
  first_name: string;
  last_name: string;
  other_name: string | null;
  email: string;
  /** Optional once registered: the profile may clear it. */
  telephone: string | null;
  id_number: string | null;
  password_hash: string | null;
  confirmed: Flag;
  created_at: string;
  /** Grows with every change to what the client's application answers show (kept by triggers). */
  data_revision: Generated<number>;
  /** The portal language the client last used (`en`, `de`...): their e-mails are written in it. */
  language: string | null;
  /** 1 while the client wants e-mails about their applications' decisions (codes are always sent). */
  decision_emails: Generated<Flag>;
  /**
   * When the applicant closed the account (null: open). A closed account cannot sign in; it keeps only
   * the name and e-mail its submitted applications were made under (docs/security.md#closing-an-account).
   */
  closed_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface OtpsTable {
  id: Generated<number>;
  client_id: number;
  purpose: 'register' | 'reset';
  code_hash: string;
  expires_at: string;
  attempts: number;
  confirmed_at: string | null;
  /** Set when a password was set with this confirmation, so one code sets one password. */
  used_at: string | null;
  created_at: string;
  /** SHA-256 of the secret the confirmation answered; the password step must present it. */
  password_token_hash: string | null;
}

/** A staff account of the staff API: its key is shown once when created, stored as a SHA-256 hash. */
export interface StaffTable {
  id: Generated<number>;
  name: string;
  key_hash: string;
  created_at: string;
  revoked_at: string | null;
  /** When its key was made (at creation, then at each rotation): it expires a set number of days later. */
  key_created_at: string;
  last_used_at: string | null;
  /** scrypt hash of the password the embedded OpenID provider signs the account in with, if it has one. */
  password_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** SHA-256 of a one-time sign-in link (printed once), and when it stops working. */
  sign_in_link_hash: ColumnType<string | null, string | null | undefined, string | null>;
  sign_in_link_expires_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The `sub` of the authority's OpenID provider this account is (null: the embedded provider's, its name). */
  subject: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A role granted to a staff account on one service (its key) or on every service (`*`). */
export interface StaffRolesTable {
  id: Generated<number>;
  staff_id: number;
  service: string;
  role: string;
  granted_by: string;
  granted_at: string;
}

/**
 * A signed-in console session (shared by every instance): the cookie carries a random id whose SHA-256
 * is `session_hash`; the roles are those the identity provider gave at sign-in (JSON `RoleGrant[]`).
 */
export interface StaffSessionsTable {
  id: Generated<number>;
  session_hash: string;
  staff_name: string;
  subject: string;
  issuer: string;
  grants: string;
  /** Kept for the provider's logout (`id_token_hint`). */
  id_token: string | null;
  csrf_token: string;
  created_at: string;
  last_used_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/** What the embedded OpenID provider stores (its adapter's models: sessions, codes, grants...). */
export interface OidcStoreTable {
  model: string;
  id: string;
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: string | null;
  consumed_at: string | null;
}

/** A staff note on an application: never shown to its applicant, in an e-mail or on a copy. */
export interface ApplicationNotesTable {
  id: Generated<number>;
  application_id: number;
  author: string;
  body: string;
  created_at: string;
}

export interface TokensTable {
  id: Generated<number>;
  token_hash: string;
  client_id: number;
  created_at: string;
  revoked_at: string | null;
  /** Last authenticated call, kept to the minute: a session idle for too long expires. */
  last_used_at: string | null;
}

/** Attempt counters of the limits: one row per bucket (e.g. `login-account:12`), counted in a window. */
export interface ThrottlesTable {
  bucket: string;
  hits: number;
  window_started_at: string;
}

export interface LookupsTable {
  kind: string;
  id: number;
  parent_id: number | null;
  name: string;
  extra: string | null;
}

export interface ServicesTable {
  id: number;
  name: string;
  description: string;
}

export interface ServiceAttachmentsTable {
  id: Generated<number>;
  service_id: number;
  name: string;
  description: string;
  info: string | null;
  is_mandatory: Flag;
}

export interface CompaniesTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  company_category_id: number;
  type_registration: string;
  tin: string;
  telephone: string;
  email: string;
  average_monthly_plastic_quantity: number | null;
  activities: string;
  address: string;
  contact_person_name: string | null;
  contact_person_job_title: string;
  contact_person_phone: string;
  contact_person_email: string;
  province_id: number | null;
  district_id: number | null;
  sector_id: number | null;
  cell_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface ApplicationsTable {
  id: Generated<number>;
  app_id: string;
  client_id: number;
  service_id: number;
  status_id: number;
  resubmitted: Flag;
  submitted_at: string | null;
  created_at: string;
  updated_at: string;
  manually_processed: Flag;
  manual_certificate_path: string | null;
  manual_certificate_name: string | null;
  final_certificate_uploaded: Flag;
  /** Random id of the certificate's public verification address (not guessable from the app id). */
  certificate_token: string;
  /** Version of the service's definition the application was submitted under (a draft: the current one). */
  definition_version: ColumnType<number, number | undefined, number>;
  /** A draft's step-1 answers as last saved (JSON: `{ answers, variant? }`), not judged; null when none. */
  draft_answers: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the draft's answers were last saved (ISO); null when never. */
  draft_saved_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The staff member (their name) the application is assigned to, if any. */
  assignee: ColumnType<string | null, string | null | undefined, string | null>;
  /** The head of the application's audit trail: its last event's `seq` (0: none) and `hash`. */
  trail_seq: Generated<number>;
  trail_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1: on legal hold, never deleted by the retention job until staff lift it (with who, when, why). */
  legal_hold: Generated<Flag>;
  legal_hold_by: ColumnType<string | null, string | null | undefined, string | null>;
  legal_hold_at: ColumnType<string | null, string | null | undefined, string | null>;
  legal_hold_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ApplicationRecordsTable {
  id: Generated<number>;
  application_id: number;
  record_key: string;
  data: string;
  updated_at: string;
}

/** A stage fact an action set on an application (`lifecycle.facts` of its service): its JSON value by name. */
export interface ApplicationFactsTable {
  id: Generated<number>;
  application_id: number;
  name: string;
  /** The value as JSON. */
  value: string;
  updated_at: string;
}

export interface AttachmentsTable {
  id: Generated<number>;
  application_id: number;
  description: string;
  path: string;
  name: string;
  size: number;
  mime: string;
  created_at: string;
  /** Added by the authority (the approved terms of reference): not in the applicant's list. */
  internal: Generated<Flag>;
  /** SHA-256 of the file (hex), taken as the upload arrived; null for files stored before it was kept. */
  sha256: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface FlowHistoriesTable {
  id: Generated<number>;
  application_id: number;
  status_id: number;
  comment_to_applicant: string | null;
  created_at: string;
  /** Who made the move: `staff:<name>`, `applicant` or `system`; null for entries older than the column. */
  actor: Generated<string | null>;
  /** The transition of the table the row records (null for rows written before it was kept). */
  transition: ColumnType<string | null, string | null | undefined, string | null>;
  /** The staff session (or `key`, `command`) that wrote it. */
  session: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1: a staff read or other internal row, never shown to the applicant. */
  internal: Generated<Flag>;
  /** What an internal row records (`InternalEvent`), and the colleague or document it names. */
  event: ColumnType<string | null, string | null | undefined, string | null>;
  event_subject: ColumnType<string | null, string | null | undefined, string | null>;
  /** What the event is (server/trail/append.ts `TrailKind`): `status`, `internal`, `answers`, `file-added`... */
  kind: Generated<string>;
  /** The event's JSON: an answers patch (RFC 6902), a file's fingerprint, facts set, a note's text... */
  data: ColumnType<string | null, string | null | undefined, string | null>;
  /** The event's place in its application's trail (1..n) and its chain (server/trail/chain.ts). */
  seq: ColumnType<number | null, number | null | undefined, number | null>;
  prev_hash: ColumnType<string | null, string | null | undefined, string | null>;
  hash: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The register of applications made and deleted (a deletion's tombstone), chained: no personal data. */
export interface TrailRegisterTable {
  id: Generated<number>;
  seq: number;
  /** `created` or `deleted` (its tombstone). */
  kind: string;
  application_id: number;
  app_id: string;
  service_id: number;
  created_at: string;
  at: string;
  /** A tombstone of the retention job: when the application was decided (null otherwise). */
  decided_at: ColumnType<string | null, string | null | undefined, string | null>;
  prev_hash: string | null;
  hash: string;
}

/** The register's head (one row, id 1): its last row's `seq` and `hash`; also its writers' lock. */
export interface TrailRegisterHeadTable {
  id: number;
  seq: number;
  hash: string | null;
}

export interface RecycledReportsTable {
  id: Generated<number>;
  client_id: number;
  company_id: number;
  report_month: string;
  quantity: ColumnType<number, number, number>;
  created_at: string;
}

/**
 * A message waiting to be sent (or sent): made in the transaction of the move it tells of, or of the
 * one-time code it carries.
 */
export interface MailQueueTable {
  id: Generated<number>;
  client_id: number;
  /** The application it tells of; null for a code or an account notice. */
  application_id: number | null;
  /** What it tells (`status`, `code`, `notice`): the template it is written from when sent. */
  kind: string;
  /** JSON of the template's values (status and comment; recipient, purpose, the code until it is sent...). */
  params: string;
  /** Due messages go lowest first, then oldest first (server/mail/mail-queue.ts `MAIL_PRIORITY`). */
  priority: number;
  created_at: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  sent_at: string | null;
  last_error: string | null;
}

/** Where a queued webhook event is: waiting (or being retried), delivered, or given up on until replayed. */
export type WebhookState = 'pending' | 'delivered' | 'dead';

/**
 * A webhook event for one subscription: written in the transaction of the status change it reports,
 * delivered (at least once, in order per subscription and application) by the webhook sender.
 */
export interface WebhookOutboxTable {
  id: Generated<number>;
  /** `msg_<random>`: the `webhook-id` of every attempt, what receivers de-duplicate by. */
  message_id: string;
  /** The subscription's name (WEBHOOKS_FILE). */
  subscription: string;
  application_id: number;
  /** The application's service key: whose admins list and replay it. */
  service: string;
  /** `application.<transition name>`. */
  event_type: string;
  /** The JSON body posted, as written with the change. */
  payload: string;
  created_at: string;
  state: ColumnType<WebhookState, WebhookState | undefined, WebhookState>;
  attempts: Generated<number>;
  next_attempt_at: string;
  delivered_at: string | null;
  last_error: string | null;
}

/** Who holds a job that one instance at a time may run (the mail sender), until when. */
export interface LeasesTable {
  name: string;
  holder: string;
  expires_at: string;
}

/** The whole database as Kysely sees it. */
export interface Database {
  clients: ClientsTable;
  otps: OtpsTable;
  tokens: TokensTable;
  staff: StaffTable;
  staff_roles: StaffRolesTable;
  staff_sessions: StaffSessionsTable;
  oidc_store: OidcStoreTable;
  application_notes: ApplicationNotesTable;
  throttles: ThrottlesTable;
  lookups: LookupsTable;
  services: ServicesTable;
  service_attachments: ServiceAttachmentsTable;
  companies: CompaniesTable;
  applications: ApplicationsTable;
  application_records: ApplicationRecordsTable;
  application_facts: ApplicationFactsTable;
  attachments: AttachmentsTable;
  flow_histories: FlowHistoriesTable;
  recycled_reports: RecycledReportsTable;
  mail_queue: MailQueueTable;
  leases: LeasesTable;
  webhook_outbox: WebhookOutboxTable;
  trail_register: TrailRegisterTable;
  trail_register_head: TrailRegisterHeadTable;
}

export type Client = Selectable<ClientsTable>;
export type Company = Selectable<CompaniesTable>;
export type Application = Selectable<ApplicationsTable>;
export type NewLookup = Insertable<LookupsTable>;
