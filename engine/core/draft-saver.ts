/**
 * When the wizard saves a draft's answers: a while after the last change (`delayMs`), at the latest
 * `maxWaitMs` after the first unsaved change however long the typing goes on, at once when the
 * applicant leaves a step, and with a request that outlives the page when the page is hidden or
 * closed. One save at a time (but for the one sent on leaving, which cannot wait), never the same
 * answers twice, never after the application was submitted; a failed save is tried again by itself,
 * waiting longer after each failure. Kept free of React and of timers of its own (they are given), so
 * every rule is a unit test.
 *
 * Typed text may sit in a field before the form holds it (the field hands it over when typing pauses):
 * the saver is told of it at once (`touched`), so the applicant reads "unsaved" from the first key, and
 * it asks for it (`collect`) before each save, so a save never leaves the current typing behind.
 */

/** What the applicant is told: nothing yet, changes waiting, a save on its way, saved, or not saved. */
export type DraftSaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'failed';

/** How a save is sent. */
export interface DraftSaveRequest {
  /** The page is being hidden or closed: the request must outlive it (fetch's `keepalive`). */
  leaving: boolean;
}

/** Answers a page left without the server confirming them, kept in the browser to be saved later. */
export interface LeftAnswers<T> {
  answers: T;
  /**
   * The answers (as JSON texts) the server may hold from this page at that moment: the last confirmed
   * and those on their way. A server holding one of them holds nothing newer than the page had.
   */
  basis: string[];
}

export interface DraftSaverOptions<T> {
  /** Sends the answers; resolves true when the server kept them. Never rejects. */
  save: (answers: T, request: DraftSaveRequest) => Promise<boolean>;
  /** Quiet time after the last change before saving (ms). */
  delayMs: number;
  /** The longest time a change waits for its save while changes go on (ms); no limit when absent. */
  maxWaitMs?: number;
  /**
   * The answers as they stand now, edits not yet given to `changed` included (the field being typed
   * in hands its text over); undefined when there is nothing to read (the step is not shown).
   */
  collect?: () => T | undefined;
  /** Told every change of status (and when the last save succeeded). */
  onStatus?: (status: DraftSaveStatus, savedAt: Date | null) => void;
  /** The answers already on the server (a continued draft's), so they are not sent again. */
  saved?: T;
  /** Keeps answers the page is left with before sending them (the browser's storage), in case they do not arrive. */
  keepLeft?: (left: LeftAnswers<T>) => void;
  /** The kept answers (or newer ones) were saved: their copy can go. */
  forgetLeft?: () => void;
  /** A copy kept by a page left earlier exists: it is forgotten once a save of this saver is confirmed. */
  leftBehind?: boolean;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  now?: () => Date;
}

export interface DraftSaver<T> {
  /** The answers changed: saved once they have been quiet for `delayMs` (or waited `maxWaitMs`). */
  changed(answers: T): void;
  /**
   * A field holds an edit not given to `changed` yet (the first key after a pause): the status turns to
   * 'pending' and the longest wait starts. Cheap: call it on every first key of a burst of typing.
   */
  touched(): void;
  /** Saves now (the applicant leaves a step); resolves once the answers are kept or refused. */
  flush(answers?: T): Promise<void>;
  /**
   * The page is hidden or closed (or the wizard goes away): what the server has not confirmed is kept
   * (`keepLeft`) and sent at once with `leaving`, without waiting for a save on its way.
   */
  leave(): void;
  /** Nothing more is saved (the application was submitted). */
  stop(): void;
  readonly status: DraftSaveStatus;
}

/** The first wait before trying a failed save again; it doubles with each failure. */
export const FIRST_RETRY_DELAY_MS = 2_000;
/** The longest wait between tries of a failed save. */
export const LONGEST_RETRY_DELAY_MS = 30_000;

/**
 * The wait before trying a failed save again, after `failures` failures in a row: 2 s, 4 s, 8 s,
 * 16 s, then every 30 s, so a server in trouble is not asked at every pause of the typing.
 */
export function retryDelayMs(failures: number): number {
  return Math.min(LONGEST_RETRY_DELAY_MS, FIRST_RETRY_DELAY_MS * 2 ** Math.max(0, failures - 1));
}

