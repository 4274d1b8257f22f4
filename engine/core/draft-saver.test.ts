import { describe, expect, it } from 'vitest';
import { createDraftSaver, type DraftSaveStatus } from './draft-saver';

/** A saver on a hand-driven clock, with the server's answers given one by one. */
function harness(options: { saved?: Record<string, unknown> } = {}) {
  const timers = new Map<number, { run: () => void; at: number }>();
  let clock = 0;
  let next = 1;
  const sent: Array<Record<string, unknown>> = [];
  const answers: Array<(kept: boolean) => void> = [];
  const statuses: DraftSaveStatus[] = [];
  const saver = createDraftSaver<Record<string, unknown>>({
    delayMs: 2000,
    ...options,
    save: (data) => {
      sent.push(data);
      return new Promise<boolean>((resolve) => answers.push(resolve));
    },
    onStatus: (status) => statuses.push(status),
    setTimer: (run, ms) => {
      timers.set(next, { run, at: clock + ms });
      return next++;
    },
    clearTimer: (id) => timers.delete(id as number),
  });
  const advance = (ms: number) => {
    clock += ms;
    for (const [id, timer] of [...timers]) {
      if (timer.at <= clock) {
        timers.delete(id);
        timer.run();
      }
    }
  };
  const answer = async (kept: boolean) => {
    answers.shift()?.(kept);
    // Let the saver's promise chain run.
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  };
  return { saver, sent, statuses, advance, answer };
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

  it('tells a failure and tries again with the next change, not by itself', async () => {
    const { saver, sent, advance, answer } = harness();
    saver.changed({ a: 1 });
    advance(2000);
    await answer(false);
    expect(saver.status).toBe('failed');
    advance(60_000);
    expect(sent).toHaveLength(1);
    saver.changed({ a: 2 });
    advance(2000);
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
});
