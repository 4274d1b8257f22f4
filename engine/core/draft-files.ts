/**
 * The files of a draft kept as they are chosen, without a framework: the file chosen for a document
 * (an upload slot) is uploaded to the draft at once, and a removed one is removed from the draft, so
 * an applicant who leaves after choosing finds the file in the draft.
 *
 * The operations of one document run one after the other: the server keeps a draft's latest file per
 * document, so a later choice must land after an earlier one, and a removal after the upload it undoes.
 * An operation overtaken by a later one of its document is cancelled (an upload on its way is aborted;
 * if its bytes arrived anyway, the later operation replaces or removes them) and its outcome ignored.
 * Documents do not wait for each other.
 */
import type { ApiResult } from './api-client';

/** An upload on its way: its answer, and a way to cancel it. */
export interface StartedUpload {
  result: Promise<ApiResult<unknown>>;
  abort(): void;
}

/** What the queue does with the draft, and what it tells. */
export interface DraftFileSender<F> {
  /** Uploads `file` as the draft's file of `slot`; `onProgress` receives 0..100. */
  upload(slot: string, file: F, onProgress: (percent: number) => void): StartedUpload;
  /** Removes the draft's file of `slot`. */
  remove(slot: string): Promise<ApiResult<unknown>>;
  onProgress?(slot: string, percent: number): void;
  /** The file chosen last for `slot` is in the draft. */
  onUploaded?(slot: string): void;
  /** What the last operation of `slot` failed with; the applicant may retry it. */
  onFailed?(slot: string, kind: DraftFileFailure, error: string): void;
  /** True when the first operation starts, false when none is left. */
  onBusy?(busy: boolean): void;
}

/** Which operation failed: the upload of the chosen file, or the removal of the draft's file. */
export type DraftFileFailure = 'upload' | 'removal';

export interface DraftFileQueue<F> {
  /** `file` was chosen for `slot`: uploaded once the slot's earlier operations are done. */
  choose(slot: string, file: F): void;
  /** The file of `slot` was removed: the draft's file of it is removed (when it may hold one). */
  remove(slot: string): void;
  /** Does again what last failed for `slot` (nothing when nothing failed). */
  retry(slot: string): void;
  /** Waits for every operation begun, then answers the slots whose chosen file is in the draft. */
  settled(): Promise<string[]>;
}

/**
 * A queue of a draft's file operations; `held` names the documents the draft holds a file of already
 * (a continued draft), whose removal must reach the server.
 */
export function createDraftFileQueue<F>(sender: DraftFileSender<F>, held: Iterable<string> = []): DraftFileQueue<F> {
  /** The last operation of each slot, chained after the slot's earlier ones. */
  const tails = new Map<string, Promise<void>>();
  /** Counts each slot's operations: an operation whose number is no longer the slot's was overtaken. */
  const generations = new Map<string, number>();
  const running = new Map<string, { abort(): void }>();
  const chosen = new Map<string, F>();
  const failed = new Map<string, DraftFileFailure>();
  /** Slots whose last chosen file arrived. */
  const inDraft = new Set<string>();
  /** Slots the draft may hold a file of: what it held, and every upload begun. */
  const mayHold = new Set<string>(held);
  let pending = 0;

  /** Starts a new operation of `slot`: the earlier ones are overtaken (an upload on its way is aborted). */
  function overtake(slot: string): number {
    const generation = (generations.get(slot) ?? 0) + 1;
    generations.set(slot, generation);
    running.get(slot)?.abort();
    running.delete(slot);
    inDraft.delete(slot);
    failed.delete(slot);
    return generation;
  }

  const current = (slot: string, generation: number) => generations.get(slot) === generation;

  function enqueue(slot: string, operation: () => Promise<void>): void {
    if (pending++ === 0) sender.onBusy?.(true);
    const tail = (tails.get(slot) ?? Promise.resolve())
      .then(operation)
      // An operation never rejects the chain: the next one of the slot runs whatever happened.
      .catch(() => undefined)
      .finally(() => {
        if (tails.get(slot) === tail) tails.delete(slot);
        if (--pending === 0) sender.onBusy?.(false);
      });
    tails.set(slot, tail);
  }

  function fail(slot: string, generation: number, kind: DraftFileFailure, error: string): void {
    if (!current(slot, generation)) return;
    failed.set(slot, kind);
    sender.onFailed?.(slot, kind, error);
  }

  function choose(slot: string, file: F): void {
    const generation = overtake(slot);
    chosen.set(slot, file);
    enqueue(slot, async () => {
      if (!current(slot, generation)) return;
      mayHold.add(slot);
      const started = sender.upload(slot, file, (percent) => {
        if (current(slot, generation)) sender.onProgress?.(slot, percent);
      });
      running.set(slot, started);
      const result = await started.result;
      if (running.get(slot) === started) running.delete(slot);
      if (!current(slot, generation)) return;
      if (!result.ok) {
        fail(slot, generation, 'upload', result.error);
        return;
      }
      inDraft.add(slot);
      sender.onUploaded?.(slot);
    });
  }

  function remove(slot: string): void {
    const generation = overtake(slot);
    chosen.delete(slot);
    enqueue(slot, async () => {
      // Overtaken by a new choice, which replaces the draft's file anyway; nothing ever sent, nothing to remove.
      if (!current(slot, generation) || !mayHold.has(slot)) return;
      const result = await sender.remove(slot);
      if (!result.ok) {
        fail(slot, generation, 'removal', result.error);
        return;
      }
      if (current(slot, generation)) mayHold.delete(slot);
    });
  }

  function retry(slot: string): void {
    const kind = failed.get(slot);
    const file = chosen.get(slot);
    if (kind === 'upload' && file !== undefined) choose(slot, file);
    else if (kind === 'removal') remove(slot);
  }

  async function settled(): Promise<string[]> {
    // Operations may be queued while earlier ones finish: wait until none is left.
    while (tails.size > 0) await Promise.all([...tails.values()]);
    return [...inDraft];
  }

  return { choose, remove, retry, settled };
}