/** A saver of one draft's answers. */
export function createDraftSaver<T>(options: DraftSaverOptions<T>): DraftSaver<T> {
  const setTimer = options.setTimer ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer: unknown) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  const now = options.now ?? (() => new Date());

  /** The answers the server confirmed last, as JSON (null: none known). */
  let savedText = options.saved === undefined ? null : JSON.stringify(options.saved);
  let savedAt: Date | null = null;
  /** The newest answers given and not confirmed (undefined: none), and their JSON. */
  let latest: T | undefined;
  let latestText: string | null = null;
  /** A field holds an edit not given to `changed` yet. */
  let untold = false;
  /** Saves started so far; the number of the newest one confirmed. */
  let started = 0;
  let confirmed = 0;
  /** Texts of the saves on their way. */
  const onTheirWay = new Map<number, string>();
  /** The text of the save sent on leaving and still on its way: not sent again by a second leave event. */
  let leaving: string | null = null;
  /** A copy of left answers exists, made when `leftAfter` saves had started. */
  let leftAfter: number | null = options.leftBehind ? 0 : null;
  let failures = 0;
  let quietTimer: unknown = null;
  let longestTimer: unknown = null;
  let retryTimer: unknown = null;
  /** A timer fired while a save was on its way: another save follows it. */
  let again = false;
  let running: Promise<void> | null = null;
  let stopped = false;
  let status: DraftSaveStatus = 'idle';
  let toldSavedAt: Date | null = null;

  const statusNow = (): DraftSaveStatus => {
    if (onTheirWay.size > 0) return 'saving';
    if (failures > 0) return 'failed';
    if (untold || latest !== undefined) return 'pending';
    return savedAt ? 'saved' : 'idle';
  };
  const tell = () => {
    const next = statusNow();
    if (next === status && savedAt === toldSavedAt) return;
    status = next;
    toldSavedAt = savedAt;
    options.onStatus?.(next, savedAt);
  };
  const cancel = (timer: unknown): null => {
    if (timer !== null) clearTimer(timer);
    return null;
  };
  const cancelWaits = () => {
    quietTimer = cancel(quietTimer);
    longestTimer = cancel(longestTimer);
  };

  /** Takes `answers` as the newest; answers whether they still need saving. */
  const take = (answers: T): boolean => {
    const text = JSON.stringify(answers);
    untold = false;
    if (text === savedText && onTheirWay.size === 0) {
      latest = undefined;
      latestText = null;
      // Back to what the server holds: a failure of other answers no longer matters.
      failures = 0;
      retryTimer = cancel(retryTimer);
      return false;
    }
    latest = answers;
    latestText = text;
    return true;
  };
  /** Hands the edits not given yet over (`collect`). */
  const collect = () => {
    if (!options.collect) return;
    const answers = options.collect();
    untold = false;
    if (answers !== undefined) take(answers);
  };

  /** Sends `answers` and records the answer; true when kept. */
  const send = async (answers: T, text: string, request: DraftSaveRequest): Promise<boolean> => {
    const number = (started += 1);
    onTheirWay.set(number, text);
    tell();
    const kept = await options.save(answers, request);
    onTheirWay.delete(number);
    if (stopped) return kept;
    if (kept) {
      if (number > confirmed) {
        confirmed = number;
        savedText = text;
        savedAt = now();
      }
      failures = 0;
      retryTimer = cancel(retryTimer);
      if (latestText === savedText) {
        latest = undefined;
        latestText = null;
      }
      if (leftAfter !== null && number > leftAfter) {
        leftAfter = null;
        options.forgetLeft?.();
      }
    } else if (number > confirmed && text !== savedText) {
      // Not superseded by a save confirmed meanwhile: the newest answers are tried again by themselves,
      // later after each failure, so a server in trouble is not asked every few seconds.
      failures += 1;
      if (latest === undefined) {
        latest = answers;
        latestText = text;
      }
      retryTimer = cancel(retryTimer);
      retryTimer = setTimer(() => {
        retryTimer = null;
        void start();
      }, retryDelayMs(failures));
    }
    tell();
    return kept;
  };

  // Saves the newest answers, once; then again at once if a timer fired meanwhile.
  const run = async (): Promise<void> => {
    do {
      again = false;
      if (stopped) return;
      collect();
      cancelWaits();
      retryTimer = cancel(retryTimer);
      if (latest === undefined || latestText === null) {
        tell();
        return;
      }
      await send(latest, latestText, { leaving: false });
    } while (again && !stopped);
  };
  const start = (): Promise<void> => {
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  };
  /** The quiet or the longest wait is over. */
  const timedSave = () => {
    cancelWaits();
    // A failed save is tried again on its own schedule, with the newest answers.
    if (retryTimer !== null) return;
    if (running) again = true;
    else void start();
  };
  const startLongestWait = () => {
    if (longestTimer === null && options.maxWaitMs !== undefined) {
      longestTimer = setTimer(() => {
        longestTimer = null;
        timedSave();
      }, options.maxWaitMs);
    }
  };

  return {
    changed(answers) {
      if (stopped) return;
      if (!take(answers)) {
        cancelWaits();
        tell();
        return;
      }
      tell();
      quietTimer = cancel(quietTimer);
      quietTimer = setTimer(() => {
        quietTimer = null;
        timedSave();
      }, options.delayMs);
      startLongestWait();
    },
    touched() {
      if (stopped || untold) return;
      untold = true;
      startLongestWait();
      tell();
    },
    async flush(answers) {
      if (stopped) return;
      if (answers !== undefined) take(answers);
      // A save on its way finishes first; then whatever changed meanwhile is sent.
      if (running) await running;
      await start();
    },
    leave() {
      if (stopped) return;
      collect();
      cancelWaits();
      // The newest answers: given and not sent, or on their way in a save the page's end may cut.
      const newest = latest !== undefined && latestText !== null ? { answers: latest, text: latestText } : undefined;
      if (!newest || newest.text === leaving || newest.text === savedText) return;
      options.keepLeft?.({
        answers: newest.answers,
        basis: [...(savedText === null ? [] : [savedText]), ...onTheirWay.values()],
      });
      leftAfter = started;
      leaving = newest.text;
      void send(newest.answers, newest.text, { leaving: true }).finally(() => {
        if (leaving === newest.text) leaving = null;
      });
    },
    stop() {
      stopped = true;
      cancelWaits();
      retryTimer = cancel(retryTimer);
    },
    get status() {
      return status;
    },
  };
}
