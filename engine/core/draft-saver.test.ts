import { describe, expect, it } from 'vitest';
import {
  createDraftSaver,
  retryDelayMs,
  type DraftSaveRequest,
  type DraftSaveStatus,
  type DraftSaverOptions,
  type LeftAnswers,
} from './draft-saver';

/** A saver on a hand-driven clock, with the server's answers given one by one. */
function harness(options: Partial<DraftSaverOptions<Record<string, unknown>>> = {}) {
  const timers = new Map<number, { run: () => void; at: number }>();
  let clock = 0;
  let next = 1;
  const sent: Array<Record<string, unknown>> = [];
  const requests: DraftSaveRequest[] = [];
  const answers: Array<(kept: boolean) => void> = [];
  const statuses: DraftSaveStatus[] = [];
  const saver = createDraftSaver<Record<string, unknown>>({
    delayMs: 2000,
    ...options,
    save: (data, request) => {
      sent.push(data);
      requests.push(request);
      return new Promise<boolean>((resolve) => answers.push(resolve));
    },
    onStatus: (status) => statuses.push(status),
    setTimer: (run, ms) => {
      timers.set(next, { run, at: clock + ms });
      return next++;
    },
    clearTimer: (id) => timers.delete(id as number),
  });
  /** Moves the clock on, running each timer due on the way at its time. */
  const advance = (ms: number) => {
    const end = clock + ms;
    for (;;) {
      const due = [...timers].filter(([, timer]) => timer.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      clock = due[1].at;
      due[1].run();
    }
    clock = end;
  };
  /** The server answers the oldest save still waiting (`at`: another one). */
  const answer = async (kept: boolean, at = 0) => {
    answers.splice(at, 1)[0]?.(kept);
    // Let the saver's promise chain run.
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  };
  return { saver, sent, requests, statuses, advance, answer };
}

describe('createDraftSaver', () => {
  it('saves once the answers have been quiet for the delay, the latest answers only', async () => {
    const { saver, sent, advance, answer, statuses } = harness();
    saver.changed({ a: 'H' });
    advance(1000);
    saver.changed({ a: 'He' });
    advance(1999);
    expect(sent).toEqual([]);
    expect(saver.status).toBe('pending');
    advance(1);
    expect(sent).toEqual([{ a: 'He' }]);
    expect(saver.status).toBe('saving');
    await answer(true);
    expect(saver.status).toBe('saved');
    expect(statuses).toEqual(['pending', 'saving', 'saved']);
  });

  it('saves at once when the applicant leaves a step, and not the same answers twice', async () => {
    const { saver, sent, answer } = harness({ saved: { a: 'kept' } });
    const flushed = saver.flush({ a: 'kept' });
    await flushed;
    expect(sent).toEqual([]);
    const leaving = saver.flush({ a: 'new' });
    expect(sent).toEqual([{ a: 'new' }]);
    await answer(true);
    await leaving;
    saver.changed({ a: 'new' });
    expect(saver.status).toBe('saved');
  });

  it('sends what changed during a save once that save is answered, one save at a time', async () => {
    const { saver, sent, advance, answer } = harness();
    saver.changed({ a: 1 });
    advance(2000);
    saver.changed({ a: 2 });
    advance(2000);
    expect(sent).toEqual([{ a: 1 }]);
    await answer(true);
    expect(sent).toEqual([{ a: 1 }, { a: 2 }]);
    await answer(true);
    expect(saver.status).toBe('saved');
  });

  it('saves nothing once stopped (the application was submitted)', async () => {
    const { saver, sent, advance } = harness();
    saver.changed({ a: 1 });
    saver.stop();
    advance(5000);
    await saver.flush({ a: 2 });
    expect(sent).toEqual([]);
  });

  it('saves at least every longest wait while changes go on, each time with the newest answers', async () => {
    const { saver, sent, advance, answer } = harness({ delayMs: 2500, maxWaitMs: 10_000 });
    // A word a second: never a quiet 2.5 s.
    for (let word = 1; word <= 10; word += 1) {
      saver.changed({ text: `w${word}` });
      advance(1000);
    }
    expect(sent).toEqual([{ text: 'w10' }]);
    await answer(true);
    for (let word = 11; word <= 20; word += 1) {
      saver.changed({ text: `w${word}` });
      advance(1000);
    }
    // The longest wait counts from the first change after the save.
    expect(sent).toEqual([{ text: 'w10' }, { text: 'w20' }]);
  });

  it('takes the edit a field still holds before saving, and counts the longest wait from the first key', async () => {
    let inField: Record<string, unknown> = { text: 'one' };
    const { saver, sent, advance, answer, statuses } = harness({
      delayMs: 2500,
      maxWaitMs: 10_000,
      collect: () => inField,
    });
    saver.changed({ text: 'one' });
    advance(2500);
    await answer(true);
    expect(saver.status).toBe('saved');
    // The first key after the save: the applicant reads "unsaved" before the form has the text.
    saver.touched();
    expect(saver.status).toBe('pending');
    inField = { text: 'one two three' };
    saver.touched();
    advance(9999);
    expect(sent).toEqual([{ text: 'one' }]);
    advance(1);
    expect(sent).toEqual([{ text: 'one' }, { text: 'one two three' }]);
    await answer(true);
    expect(saver.status).toBe('saved');
    expect(statuses).toEqual(['pending', 'saving', 'saved', 'pending', 'saving', 'saved']);
  });

  it('goes back to saved when a field is changed back to what the server holds', async () => {
    const { saver, sent, advance, answer } = harness({ saved: { a: 'kept' } });
    saver.changed({ a: 'new' });
    advance(2000);
    await answer(true);
    saver.touched();
    expect(saver.status).toBe('pending');
    saver.changed({ a: 'new' });
    expect(saver.status).toBe('saved');
    advance(60_000);
    expect(sent).toHaveLength(1);
  });

  it('tells a failure and tries again by itself, waiting longer each time, then with the newest answers', async () => {
    const { saver, sent, advance, answer } = harness();
    saver.changed({ a: 1 });
    advance(2000);
    await answer(false);
    expect(saver.status).toBe('failed');
    advance(1999);
    expect(sent).toHaveLength(1);
    advance(1);
    expect(sent).toEqual([{ a: 1 }, { a: 1 }]);
    await answer(false);
    // A change while failing waits for the next try: the server is not asked at every pause.
    saver.changed({ a: 2 });
    expect(saver.status).toBe('failed');
    advance(3999);
    expect(sent).toHaveLength(2);
    advance(1);
    expect(sent).toEqual([{ a: 1 }, { a: 1 }, { a: 2 }]);
    await answer(true);
    expect(saver.status).toBe('saved');
    advance(120_000);
    expect(sent).toHaveLength(3);
  });

  it('waits 2 s after the first failure, doubling up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(retryDelayMs)).toEqual([2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('leaving sends the unsaved answers at once with a request that outlives the page, kept until confirmed', async () => {
    const kept: Array<LeftAnswers<Record<string, unknown>>> = [];
    let forgotten = 0;
    let inField: Record<string, unknown> = { text: 'saved' };
    const { saver, sent, requests, advance, answer } = harness({
      collect: () => inField,
      keepLeft: (left) => kept.push(left),
      forgetLeft: () => (forgotten += 1),
    });
    saver.changed({ text: 'saved' });
    advance(2000);
    await answer(true);
    saver.changed({ text: 'on its way' });
    inField = { text: 'on its way' };
    advance(2000);
    // The page is hidden while that save is on its way, and the field holds more typing.
    saver.touched();
    inField = { text: 'on its way and the last words' };
    saver.leave();
    expect(sent.at(-1)).toEqual({ text: 'on its way and the last words' });
    expect(requests.map((request) => request.leaving)).toEqual([false, false, true]);
    expect(kept).toEqual([
      {
        answers: { text: 'on its way and the last words' },
        basis: [JSON.stringify({ text: 'saved' }), JSON.stringify({ text: 'on its way' })],
      },
    ]);
    // The page closing after it was hidden sends nothing more.
    saver.leave();
    expect(sent).toHaveLength(3);
    // The older save's answer does not confirm the kept answers; the leaving one's does.
    await answer(true);
    expect(forgotten).toBe(0);
    await answer(true);
    expect(forgotten).toBe(1);
    expect(saver.status).toBe('saved');
    advance(60_000);
    expect(sent).toHaveLength(3);
  });

  it('leaves nothing when every answer is saved, and tries a failed leaving save again if the page stays', async () => {
    const kept: unknown[] = [];
    const { saver, sent, requests, advance, answer } = harness({ keepLeft: (left) => kept.push(left) });
    saver.changed({ a: 1 });
    advance(2000);
    await answer(true);
    saver.leave();
    expect(sent).toHaveLength(1);
    saver.changed({ a: 2 });
    saver.leave();
    // The quiet wait was cancelled: the answers went out on leaving.
    advance(2000);
    expect(sent).toEqual([{ a: 1 }, { a: 2 }]);
    await answer(false);
    expect(saver.status).toBe('failed');
    advance(2000);
    expect(sent).toEqual([{ a: 1 }, { a: 2 }, { a: 2 }]);
    expect(requests.at(-1)).toEqual({ leaving: false });
    await answer(true);
    expect(saver.status).toBe('saved');
    expect(kept).toHaveLength(1);
  });

  it('forgets a copy left by an earlier page once its first save is confirmed', async () => {
    let forgotten = 0;
    const { saver, answer } = harness({ leftBehind: true, saved: { a: 1 }, forgetLeft: () => (forgotten += 1) });
    const flushed = saver.flush({ a: 2 });
    await answer(true);
    await flushed;
    expect(forgotten).toBe(1);
  });

  it('does not retry a failure that a confirmed save made moot', async () => {
    const { saver, sent, advance, answer } = harness();
    saver.changed({ a: 1 });
    advance(2000);
    saver.leave();
    expect(sent).toEqual([{ a: 1 }, { a: 1 }]);
    await answer(true, 1);
    await answer(false);
    expect(saver.status).toBe('saved');
    advance(60_000);
    expect(sent).toHaveLength(2);
  });
});
