/**
 * The data of the application answers the portal reads: `GET application/{id}` (the detail), the rows
 * of `GET clients/applications/{clientId}` and of the work queues, the client's counts and a new
 * draft. The server serialises by these schemas (server/contract/applications.ts wraps them in the
 * envelope) and the portal's types are derived from them (engine/core/api-types.ts).
 */
import { anyObject, flag, idAndName, integer, nullableText, text } from './schema-parts';

/** A file of an application as its detail lists it: the latest of its document. */
export const APPLICATION_ATTACHMENT_SCHEMA = {
  type: 'object',
  properties: {
    id: integer,
    description: text,
    path: text,
    name: text,
    created_at: text,
    /** How many earlier files of the same document it replaces (a returned application's correction). */
    earlier_versions: integer,
  },
  required: ['id', 'description', 'path', 'name', 'created_at', 'earlier_versions'],
  additionalProperties: false,
} as const;

/** One move of an application's status, as its history lists it. */
export const FLOW_HISTORY_SCHEMA = {
  type: 'object',
  properties: {
    application_status_id: integer,
    comment_to_applicant: nullableText,
    created_at: text,
    /** Who moved it, by role: staff, applicant or system (null for entries older than the column). */
    actor: nullableText,
  },
  required: ['application_status_id', 'comment_to_applicant', 'created_at', 'actor'],
  additionalProperties: false,
} as const;

/**
 * An application's detail: its fixed fields typed, and next to them (`additionalProperties`) its stage
 * facts and the records its service's forms and tasks save (each under its record's name, null until
 * saved), whose shapes the definitions give: `applicationField` reads them.
 */
export const APPLICATION_DETAIL_SCHEMA = {
  type: 'object',
  properties: {
    id: integer,
    app_id: text,
    service_id: integer,
    service: { anyOf: [idAndName, { type: 'null' }] },
    application_status_id: integer,
    application_status: idAndName,
    /** The version of the service's definition it is shown and judged by. */
    definition_version: integer,
    resubmitted: flag,
    submitted_at: nullableText,
    created_at: text,
    manually_processed: flag,
    manual_certificate: {
      anyOf: [
        {
          type: 'object',
          properties: { path: text, file_name: nullableText },
          required: ['path', 'file_name'],
          additionalProperties: false,
        },
        { type: 'null' },
      ],
    },
    final_certificate_uploaded: flag,
    /** Verification address of the certificate under the API base, set once approved. */
    certUrl: nullableText,
    application_attachments: { type: 'array', items: APPLICATION_ATTACHMENT_SCHEMA },
    /** A draft's answers as last saved, to fill the wizard again; null once submitted. */
    draft: {
      anyOf: [
        {
          type: 'object',
          properties: { answers: anyObject, variant: text, saved_at: nullableText },
          required: ['answers', 'saved_at'],
          additionalProperties: false,
        },
        { type: 'null' },
      ],
    },
    application_flow_histories: { type: 'array', items: FLOW_HISTORY_SCHEMA },
  },
  required: [
    'id',
    'app_id',
    'service_id',
    'service',
    'application_status_id',
    'application_status',
    'definition_version',
    'resubmitted',
    'submitted_at',
    'created_at',
    'manually_processed',
    'manual_certificate',
    'final_certificate_uploaded',
    'certUrl',
    'application_attachments',
    'draft',
    'application_flow_histories',
  ],
  additionalProperties: true,
} as const;

/**
 * An application as the lists answer it (the dashboard's table, a service's work queues). The server
 * adds the services' stage facts to its properties (server/contract/applications.ts): their names
 * are the definitions', so the portal reads them with `applicationField`.
 */
export const APPLICATION_SUMMARY_SCHEMA = {
  type: 'object',
  properties: {
    id: integer,
    app_id: text,
    service_id: integer,
    service: idAndName,
    application_status_id: integer,
    application_status: idAndName,
    resubmitted: flag,
    submitted_at: nullableText,
    created_at: text,
    manually_processed: flag,
    final_certificate_uploaded: flag,
  },
  required: [
    'id',
    'app_id',
    'service_id',
    'service',
    'application_status_id',
    'application_status',
    'resubmitted',
    'submitted_at',
    'created_at',
    'manually_processed',
    'final_certificate_uploaded',
  ],
  additionalProperties: false,
} as const;

/** A page of the dashboard's table (its rows' schema with the stage facts added by the server). */
export const APPLICATIONS_PAGE_SCHEMA = {
  type: 'object',
  properties: {
    items: { type: 'array', items: APPLICATION_SUMMARY_SCHEMA },
    page: integer,
    per_page: integer,
    total: integer,
    last_page: integer,
  },
  required: ['items', 'page', 'per_page', 'total', 'last_page'],
  additionalProperties: false,
} as const;

/** The client's applications counted by where they are (`GET client/statistics/{clientId}`). */
export const STATISTICS_SCHEMA = {
  type: 'object',
  properties: { all_applications: integer, approved: integer, rejected: integer, processing: integer },
  required: ['all_applications', 'approved', 'rejected', 'processing'],
  additionalProperties: false,
} as const;

/** A new draft (`POST client/application/{serviceId}`). */
export const APPLICATION_CREATED_SCHEMA = {
  type: 'object',
  properties: { id: integer, app_id: text, application_status_id: integer },
  required: ['id', 'app_id', 'application_status_id'],
  additionalProperties: false,
} as const;

/** A draft offered to be continued: a row of `GET client/drafts`. */
export const OFFERED_DRAFT_SCHEMA = {
  type: 'object',
  properties: {
    application_id: integer,
    app_id: text,
    service_id: integer,
    /** When its answers were last saved or a file was last given to it (ISO). */
    saved_at: text,
    /** Whether it holds answers, and how many files. */
    has_answers: flag,
    files: integer,
  },
  required: ['application_id', 'app_id', 'service_id', 'saved_at', 'has_answers', 'files'],
  additionalProperties: false,
} as const;
