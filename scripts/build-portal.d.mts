/** Whether the portal in `staticDir` is newer than its sources and compressed as hard as asked. */
export function portalIsCurrent(staticDir: string, env?: NodeJS.ProcessEnv): boolean;
/** Builds the portal into `staticDir` unless it is current; false when the build failed. */
export function buildPortalIfStale(staticDir: string, env?: NodeJS.ProcessEnv): boolean;
