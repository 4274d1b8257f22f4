import { describe, expect, it } from 'vitest';
import { benchPieces, parseArgs } from './bench';
import { figure, figuresJson, FIGURE_IDS, formatTable, runBench, type BenchPiece } from './bench/figures';

describe('npm run bench', () => {
  const pieces = benchPieces(() => {
    throw new Error('not built in this test');
  });

  it('has a piece for every figure of the budget table, each figure measured by one piece', () => {
    const ids = Object.values(pieces).flatMap((piece) => piece.ids);
    expect([...ids].sort()).toEqual([...FIGURE_IDS].sort());
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of [
      'landing_js_kb',
      'register_js_kb',
      'wizard_tti_x',
      'wizard_tti_vs_rhf_x',
      'keystroke_audit_vs_bare_x',
      'keystroke_audit_vs_rhf_x',
      'keystroke_plastics_vs_bare_x',
      'keystroke_plastics_vs_rhf_x',
      'lighthouse_a11y_min',
      'api_p99_ms',
      'api_p99_vs_baseline_x',
      'upload_rss_mb',
    ])
      expect(ids).toContain(id);
  });

  it('runs every piece given, in order, and reports one failing piece without stopping the others', async () => {
    const ran: string[] = [];
    const piece = (name: string, run: () => Promise<ReturnType<typeof figure>[]>, ids: BenchPiece['ids']) => ({
      name,
      ids,
      run: async () => {
        ran.push(name);
        return run();
      },
    });
    const figures = await runBench(
      [
        piece(
          'api',
          async () => [figure('api_p99_ms', 30), figure('api_p99_vs_baseline_x', 3.4), figure('list_100k_p50_ms', 4)],
          ['api_p99_ms', 'api_p99_vs_baseline_x', 'list_100k_p50_ms', 'upload_rss_mb'],
        ),
        piece('broken', () => Promise.reject(new Error('no browser')), ['wizard_tti_x']),
        piece('bundles', async () => [figure('landing_js_kb', 88.4, 'brotli 80 KB')], ['landing_js_kb']),
      ],
      () => {},
    );
    expect(ran).toEqual(['api', 'broken', 'bundles']);
    // In the budget table's order; what a piece did not measure, or could not, is OVER.
    expect(figures.map((f) => [f.id, f.within])).toEqual([
      ['landing_js_kb', true],
      ['wizard_tti_x', false],
      // A figure printed for its information has no budget: measured is all it needs.
      ['api_p99_ms', true],
      ['api_p99_vs_baseline_x', false],
      ['list_100k_p50_ms', true],
      ['upload_rss_mb', false],
    ]);
    expect(figures.find((f) => f.id === 'wizard_tti_x')?.detail).toBe('failed: no browser');

    const table = formatTable(figures);
    expect(table).toMatch(/initial JS of the landing page .*\| 88\.4 KB \(brotli 80 KB\) *\| <= 140 KB *\| within *\|/);
    expect(table).toMatch(/API at 50 connections.*\| 30 ms *\| - *\| *\|/);
    expect(table).toMatch(/API p99 at 50 connections vs a minimal Fastify route.*\| 3\.40x *\| <= 3x *\| OVER *\|/);
    const json = JSON.parse(figuresJson(figures)) as Array<Record<string, unknown>>;
    expect(json[0]).toEqual({
      id: 'landing_js_kb',
      what: 'initial JS of the landing page (gzip)',
      value: 88.4,
      unit: 'KB',
      budget: 140,
      within: true,
      detail: 'brotli 80 KB',
    });
  });

  it('judges scores as at least their budget and sizes as at most', () => {
    expect(figure('lighthouse_perf_login', 95).within).toBe(true);
    expect(figure('lighthouse_perf_login', 94).within).toBe(false);
    expect(figure('wizard_chunk_kb', 150).within).toBe(true);
    expect(figure('wizard_chunk_kb', 150.1).within).toBe(false);
  });

  it('reads --json and the pieces to run', () => {
    expect(parseArgs([])).toEqual({ json: undefined, only: [] });
    expect(parseArgs(['keystrokes', '--json', 'out.json', 'tti'])).toEqual({
      json: 'out.json',
      only: ['keystrokes', 'tti'],
    });
    expect(() => parseArgs(['--json'])).toThrow('--json needs a file name');
  });
});
