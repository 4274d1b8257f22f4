/**
 * The browser's copy of answers a page was left with before the server confirmed them (the rules:
 * engine/core/left-draft.ts). Kept in `localStorage`, which outlives the tab, under the draft's id; a
 * browser that refuses storage (private modes, a full quota) keeps nothing, and the request sent on
 * leaving is then the only chance of those answers.
 */
import { useEffect, useState } from 'react';
import type { DraftAnswers } from '../core/draft-answers';
import type { LeftAnswers } from '../core/draft-saver';
import { leftDraftKey, leftDraftOutcome, leftDraftText, readLeftDraft } from '../core/left-draft';

/** The page's storage, when it has one it may use. */
function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Reading `localStorage` itself throws where storage is blocked.
    return null;
  }
}

/** Keeps a copy of the answers `applicationId`'s page is left with; false when the browser refused it. */
export function keepLeftDraft(applicationId: number | string, left: LeftAnswers<DraftAnswers>): boolean {
  try {
    storage()?.setItem(leftDraftKey(applicationId), leftDraftText(left));
    return true;
  } catch {
    return false;
  }
}

/** Removes the copy of a draft's left answers (saved since, or superseded). */
export function forgetLeftDraft(applicationId: number | string): void {
  try {
    storage()?.removeItem(leftDraftKey(applicationId));
  } catch {
    // Nothing to remove where storage is blocked.
  }
}

/**
 * The answers a continued draft starts from when a page left it with answers the server did not
 * confirm and the server holds nothing newer (`server`: the draft as read); null otherwise. A copy that
 * is not to be used (its answers arrived, or newer ones did) is removed. `applicationId` null: not a
 * continued draft.
 */
export function useLeftDraft(applicationId: number | string | null, server: DraftAnswers): DraftAnswers | null {
  // Judged once, when the wizard opens: the form starts from what is chosen here.
  const [judged] = useState(() => {
    if (applicationId === null) return null;
    let stored = null;
    try {
      stored = readLeftDraft(storage()?.getItem(leftDraftKey(applicationId)));
    } catch {
      return null;
    }
    return stored ? { draft: stored.draft, outcome: leftDraftOutcome(stored, server) } : null;
  });
  useEffect(() => {
    if (applicationId !== null && judged && judged.outcome !== 'resume') forgetLeftDraft(applicationId);
  }, [applicationId, judged]);
  return judged?.outcome === 'resume' ? judged.draft : null;
}
