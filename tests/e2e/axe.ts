import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * axe violations of the page as `rule: selector markup` lines, so a failure says what to fix. Colours
 * are judged on a settled page: its requests answered (a button enabled once the data it waits for
 * arrives starts a transition then) and no transition running (a button turning from disabled to
 * enabled fades for 250 ms, and axe would read a colour halfway). A busy machine only makes this wait
 * longer, never judge a page halfway.
 */
export async function violations(page: Page): Promise<string[]> {
  // The requests of a page just opened; a page changed in place has answered its own by now.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.evaluate(async () => {
    const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    const running = () =>
      document
        .getAnimations()
        // Endless ones (a spinner) never finish.
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .filter((animation) => animation.pending || animation.playState === 'running');
    // Settled when two frames in a row start nothing new (a transition ending can start another).
    for (let round = 0; round < 100; round += 1) {
      const now = running();
      if (now.length === 0) {
        await nextFrame();
        await nextFrame();
        if (running().length === 0) return;
        continue;
      }
      // A cancelled one (its element gone, its transition replaced) has nothing left to wait for.
      await Promise.all(now.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  // The element's markup beside its selector: generated class names alone do not say which it is.
  return results.violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact ?? ''}): ${n.target.join(' ')} ${n.html.slice(0, 160)}`),
  );
}
