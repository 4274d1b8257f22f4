/**
 * Bench piece: Lighthouse (its default mobile preset: a mid-range phone, slow 4G and a slowed CPU,
 * simulated) on the landing page, the login page, the dashboard and the audit wizard of the built
 * portal, in Debian's Chromium, three runs of each page (one run on a shared machine is not a figure).
 * Performance per page is the median run's, with the three scores printed; accessibility is the
 * lowest of the pages' medians.
 */
import lighthouse from 'lighthouse';
import { freePort } from '../server-process';
import { figure, type BenchPiece, type FigureId } from './figures';
import { auditForm, launchChromium, signedInPage } from './browser';
import { withServer } from './server';

/**
 * The pages measured: performance figure, route (none: the audit wizard's, from its definition) and
 * whether it is measured signed out (the landing page sends a signed-in user to the dashboard).
 */
const PAGES: Array<{ id: FigureId; path?: string; signedOut?: boolean }> = [
  { id: 'lighthouse_perf_landing', path: '/', signedOut: true },
  { id: 'lighthouse_perf_login', path: '/login', signedOut: true },
  { id: 'lighthouse_perf_dashboard', path: '/dashboard' },
  { id: 'lighthouse_perf_wizard' },
];

/** Runs of each page. */
const RUNS = 3;

/** The middle value of an odd number of values. */
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** The metrics the performance score is made of, as Lighthouse displays them. */
const METRICS: Array<[audit: string, label: string]> = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
];

function metricsOf(audits: Record<string, { displayValue?: string }>): string {
  return METRICS.map(([audit, label]) => `${label} ${audits[audit]?.displayValue ?? '?'}`).join(', ');
}

export function lighthousePiece(dist: () => string): BenchPiece {
  return {
    name: 'Lighthouse',
    ids: [...PAGES.map((page) => page.id), 'lighthouse_a11y_min'],
    run: () =>
      withServer(dist(), async (server) => {
        const port = await freePort();
        const browser = await launchChromium([`--remote-debugging-port=${port}`]);
        try {
          // Signed in once in the browser's profile; Lighthouse keeps the storage (disableStorageReset).
          const { page, origin } = await signedInPage(browser, server, 'inspector', '0780000004');
          const performance: Array<[FigureId, number, string]> = [];
          const accessibility: Array<[string, number]> = [];
          const wizard = auditForm().apply;
          for (const { id, path = wizard, signedOut = false } of PAGES) {
            const runs: Array<{ score: number; a11y: number; metrics: string }> = [];
            for (let run = 0; run < RUNS; run += 1) {
              const stored = await page.evaluate(() => localStorage.getItem('user'));
              if (signedOut) await page.evaluate(() => localStorage.removeItem('user'));
              const result = await lighthouse(
                `${origin}${path}`,
                { port, output: 'json', logLevel: 'error', disableStorageReset: true },
                { extends: 'lighthouse:default', settings: { onlyCategories: ['performance', 'accessibility'] } },
              );
              if (signedOut && stored) await page.evaluate((user) => localStorage.setItem('user', user), stored);
              const categories = result?.lhr.categories;
              runs.push({
                score: Math.round((categories?.performance?.score ?? Number.NaN) * 100),
                a11y: Math.round((categories?.accessibility?.score ?? Number.NaN) * 100),
                metrics: metricsOf(result?.lhr.audits ?? {}),
              });
            }
            const middle = median(runs.map((r) => r.score));
            const shown = runs.find((r) => r.score === middle) ?? runs[0];
            performance.push([id, middle, `runs ${runs.map((r) => r.score).join(', ')}; ${shown?.metrics ?? ''}`]);
            accessibility.push([path, median(runs.map((r) => r.a11y))]);
          }
          const lowest = accessibility.reduce((min, entry) => (entry[1] < min[1] ? entry : min));
          return [
            ...performance.map(([id, score, metrics]) => figure(id, score, metrics)),
            figure(
              'lighthouse_a11y_min',
              lowest[1],
              accessibility.map(([path, score]) => `${path} ${score}`).join(', '),
            ),
          ];
        } finally {
          await browser.close();
        }
      }),
  };
}
