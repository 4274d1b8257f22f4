/**
 * What must be unique across the services of a folder: ids, pages (routes, the pages of unlocked
 * features and work queues), the features they open and the download addresses of their documents.
 */
import type { ServiceDefinition } from './definition-types';
import { pointerOf, type DefinitionProblem } from './definition-problems';

/**
 * Reports every clash between `loaded` services into `problems` and answers the keys of the services
 * that clash; the later folder (alphabetically) is the one reported.
 */
export function clashesAcrossServices(
  loaded: readonly ServiceDefinition[],
  problems: DefinitionProblem[],
): Set<string> {
  const ids = new Map<number, string>();
  const routes = new Map<string, { key: string; shareable: boolean }>();
  const duplicated = new Set<string>();
  for (const def of loaded) {
    const file = `${def.key}/service.json`;
    const ownerOfId = ids.get(def.id);
    if (ownerOfId) {
      problems.push({ file, pointer: '/id', message: `id ${def.id} is already used by '${ownerOfId}'` });
      duplicated.add(def.key);
    } else ids.set(def.id, def.key);
    // Info and apply pages belong to one service; a view or edit page may serve several (both
    // licences are viewed at /view-application-export): the application says whose it is. The page
    // of a feature the service opens, and the page of its work queues, belong to it alone too.
    const pages: Array<[string, string | undefined, string]> = [
      ...(Object.entries(def.routes) as Array<[string, string | undefined]>).map(
        ([name, route]): [string, string | undefined, string] => [name, route, pointerOf('routes', name)],
      ),
      ...(def.unlocks ?? []).map((unlock, i): [string, string, string] => [
        'unlock',
        unlock.route,
        pointerOf('unlocks', i, 'route'),
      ]),
      ...(def.workQueues
        ? [['queues', def.workQueues.route, pointerOf('workQueues', 'route')] as [string, string, string]]
        : []),
    ];
    for (const [name, route, pointer] of pages) {
      if (!route) continue;
      const shareable = name === 'view' || name === 'edit';
      const owner = routes.get(route);
      if (owner && (owner.key === def.key || !shareable || !owner.shareable)) {
        problems.push({
          file,
          pointer,
          message:
            owner.key === def.key
              ? `route '${route}' is used twice`
              : `route '${route}' is already used by '${owner.key}'`,
        });
        duplicated.add(def.key);
      } else if (!owner) routes.set(route, { key: def.key, shareable });
    }
  }
  // A feature is opened by one service at most: two would disagree on who may use it.
  const features = new Map<string, string>();
  for (const def of loaded) {
    (def.unlocks ?? []).forEach((unlock, i) => {
      const owner = features.get(unlock.feature);
      if (owner && owner !== def.key) {
        problems.push({
          file: `${def.key}/service.json`,
          pointer: pointerOf('unlocks', i, 'feature'),
          message: `feature '${unlock.feature}' is already opened by '${owner}'`,
        });
        duplicated.add(def.key);
      } else features.set(unlock.feature, def.key);
    });
  }
  // A document's download address is a route of the API: one service's.
  const downloads = new Map<string, string>();
  for (const def of loaded) {
    const seen = new Set<string>();
    (def.lifecycle?.transitions ?? []).forEach((action) => {
      if (!action.document || seen.has(action.document.download)) return;
      seen.add(action.document.download);
      const owner = downloads.get(action.document.download);
      if (owner) {
        problems.push({
          file: `${def.key}/service.json`,
          pointer: pointerOf('lifecycle', 'transitions'),
          message: `download '${action.document.download}' is already used by '${owner}'`,
        });
        duplicated.add(def.key);
      } else downloads.set(action.document.download, def.key);
    });
  }
  return duplicated;
}
