/**
 * The client's applications as the API lists them (GET clients/applications/{clientId}) and what
 * the pages that show them share: paths, row links, the service's title, dates. The dashboard, the
 * work queues and the status notifications of the top bar read them.
 */
import { type ApplicationSummary, type ServiceDefinition, applicationPath, presentStatus } from '../engine/core';

export { applicationPath, ownRoute } from '../engine/core';

// The answers' types, derived from the contract's schemas (engine/core/api-types.ts). A row's stage
// facts (`lifecycle.facts` of the services) are read by name with `applicationField`.
export type { ApplicationsPage, ApplicationSummary, Statistics } from '../engine/core';

/** The API path of a client's status counts. */
export function statisticsPath(clientId: number): string {
  return `client/statistics/${clientId}`;
}

/** The API path of a client's applications; `page` (from 1) picks one page of them. */
export function applicationsPath(clientId: number, page?: number): string {
  return page === undefined ? `clients/applications/${clientId}` : `clients/applications/${clientId}?page=${page}`;
}

/** The definition of a row's service (the current one: what its links and labels come from). */
export function definitionOfRow(
  application: Pick<ApplicationSummary, 'service_id'>,
  definitions: readonly ServiceDefinition[],
): ServiceDefinition | undefined {
  return definitions.find((definition) => definition.id === application.service_id);
}

/**
 * The application an address names: its `appId`, else the value after the query's first equals sign
 * (spec 02 reads the licence edit screen's id so: `?id=12` opens application 12 too). Undefined when
 * that is not a whole number above 0.
 */
export function applicationIdOf(search: string): number | undefined {
  const query = new URLSearchParams(search);
  const raw = query.get('appId') ?? [...query.values()][0] ?? '';
  if (!/^[1-9]\d{0,15}$/.test(raw.trim())) return undefined;
  const id = Number(raw.trim());
  return Number.isSafeInteger(id) ? id : undefined;
}

/** Links of one application row: the view route of its service and, when returned, the edit route. */
export function applicationLinks(
  application: ApplicationSummary,
  definitions: ServiceDefinition[],
): { view?: string; edit?: string } {
  const definition = definitionOfRow(application, definitions);
  if (!definition) return {};
  const links: { view?: string; edit?: string } = { view: applicationPath(definition.routes.view, application.id) };
  if (definition.routes.edit && presentStatus(application).editable) {
    links.edit = applicationPath(definition.routes.edit, application.id);
  }
  return links;
}

/**
 * The Type column: the service's title in the interface language when the portal has its definition
 * (the API's service names are English only), else the name the API sends.
 */
export function serviceTitle(application: ApplicationSummary, definitions: ServiceDefinition[]): string {
  return definitionOfRow(application, definitions)?.title ?? application.service?.name ?? '';
}

/** A list's date: the ISO date part. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  // The ISO date part reads the same in every language and time zone.
  return value.slice(0, 10);
}
