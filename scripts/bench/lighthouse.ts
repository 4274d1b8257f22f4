/**
 * Bench piece: Lighthouse (its default mobile preset: a mid-range phone, slow 4G and a slowed CPU,
 * simulated) on the landing page, the login page, the dashboard and the audit wizard of the built
 * portal, in Debian's Chromium. Performance per page and the lowest accessibility score.
 */
import lighthouse from 'lighthouse';
import { freePort } from '../server-process';
import { figure, type BenchPiece, type FigureId } from './figures';
import { AUDIT, launchChromium, measuredForms, signedInPage } from './browser';
import { withServer } from './server';

/** The pages measured: performance figure and route (the wizard's from its definition). */
function pages(): Array<{ id: FigureId; path: string }> {
  const audit = measuredForms().find((form) => form.key === AUDIT);
  if (!audit) throw new Error(`no ${AUDIT} service`);
  return [
    { id: 'lighthouse_perf_landing', path: '/' },
    { id: 'lighthouse_perf_login', path: '/login' },
    { id: 'lighthouse_perf_dashboard', path: '/dashboard' },
    { id: 'lighthouse_perf_wizard', path: audit.apply },
  ];
}
const PERFORMANCE_IDS: FigureId[] = [
  'lighthouse_perf_landing',
  'lighthouse_perf_login',
  'lighthouse_perf_dashboard',
  'lighthouse_perf_wizard',
];

export function lighthousePiece(dist: () => string): BenchPiece {
  return {
    name: 'Lighthouse',
    ids: [...PERFORMANCE_IDS, 'lighthouse_a11y_min'],
    run: () =>
      withServer(dist(), async (server) => {
        const port = await freePort();
        const browser = await launchChromium([`--remote-debugging-port=${port}`]);
        try {
          // Signed in once in the browser's profile; Lighthouse keeps the storage (disableStorageReset).
          const { page, origin } = await signedInPage(browser, server, 'inspector', '0780000004');
          const performance: Array<[FigureId, number]> = [];
          const accessibility: Array<[string, number]> = [];
          for (const { id, path } of pages()) {
            // The signed-out pages are measured signed out (the landing page sends a user to the dashboard).
            const signedOut = id === 'lighthouse_perf_landing' || id === 'lighthouse_perf_login';
            const stored = await page.evaluate(() => localStorage.getItem('user'));
            if (signedOut) await page.evaluate(() => localStorage.removeItem('user'));
            const result = await lighthouse(
              `${origin}${path}`,
              { port, output: 'json', logLevel: 'error', disableStorageReset: true },
              { extends: 'lighthouse:default', settings: { onlyCategories: ['performance', 'accessibility'] } },
            );
            if (signedOut && stored) await page.evaluate((user) => localStorage.setItem('user', user), stored);
            const categories = result?.lhr.categories;
            performance.push([id, Math.round((categories?.performance?.score ?? Number.NaN) * 100)]);
            accessibility.push([path, Math.round((categories?.accessibility?.score ?? Number.NaN) * 100)]);
          }
          const lowest = accessibility.reduce((min, entry) => (entry[1] < min[1] ? entry : min));
          return [
            ...performance.map(([id, score]) => figure(id, score)),
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
