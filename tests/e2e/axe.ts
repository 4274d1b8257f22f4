import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * axe violations of the page as `rule: selector` lines, so a failure says what to fix. Colours are
 * judged once running transitions end (a button turning from disabled to enabled fades for 250 ms,
 * and axe would read a colour halfway).
 */
export async function violations(page: Page): Promise<string[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // Endless ones (a spinner) never finish.
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        // A cancelled one (its element gone, its transition replaced) has nothing left to wait for.
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact ?? ''}): ${n.target.join(' ')}`));
}
