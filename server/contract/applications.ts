/** The answers of the application routes (server/routes/applications.ts, work-queues.ts, drafts.ts). */
import { allFactDefaults, type ServiceDefinition } from '../../engine/core';
import { anyValue, flag, integer, list, nullableText, object, openObject, text, type Schema } from './answers';

const idAndName = object({ id: integer, name: text }, ['id', 'name']);
/** A stage fact: its value as the service declares it. */
const fact = { type: ['string', 'number', 'boolean', 'null'] } as const;

/** The names of every stage fact the services declare, in their current and kept versions. */
export function factNames(definitions: readonly ServiceDefinition[]): string[] {
  return Object.keys(allFactDefaults(definitions));
}

/** An application as the lists answer it, with the services' stage facts (`facts`: their names). */
export function applicationSummarySchema(facts: readonly string[]): Schema {
  return object({
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
    ...Object.fromEntries(facts.map((name) => [name, fact])),
  });
}

/** A page of the dashboard's table. */
export function applicationsPageSchema(facts: readonly string[]): Schema {
  return object({
    items: list(applicationSummarySchema(facts)),
    page: integer,
    per_page: integer,
    total: integer,
    last_page: integer,
  });
}

/**
 * An application's detail: its fixed fields typed, and next to them its stage facts and the records
 * its service's forms and tasks save (each under its record's name, null until saved), whose shapes
 * the definitions give.
 */
export const APPLICATION_DETAIL: Schema = openObject({
  id: integer,
  app_id: text,
  service_id: integer,
  service: { anyOf: [idAndName, { type: 'null' }] },
  application_status_id: integer,
  application_status: idAndName,
  definition_version: integer,
  resubmitted: flag,
  submitted_at: nullableText,
  created_at: text,
  manually_processed: flag,
  manual_certificate: { anyOf: [object({ path: text, file_name: nullableText }), { type: 'null' }] },
  final_certificate_uploaded: flag,
  certUrl: nullableText,
  application_attachments: list(
    object({ id: integer, description: text, path: text, name: text, created_at: text, earlier_versions: integer }),
  ),
  draft: {
    anyOf: [object({ answers: openObject(), variant: text, saved_at: nullableText }), { type: 'null' }],
  },
  application_flow_histories: list(
    object({
      application_status_id: integer,
      comment_to_applicant: nullableText,
      created_at: text,
      actor: nullableText,
    }),
  ),
});

export const APPLICATION_CREATED: Schema = object({ id: integer, app_id: text, application_status_id: integer }, [
  'id',
  'app_id',
  'application_status_id',
]);

export const STATISTICS: Schema = object({
  all_applications: integer,
  approved: integer,
  rejected: integer,
  processing: integer,
});

/** A feature check of a service's `unlocks`: its answer's name, true when open. */
export function unlockAnswer(name: string): Schema {
  return object({ [name]: flag }, [name]);
}

/** A work queue's counts: a number per queue key. */
export function queueCountsSchema(keys: readonly string[]): Schema {
  return object(Object.fromEntries(keys.map((key) => [key, integer])));
}

export const DRAFT_SAVED: Schema = object({ id: integer, saved_at: text }, ['id', 'saved_at']);
export const OFFERED_DRAFTS: Schema = list(
  object({
    application_id: integer,
    app_id: text,
    service_id: integer,
    saved_at: text,
    has_answers: flag,
    files: integer,
  }),
);
export const DRAFT_DOCUMENT_REMOVED: Schema = object({ id: integer, description: text, removed: anyValue });
export const DRAFT_DISCARDED: Schema = object({ id: integer }, ['id']);
