import type { FeatureUnlock, PortalFeature, ServiceDefinition } from './definition-types';

/**
 * Portal features a service opens (`unlocks` of service.json): the recycled-plastic reports open
 * once a client has submitted a plastic bags authorisation. The server answers the check and refuses
 * the feature's calls to clients it has not opened for; the portal asks the check to show the
 * feature's page and entry. Both read the definition through this module.
 */

/** The features the portal knows (each has a page in the portal). */
export const PORTAL_FEATURES = ['recycled-reports'] as const satisfies readonly PortalFeature[];

/** The service that opens `feature`, with its unlock; undefined when no service does (the feature is open). */
export function unlockOf(
  definitions: readonly ServiceDefinition[],
  feature: PortalFeature,
): { definition: ServiceDefinition; unlock: FeatureUnlock } | undefined {
  for (const definition of definitions) {
    const unlock = definition.unlocks?.find((candidate) => candidate.feature === feature);
    if (unlock) return { definition, unlock };
  }
  return undefined;
}

/** Every unlock of every service. */
export function allUnlocks(
  definitions: readonly ServiceDefinition[],
): Array<{ definition: ServiceDefinition; unlock: FeatureUnlock }> {
  return definitions.flatMap((definition) => (definition.unlocks ?? []).map((unlock) => ({ definition, unlock })));
}

/** The API path of an unlock's check for one client. */
export function unlockCheckPath(unlock: FeatureUnlock, clientId: number | string): string {
  return unlock.check.path.replace('{clientId}', encodeURIComponent(String(clientId)));
}

/** True when the check's answer says the feature is open (`{ [answer]: true }`, or 1 from some databases). */
export function isUnlocked(unlock: FeatureUnlock, answer: unknown): boolean {
  if (answer === null || typeof answer !== 'object') return false;
  const value = (answer as Record<string, unknown>)[unlock.check.answer];
  return value === true || value === 1;
}
