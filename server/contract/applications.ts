/** The answers of the application routes (server/routes/applications.ts, work-queues.ts, drafts.ts). */
import {
  allFactDefaults,
  APPLICATION_CREATED_SCHEMA,
  APPLICATION_DETAIL_SCHEMA,
  APPLICATION_SUMMARY_SCHEMA,
  APPLICATIONS_PAGE_SCHEMA,
  OFFERED_DRAFT_SCHEMA,
  STATISTICS_SCHEMA,
  type ServiceDefinition,
} from '../../engine/core';
import { anyValue, flag, integer, list, object, text, type Schema } from './answers';

/** A stage fact: its value as the service declares it. */
const fact = { type: ['string', 'number', 'boolean', 'null'] } as const;

/** The names of every stage fact the services declare, in their current and kept versions. */
export function factNames(definitions: readonly ServiceDefinition[]): string[] {
  return Object.keys(allFactDefaults(definitions));
}

/**
 * An application as the lists answer it, with the services' stage facts (`facts`: their names) added
 * to the fixed fields the portal's type is derived from (engine/core/contract/application-schemas.ts).
 */
export function applicationSummarySchema(facts: readonly string[]): Schema {
  return {
    ...APPLICATION_SUMMARY_SCHEMA,
    properties: { ...APPLICATION_SUMMARY_SCHEMA.properties, ...Object.fromEntries(facts.map((name) => [name, fact])) },
  };
}

/** A page of the dashboard's table. */
export function applicationsPageSchema(facts: readonly string[]): Schema {
  return {
    ...APPLICATIONS_PAGE_SCHEMA,
    properties: { ...APPLICATIONS_PAGE_SCHEMA.properties, items: list(applicationSummarySchema(facts)) },
  };
}

/**
 * An application's detail: its fixed fields typed, and next to them its stage facts and the records
 * its service's forms and tasks save, whose shapes the definitions give. The schema is the portal's
 * (engine/core/contract/application-schemas.ts): its `ApplicationDetails` is derived from it.
 */
export const APPLICATION_DETAIL: Schema = APPLICATION_DETAIL_SCHEMA;

export const APPLICATION_CREATED: Schema = APPLICATION_CREATED_SCHEMA;

export const STATISTICS: Schema = STATISTICS_SCHEMA;

/** A feature check of a service's `unlocks`: its answer's name, true when open. */
export function unlockAnswer(name: string): Schema {
  return object({ [name]: flag }, [name]);
}

/** A work queue's counts: a number per queue key. */
export function queueCountsSchema(keys: readonly string[]): Schema {
  return object(Object.fromEntries(keys.map((key) => [key, integer])));
}

export const DRAFT_SAVED: Schema = object({ id: integer, saved_at: text }, ['id', 'saved_at']);
export const OFFERED_DRAFTS: Schema = list(OFFERED_DRAFT_SCHEMA);
export const DRAFT_DOCUMENT_REMOVED: Schema = object({ id: integer, description: text, removed: anyValue });
export const DRAFT_DISCARDED: Schema = object({ id: integer }, ['id']);
