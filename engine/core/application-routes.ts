/**
 * Where an application opens in the portal: what the portal's links and the e-mails' links share.
 */
import type { ServiceDefinition } from './definition-types';

/** The address of application `id` on `route` (a view or edit route): what `applicationIdOf` reads. */
export function applicationPath(route: string, id: number): string {
  return `${route}?appId=${id}`;
}

/**
 * Where the applications of `definition` open as `page`: its edit route, else its view route (which
 * corrects a returned application too).
 */
export function ownRoute(definition: ServiceDefinition, page: 'view' | 'edit'): string {
  return page === 'edit' ? (definition.routes.edit ?? definition.routes.view) : definition.routes.view;
}
