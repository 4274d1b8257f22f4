/**
 * A job the server runs on its own (the draft expiry, the retention job): now, then every interval.
 */

/**
 * Runs `work` now and every `intervalMs` on a timer that does not keep the process alive, one run at a
 * time (a tick while a run goes on is skipped); a run's failure goes to `onError`.
 * @returns stop: no run starts after it, and it resolves once a run in progress has finished.
 */
export function runEvery(
  intervalMs: number,
  work: () => Promise<void>,
  onError?: (error: unknown) => void,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = work()
      .catch(onError)
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
