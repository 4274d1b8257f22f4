/** Builds the portal into `staticDir` unless it is newer than every source; false when the build failed. */
export function buildPortalIfStale(staticDir: string, env?: NodeJS.ProcessEnv): boolean;
