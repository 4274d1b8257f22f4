/**
 * The wizard's saving of step 1 into its draft (the backend's `saveDraft`), on the rules of
 * `createDraftSaver` (engine/core/draft-saver.ts): a while after the applicant stops typing, at least
 * every `DRAFT_SAVE_MAX_WAIT_MS` while they go on, at once when they leave a step, with a request that
 * outlives the page when the page is hidden or closed, never after the submission. A failed save
 * blocks nothing: it is told, and tried again by itself.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { ApiResult } from '../core/api-client';
import type { EngineBackend } from '../core/backend-port';
import { hasDraftAnswers, type DraftAnswers } from '../core/draft-answers';
import { createDraftSaver, type DraftSaver, type DraftSaveStatus } from '../core/draft-saver';
import { fitsKeepalive } from '../core/keepalive-body';
import { forgetLeftDraft, keepLeftDraft } from './left-drafts';

/** Quiet time after the last change before the answers are saved. */
export const DRAFT_SAVE_DELAY_MS = 2500;
/** The longest a change waits for its save while the applicant goes on typing. */
export const DRAFT_SAVE_MAX_WAIT_MS = 10_000;

/** The application saved into: its id, or the answer of its draft's creation still on its way. */
type Target = number | string | PromiseLike<ApiResult<number | string>>;

/** What the draft's note shows. */
export interface DraftSaveState {
  status: DraftSaveStatus;
  savedAt: Date | null;
}

/** The note's state, to subscribe to: only the note re-renders when it changes, not the wizard. */
export interface DraftSaveStateSource {
  get(): DraftSaveState;
  subscribe(listener: () => void): () => void;
}

export interface DraftSaving {
  /** What the note shows. */
  state: DraftSaveStateSource;
  /** Step 1 changed. */
  changed(draft: DraftAnswers): void;
  /** A field of step 1 holds typing the form has not received yet (the first key after a pause). */
  touched(): void;
  /** The applicant leaves a step: saved now. */
  flush(draft?: DraftAnswers): Promise<void>;
  /** The submission starts: nothing is saved any more. */
  stop(): void;
}

const IDLE_STATE: DraftSaveState = { status: 'idle', savedAt: null };

function stateSource(): DraftSaveStateSource & { set(state: DraftSaveState): void } {
  let current = IDLE_STATE;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(state) {
      current = state;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const IDLE: DraftSaving = {
  state: { get: () => IDLE_STATE, subscribe: () => () => undefined },
  changed: () => undefined,
  touched: () => undefined,
  flush: () => Promise.resolve(),
  stop: () => undefined,
};

/**
 * Saves a draft's answers while `enabled` (off: a returned application, whose answers are its
 * record, or a wizard shown outside the portal). `saved`: the answers the draft already holds.
 * `collect`: the answers as they stand, the text a field still holds handed to the form first.
 * `resume`: answers a page left this draft with, which the server does not hold: sent at once.
 */
export function useDraftSaving(options: {
  backend: Pick<EngineBackend, 'saveDraft'>;
  target: Target;
  enabled: boolean;
  saved?: DraftAnswers;
  collect?: () => DraftAnswers | undefined;
  resume?: DraftAnswers | null;
}): DraftSaving {
  const { backend, target, enabled } = options;
  // Read once, when the wizard opens: a new render changes nothing.
  const initial = useRef(options.saved);
  const resume = useRef(options.resume ?? undefined);
  const collectRef = useRef(options.collect);
  collectRef.current = options.collect;

  const { saver, state, worthSaving } = useMemo(() => {
    const source = stateSource();
    // The draft's id once known, for its copy in the browser (a new draft's creation may be on its way).
    let id: number | string | null = typeof target === 'object' ? null : target;
    if (typeof target === 'object') {
      target.then((result) => {
        if (result.ok) id = result.data;
      });
    }
    // Nothing typed yet is not saved: a draft is offered to continue only once it holds something.
    const worth = (draft: DraftAnswers) =>
      initial.current !== undefined || created.status !== 'idle' || hasDraftAnswers(draft.answers);
    const created: DraftSaver<DraftAnswers> = createDraftSaver<DraftAnswers>({
      delayMs: DRAFT_SAVE_DELAY_MS,
      maxWaitMs: DRAFT_SAVE_MAX_WAIT_MS,
      ...(initial.current ? { saved: initial.current } : {}),
      leftBehind: resume.current !== undefined,
      collect: () => {
        const draft = collectRef.current?.();
        return draft && worth(draft) ? draft : undefined;
      },
      onStatus: (status, savedAt) => source.set({ status, savedAt }),
      save: async (draft, { leaving }) => {
        const resolved = typeof target === 'object' ? await target : ({ ok: true, code: 200, data: target } as const);
        if (!resolved.ok) return false;
        // A request outliving the page carries 64 KiB at most: a larger draft goes as usual (a hidden
        // page may stay alive long enough), and its copy in the browser waits for the next visit.
        const keepalive = leaving && fitsKeepalive(JSON.stringify(draft));
        const result = await backend.saveDraft(resolved.data, draft, keepalive ? { keepalive } : undefined);
        return result.ok;
      },
      keepLeft: (left) => {
        if (id !== null) keepLeftDraft(id, left);
      },
      forgetLeft: () => {
        if (id !== null) forgetLeftDraft(id);
      },
    });
    return { saver: created, state: source, worthSaving: worth };
  }, [backend, target]);

  useEffect(() => {
    if (!enabled) return;
    // The page may go without another word from the applicant (a closed tab, a phone switching apps):
    // what is not saved goes in a request that outlives the page. The listeners are the wizard's own,
    // removed when it goes, so the page is left as it was found.
    const hidden = () => {
      if (document.visibilityState === 'hidden') saver.leave();
    };
    const leave = () => saver.leave();
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', leave);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', leave);
      // The wizard goes away within the portal: what it has not saved goes now.
      saver.leave();
    };
  }, [enabled, saver]);

  // Answers a page left behind are saved as soon as the wizard is open again.
  useEffect(() => {
    if (enabled && resume.current) void saver.flush(resume.current);
  }, [enabled, saver]);

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
  const touched = useCallback(() => saver.touched(), [saver]);
  const stop = useCallback(() => saver.stop(), [saver]);
  return useMemo(
    () => (enabled ? { state, changed, touched, flush, stop } : IDLE),
    [enabled, state, changed, touched, flush, stop],
  );
}
