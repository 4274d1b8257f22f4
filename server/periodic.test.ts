import { afterEach, describe, expect, it, vi } from 'vitest';
import { runEvery } from './periodic';

afterEach(() => vi.useRealTimers());

describe('runEvery', () => {
  it('runs now and at each interval, never two runs at once; stop waits for the run in progress', async () => {
    vi.useFakeTimers();
    const finishes: Array<() => void> = [];
    const work = vi.fn(() => new Promise<void>((done) => finishes.push(done)));
    const stop = runEvery(1000, work);
    expect(work).toHaveBeenCalledTimes(1);
    // The first run is still going: the ticks meanwhile are skipped.
    await vi.advanceTimersByTimeAsync(2500);
    expect(work).toHaveBeenCalledTimes(1);
    finishes[0]?.();
    await vi.advanceTimersByTimeAsync(1000);
    expect(work).toHaveBeenCalledTimes(2);
    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finishes[1]?.();
    await stopping;
    await vi.advanceTimersByTimeAsync(5000);
    expect(work).toHaveBeenCalledTimes(2);
  });

  it("hands a run's failure to onError and runs again at the next interval", async () => {
    vi.useFakeTimers();
    const onError = vi.fn();
    const work = vi.fn().mockRejectedValueOnce(new Error('database down')).mockResolvedValue(undefined);
    const stop = runEvery(1000, work as () => Promise<void>, onError);
    await vi.advanceTimersByTimeAsync(0);
    expect(onError).toHaveBeenCalledWith(new Error('database down'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(work).toHaveBeenCalledTimes(2);
    await stop();
  });
});
