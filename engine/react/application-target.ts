/** The application a wizard saves into, before and after its draft exists. */
import type { ApiResult } from '../core/api-client';

/**
 * The application the wizard saves into: its id, or (a new application) the answer of its draft's
 * creation, still on its way while the applicant fills the form; the submit waits for it.
 */
export type ApplicationTarget = number | string | PromiseLike<ApiResult<number | string>>;

/** The id of the application `target` names, once its draft exists; a failed creation answers its failure. */
export async function resolveTarget(target: ApplicationTarget): Promise<ApiResult<number | string>> {
  return typeof target === 'object' ? await target : { ok: true, code: 200, data: target };
}
