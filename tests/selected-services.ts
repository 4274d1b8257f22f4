/**
 * The services a run tests: all of them, or those SERVICE_KEYS names (comma-separated keys), so one
 * service's fixtures, conformance and lifecycle walk run alone (`npm run services:test <key>`,
 * scripts/services-test.ts). Honoured by the suites that enumerate the services one test per service;
 * a key no service has fails the run rather than testing nothing.
 */

/** The keys SERVICE_KEYS names, or null when it names none (every service is tested). */
export function selectedServiceKeys(env: Readonly<Record<string, string | undefined>> = process.env): string[] | null {
  const keys = (env.SERVICE_KEYS ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key !== '');
  return keys.length > 0 ? keys : null;
}

/**
 * The services of `all` a run tests (see the module's comment), in their order.
 * @throws Error when SERVICE_KEYS names a key none of `all` has.
 */
export function selectedServices<T extends { key: string }>(
  all: readonly T[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): T[] {
  const keys = selectedServiceKeys(env);
  if (!keys) return [...all];
  const unknown = keys.filter((key) => !all.some((service) => service.key === key));
  if (unknown.length > 0)
    throw new Error(
      `SERVICE_KEYS names ${unknown.map((key) => `'${key}'`).join(', ')}, which no service under test has`,
    );
  return all.filter((service) => keys.includes(service.key));
}
