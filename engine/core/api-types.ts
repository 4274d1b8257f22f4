/**
 * The portal's types of what it reads from the API, derived with `FromSchema` (json-schema-to-ts)
 * from the very JSON Schemas the server serialises its answers by and publishes in its OpenAPI
 * document (engine/core/contract/). A field the server stops sending, or sends otherwise, changes
 * the type here and the portal's code that reads it fails to compile.
 */
import type { FromSchema } from 'json-schema-to-ts';
import type { FactValue } from './lifecycle';
import type {
  APPLICATION_ATTACHMENT_SCHEMA,
  APPLICATION_CREATED_SCHEMA,
  APPLICATION_DETAIL_SCHEMA,
  APPLICATION_SUMMARY_SCHEMA,
  APPLICATIONS_PAGE_SCHEMA,
  FLOW_HISTORY_SCHEMA,
  OFFERED_DRAFT_SCHEMA,
  STATISTICS_SCHEMA,
} from './contract/application-schemas';
import type { COMPANY_SCHEMA } from './contract/company-schema';
import type { UPLOADED_SCHEMA } from './contract/file-schemas';
import type { PUBLIC_SERVICE_SCHEMA, SERVICE_ATTACHMENT_SCHEMA } from './contract/reference-schemas';

/**
 * The declared fields of an object type, without the index signature an open schema
 * (`additionalProperties: true`) gives it: the other fields' names are the definitions', and are
 * read by name with `applicationField`.
 */
export type DeclaredFields<T> = { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };

/** `GET application/{id}`: the fixed fields of an application's detail. */
export type ApplicationDetails = DeclaredFields<FromSchema<typeof APPLICATION_DETAIL_SCHEMA>>;
/** A file an application's detail lists. */
export type ApplicationAttachment = FromSchema<typeof APPLICATION_ATTACHMENT_SCHEMA>;
/** A move of an application's status in its detail's history. */
export type FlowHistory = FromSchema<typeof FLOW_HISTORY_SCHEMA>;
/** A row of `GET clients/applications/{clientId}` and of the work queues (its stage facts aside). */
export type ApplicationSummary = FromSchema<typeof APPLICATION_SUMMARY_SCHEMA>;
/** A page of `GET clients/applications/{clientId}?page=`. */
export type ApplicationsPage = FromSchema<typeof APPLICATIONS_PAGE_SCHEMA>;
/** `GET client/statistics/{clientId}`. */
export type Statistics = FromSchema<typeof STATISTICS_SCHEMA>;
/** `POST client/application/{serviceId}`: the new draft. */
export type ApplicationCreated = FromSchema<typeof APPLICATION_CREATED_SCHEMA>;
/** A draft offered to be continued: a row of `GET client/drafts`. */
export type OfferedDraft = FromSchema<typeof OFFERED_DRAFT_SCHEMA>;
/** A company of `GET companies/{clientId}`. */
export type Company = FromSchema<typeof COMPANY_SCHEMA>;
/** A file attached by `POST applications/upload/file`. */
export type UploadedAttachment = FromSchema<typeof UPLOADED_SCHEMA>;
/** A service of the public list, `GET services`. */
export type PublicService = FromSchema<typeof PUBLIC_SERVICE_SCHEMA>;
/** One entry of `GET service/attachments/{serviceId}`. */
export type ServiceAttachment = FromSchema<typeof SERVICE_ATTACHMENT_SCHEMA>;

/**
 * A field an application's answer carries beside its declared ones: a stage fact (`lifecycle.facts`)
 * or a record a form or task saves, by the name its service's definition gives. Unknown until the
 * caller checks it: the contract cannot type what each service declares.
 */
export function applicationField(application: object, name: string): unknown {
  return Object.hasOwn(application, name) ? (application as Readonly<Record<string, unknown>>)[name] : undefined;
}

/**
 * The fields of an application's answer that may be stage facts (a value a fact can hold), by name:
 * `factValues` keeps those its service declares.
 */
export function factFieldsOf(application: object): Record<string, FactValue> {
  return Object.fromEntries(
    Object.entries(application).filter((entry): entry is [string, FactValue] => isFactValue(entry[1])),
  );
}

function isFactValue(value: unknown): value is FactValue {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}
