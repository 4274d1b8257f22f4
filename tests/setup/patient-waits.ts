/**
 * Component tests wait for what a render brings as long as a busy machine needs: testing-library's
 * findBy and waitFor give up after one second by default, shorter than a lazily loaded step or a
 * re-render takes on a machine shared with other work. They still end as soon as what they wait for
 * is there, and the test's own time limit (vitest.config.ts) stays the bound. Node-only test files
 * (API, conformance) do not load testing-library.
 */
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 15_000 });
}

export {};
