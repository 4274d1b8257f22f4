/**
 * The wizard's saving of step 1 into its draft (`PUT client/application/{id}/draft`), on the rules of
 * `createDraftSaver` (engine/core/draft-saver.ts): a while after the applicant stops typing, at once
 * when they leave a step, never after the submission. A failed save blocks nothing: it is told, and
 * tried again with the next change.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ApiClient, ApiResult } from '../core/api-client';
import { hasDraftAnswers, type DraftAnswers } from '../core/draft-answers';
import { createDraftSaver, type DraftSaveStatus } from '../core/draft-saver';

/** Quiet time after the last change before the answers are saved. */
export const DRAFT_SAVE_DELAY_MS = 2500;

/** The application saved into: its id, or the answer of its draft's creation still on its way. */
type Target = number | string | PromiseLike<ApiResult<number | string>>;

export interface DraftSaving {
  status: DraftSaveStatus;
  savedAt: Date | null;
  /** Step 1 changed. */
  changed(draft: DraftAnswers): void;
  /** The applicant leaves a step: saved now. */
  flush(draft?: DraftAnswers): Promise<void>;
  /** The submission starts: nothing is saved any more. */
  stop(): void;
}

const IDLE: DraftSaving = {
  status: 'idle',
  savedAt: null,
  changed: () => undefined,
  flush: () => Promise.resolve(),
  stop: () => undefined,
};

/**
 * Saves a draft's answers while `enabled` (off: a returned application, whose answers are its
 * record, or a wizard shown outside the portal). `saved`: the answers the draft already holds.
 */
export function useDraftSaving(options: {
  api: ApiClient;
  target: Target;
  enabled: boolean;
  saved?: DraftAnswers;
}): DraftSaving {
  const { api, target, enabled } = options;
  const [state, setState] = useState<{ status: DraftSaveStatus; savedAt: Date | null }>({
    status: 'idle',
    savedAt: null,
  });
  // The answers the draft held when the wizard opened: read once, so a new render changes nothing.
  const initial = useRef(options.saved);
  const saver = useMemo(
    () =>
      createDraftSaver<DraftAnswers>({
        delayMs: DRAFT_SAVE_DELAY_MS,
        ...(initial.current ? { saved: initial.current } : {}),
        onStatus: (status, savedAt) => setState({ status, savedAt }),
        save: async (draft) => {
          const resolved = typeof target === 'object' ? await target : ({ ok: true, code: 200, data: target } as const);
          if (!resolved.ok) return false;
          const result = await api.put(`client/application/${encodeURIComponent(String(resolved.data))}/draft`, draft);
          return result.ok;
        },
      }),
    [api, target],
  );
  useEffect(() => () => saver.stop(), [saver]);

  // Nothing typed yet is not saved: a draft is offered to continue only once it holds something.
  const worthSaving = useCallback(
    (draft: DraftAnswers) => initial.current !== undefined || saver.status !== 'idle' || hasDraftAnswers(draft.answers),
    [saver],
  );
  const changed = useCallback(
    (draft: DraftAnswers) => {
      if (worthSaving(draft)) saver.changed(draft);
    },
    [saver, worthSaving],
  );
  const flush = useCallback(
    (draft?: DraftAnswers) => (draft && !worthSaving(draft) ? Promise.resolve() : saver.flush(draft)),
    [saver, worthSaving],
  );
  const stop = useCallback(() => saver.stop(), [saver]);
  return useMemo(() => (enabled ? { ...state, changed, flush, stop } : IDLE), [enabled, state, changed, flush, stop]);
}
