/**
 * Answers a page was left with (hidden for good, closed) before the server confirmed them: the draft
 * saver sends them with a request that outlives the page, and keeps a copy in the browser, under the
 * draft's id, in case that request does not arrive (too large for a keepalive request, no network).
 * When the wizard of that draft opens again, the copy is judged against what the server holds: the
 * rules are here, the browser's storage is the page's (engine/react/left-drafts.ts).
 */
import type { LeftAnswers } from './draft-saver';
import type { DraftAnswers } from './draft-answers';
import { isRecord } from './value-path';

/** The copy as stored: the answers, and digests of the texts the server could hold from that page. */
export interface StoredLeftDraft {
  draft: DraftAnswers;
  basis: string[];
}

/** What to do with a copy when its draft opens again. */
export type LeftDraftOutcome =
  /** The server holds nothing newer than the page that left it: the form starts from the copy and saves it. */
  | 'resume'
  /** The server holds the copy's answers (its request arrived): the copy goes. */
  | 'saved'
  /** The server holds answers saved after that page (another tab or device): they win, the copy goes. */
  | 'superseded';

/** The storage key of the copy of a draft's left answers. */
export function leftDraftKey(applicationId: number | string): string {
  return `ecopermit.leftDraft.${applicationId}`;
}

/** The answers of a draft as JSON, as the saver compares them (`{ answers, variant? }`, in that order). */
export function draftText(draft: DraftAnswers): string {
  return JSON.stringify(draft.variant === undefined ? { answers: draft.answers } : draft);
}

/**
 * A short digest of a text (FNV-1a, 32 bits, and the length): enough to tell texts of one draft
 * apart without keeping each of them, some of which are long.
 */
export function textDigest(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${hash.toString(16).padStart(8, '0')}-${text.length}`;
}

/** The stored text of a copy of left answers. */
export function leftDraftText(left: LeftAnswers<DraftAnswers>): string {
  const stored: StoredLeftDraft = { draft: left.answers, basis: left.basis.map(textDigest) };
  return JSON.stringify(stored);
}

/** Reads a stored copy; null when there is none or it is not one (another version, a broken value). */
export function readLeftDraft(text: string | null | undefined): StoredLeftDraft | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value) || !isRecord(value.draft) || !isRecord(value.draft.answers)) return null;
  if (value.draft.variant !== undefined && typeof value.draft.variant !== 'string') return null;
  if (!Array.isArray(value.basis) || !value.basis.every((digest) => typeof digest === 'string')) return null;
  const draft: DraftAnswers = {
    answers: value.draft.answers,
    ...(value.draft.variant === undefined ? {} : { variant: value.draft.variant }),
  };
  return { draft, basis: value.basis as string[] };
}

/**
 * Judges a copy against the draft the server holds (`server`: its answers and variant as read).
 * @returns 'resume' when the server holds one of the texts the leaving page knew it could hold (so
 *   nothing newer reached it), 'saved' when it holds the copy's answers, else 'superseded'.
 */
export function leftDraftOutcome(left: StoredLeftDraft, server: DraftAnswers): LeftDraftOutcome {
  const serverText = draftText(server);
  if (serverText === draftText(left.draft)) return 'saved';
  return left.basis.includes(textDigest(serverText)) ? 'resume' : 'superseded';
}
