import type { ApiClient, ApiResult } from '../engine/core/api-client';
import type { ServiceDefinition } from '../engine/core/definition-types';

/** `clients/{clientId}/x` -> a pattern matching the filled-in path (any one segment per placeholder). */
function pathPattern(path: string): RegExp {
  const escaped = path
    .replace(/^\/+/, '')
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${escaped}$`);
}

/**
 * Wraps an API client so that `onSubmitted` runs after a successful call of the definition's record
 * call (`savesRecord`): the moment an application becomes submitted. The portal uses it to refresh
 * what a submission unlocks (the Recycled entry) without the wizard knowing about it.
 */
export function withSubmitListener(
  api: ApiClient,
  definition: Pick<ServiceDefinition, 'submit'>,
  onSubmitted: () => void,
): ApiClient {
  const watched = definition.submit.calls
    .filter((call) => call.savesRecord)
    .map((call) => ({ method: call.method, pattern: pathPattern(call.path) }));
  const observe = async <T>(method: 'POST' | 'PUT', path: string, pending: Promise<ApiResult<T>>) => {
    const result = await pending;
    const clean = path.replace(/^\/+/, '').split('?')[0] ?? '';
    if (result.ok && watched.some((w) => w.method === method && w.pattern.test(clean))) onSubmitted();
    return result;
  };
  return {
    baseUrl: api.baseUrl,
    get: (path) => api.get(path),
    post: (path, body) => observe('POST', path, api.post(path, body)),
    put: (path, body) => observe('PUT', path, api.put(path, body)),
    url: (path) => api.url(path),
  };
}
