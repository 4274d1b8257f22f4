/**
 * When the wizard saves a draft's answers: a while after the last change (typing a long text) and at
 * once when the applicant leaves a step, one save at a time, never the same answers twice, never
 * after the application was submitted. Kept free of React and of timers of its own (they are given),
 * so every rule is a unit test.
 */

/** What the applicant is told: nothing yet, changes waiting, a save on its way, saved, or not saved. */
export type DraftSaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'failed';

export interface DraftSaverOptions<T> {
  /** Sends the answers; resolves true when the server kept them. Never rejects. */
  save: (answers: T) => Promise<boolean>;
  /** Quiet time after the last change before saving (ms). */
  delayMs: number;
  /** Told every change of status (and when the last save succeeded). */
  onStatus?: (status: DraftSaveStatus, savedAt: Date | null) => void;
  /** The answers already on the server (a continued draft's), so they are not sent again. */
  saved?: T;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  now?: () => Date;
}

export interface DraftSaver<T> {
  /** The answers changed: saved once they have been quiet for `delayMs`. */
  changed(answers: T): void;
  /** Saves now (the applicant leaves a step); resolves once the answers are kept or refused. */
  flush(answers?: T): Promise<void>;
  /** Nothing more is saved (the application was submitted, the wizard closed). */
  stop(): void;
  readonly status: DraftSaveStatus;
}

/**
 * A saver of one draft's answers. A failed save is not retried by itself: the next change (or leaving
 * a step) tries again, so a server that refuses does not get a request every few seconds.
 */
export function createDraftSaver<T>(options: DraftSaverOptions<T>): DraftSaver<T> {
  const setTimer = options.setTimer ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer: unknown) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const now = options.now ?? (() => new Date());
  let savedText = options.saved === undefined ? null : JSON.stringify(options.saved);
  let latest: T | undefined;
  let timer: unknown = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  let status: DraftSaveStatus = 'idle';
  let savedAt: Date | null = null;

  const tell = (next: DraftSaveStatus) => {
    status = next;
    options.onStatus?.(next, savedAt);
  };
  const cancelTimer = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
  };

  // Saves the latest answers, then again if they changed while the save was on its way.
  const run = async (): Promise<void> => {
    while (!stopped && latest !== undefined) {
      const answers = latest;
      const text = JSON.stringify(answers);
      if (text === savedText) {
        latest = undefined;
        tell(savedAt ? 'saved' : 'idle');
        return;
      }
      tell('saving');
      const kept = await options.save(answers);
      if (stopped) return;
      if (!kept) {
        // The same answers are tried again with the next change, not in a loop.
        if (latest === answers) latest = undefined;
        tell('failed');
        if (latest === undefined) return;
        continue;
      }
      savedText = text;
      savedAt = now();
      if (latest === answers) latest = undefined;
      tell(latest === undefined ? 'saved' : 'pending');
    }
  };
  const start = (): Promise<void> => {
    cancelTimer();
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  };

  return {
    changed(answers) {
      if (stopped) return;
      latest = answers;
      if (JSON.stringify(answers) === savedText) return;
      if (status !== 'saving' && status !== 'pending') tell('pending');
      cancelTimer();
      timer = setTimer(() => {
        timer = null;
        void start();
      }, options.delayMs);
    },
    async flush(answers) {
      if (stopped) return;
      if (answers !== undefined) latest = answers;
      // A save on its way finishes first; then whatever changed meanwhile is sent.
      if (running) await running;
      await start();
    },
    stop() {
      stopped = true;
      cancelTimer();
    },
    get status() {
      return status;
    },
  };
}
