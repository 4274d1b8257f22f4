/**
 * The figures of `npm run bench`: one row per budget of DESIGN.md, with its id in the JSON output.
 * A piece of the bench measures some of them; `runBench` runs the pieces, then prints the table and
 * writes the JSON. Figures are reported, never asserted: timings on shared machines are noisy.
 */

/** Lower is better for sizes, ratios and times; higher for Lighthouse scores. */
type Direction = 'at most' | 'at least';

interface Budget {
  what: string;
  unit: string;
  /** None for a figure printed for its information (the ratio a budget is not set on). */
  budget?: number;
  direction: Direction;
}

export const BUDGETS = {
  landing_js_kb: { what: 'initial JS of the landing page (gzip)', unit: 'KB', budget: 140, direction: 'at most' },
  login_js_kb: { what: 'initial JS of the login page (gzip)', unit: 'KB', budget: 140, direction: 'at most' },
  register_js_kb: { what: 'initial JS of the register page (gzip)', unit: 'KB', budget: 140, direction: 'at most' },
  dashboard_js_kb: { what: 'initial JS of the dashboard (gzip)', unit: 'KB', budget: 200, direction: 'at most' },
  wizard_chunk_kb: {
    what: 'audit wizard beyond the dashboard: page, engine, validator (gzip)',
    unit: 'KB',
    budget: 150,
    direction: 'at most',
  },
  keystroke_audit_median_x: {
    what: 'keystroke latency, quiet typing on: audit form vs a plain form as large (median)',
    unit: 'x',
    direction: 'at most',
  },
  keystroke_audit_p95_x: {
    what: 'keystroke latency, quiet typing on: audit form vs a plain form as large (p95)',
    unit: 'x',
    budget: 2,
    direction: 'at most',
  },
  keystroke_audit_vs_bare_x: {
    what: 'keystroke latency, quiet typing on: audit form vs its page without scripts (median)',
    unit: 'x',
    budget: 1.1,
    direction: 'at most',
  },
  keystroke_audit_vs_rhf_x: {
    what: 'keystroke latency, quiet typing on: audit form vs a react-hook-form + MUI twin (median)',
    unit: 'x',
    budget: 1,
    direction: 'at most',
  },
  keystroke_audit_quiet_off_median_x: {
    what: 'keystroke latency, quiet typing off: audit form vs a plain form as large (median)',
    unit: 'x',
    direction: 'at most',
  },
  keystroke_audit_quiet_off_p95_x: {
    what: 'keystroke latency, quiet typing off: audit form vs a plain form as large (p95)',
    unit: 'x',
    budget: 2,
    direction: 'at most',
  },
  keystroke_audit_quiet_off_vs_bare_x: {
    what: 'keystroke latency, quiet typing off: audit form vs its page without scripts (median)',
    unit: 'x',
    budget: 1.1,
    direction: 'at most',
  },
  keystroke_audit_quiet_off_vs_rhf_x: {
    what: 'keystroke latency, quiet typing off: audit form vs a react-hook-form + MUI twin (median)',
    unit: 'x',
    budget: 1,
    direction: 'at most',
  },
  keystroke_plastics_median_x: {
    what: 'keystroke latency, quiet typing on: plastics form vs a plain form as large (median)',
    unit: 'x',
    direction: 'at most',
  },
  keystroke_plastics_p95_x: {
    what: 'keystroke latency, quiet typing on: plastics form vs a plain form as large (p95)',
    unit: 'x',
    budget: 2,
    direction: 'at most',
  },
  keystroke_plastics_vs_bare_x: {
    what: 'keystroke latency, quiet typing on: plastics form vs its page without scripts (median)',
    unit: 'x',
    budget: 1.1,
    direction: 'at most',
  },
  keystroke_plastics_vs_rhf_x: {
    what: 'keystroke latency, quiet typing on: plastics form vs a react-hook-form + MUI twin (median)',
    unit: 'x',
    budget: 1,
    direction: 'at most',
  },
  keystroke_plastics_quiet_off_median_x: {
    what: 'keystroke latency, quiet typing off: plastics form vs a plain form as large (median)',
    unit: 'x',
    direction: 'at most',
  },
  keystroke_plastics_quiet_off_p95_x: {
    what: 'keystroke latency, quiet typing off: plastics form vs a plain form as large (p95)',
    unit: 'x',
    budget: 2,
    direction: 'at most',
  },
  keystroke_plastics_quiet_off_vs_bare_x: {
    what: 'keystroke latency, quiet typing off: plastics form vs its page without scripts (median)',
    unit: 'x',
    budget: 1.1,
    direction: 'at most',
  },
  keystroke_plastics_quiet_off_vs_rhf_x: {
    what: 'keystroke latency, quiet typing off: plastics form vs a react-hook-form + MUI twin (median)',
    unit: 'x',
    budget: 1,
    direction: 'at most',
  },
  wizard_tti_x: {
    what: 'audit wizard interactive after Apply Now vs a plain page of as many inputs',
    unit: 'x',
    budget: 1.5,
    direction: 'at most',
  },
  wizard_tti_vs_rhf_x: {
    what: 'audit wizard interactive after Apply Now vs a react-hook-form + MUI twin',
    unit: 'x',
    budget: 1,
    direction: 'at most',
  },
  lighthouse_perf_landing: {
    what: 'Lighthouse performance (mobile), landing, median of 3',
    unit: '',
    budget: 95,
    direction: 'at least',
  },
  lighthouse_perf_login: {
    what: 'Lighthouse performance (mobile), login, median of 3',
    unit: '',
    budget: 95,
    direction: 'at least',
  },
  lighthouse_perf_dashboard: {
    what: 'Lighthouse performance (mobile), dashboard, median of 3',
    unit: '',
    budget: 95,
    direction: 'at least',
  },
  lighthouse_perf_wizard: {
    what: 'Lighthouse performance (mobile), audit wizard, median of 3',
    unit: '',
    budget: 95,
    direction: 'at least',
  },
  lighthouse_a11y_min: {
    what: 'Lighthouse accessibility, lowest of the four pages',
    unit: '',
    budget: 100,
    direction: 'at least',
  },
  api_p99_ms: {
    what: 'API at 50 connections: list, statistics, detail of a client with 60 (p99)',
    unit: 'ms',
    direction: 'at most',
  },
  api_p99_vs_baseline_x: {
    what: 'API p99 at 50 connections vs a minimal Fastify route answering the same JSON',
    unit: 'x',
    budget: 3,
    direction: 'at most',
  },
  list_100k_p50_ms: {
    what: 'applications list page with 100,000 in the database (p50)',
    unit: 'ms',
    budget: 10,
    direction: 'at most',
  },
  upload_rss_mb: { what: '20 MB upload: server memory growth', unit: 'MB', budget: 30, direction: 'at most' },
  queue_p99_ms: {
    what: 'staff queue at 20 connections, filtered and sorted, 100,000 applications (p99)',
    unit: 'ms',
    direction: 'at most',
  },
  queue_p99_vs_list_x: {
    what: "staff queue p99 vs the applicant's list p99, both at 20 connections",
    unit: 'x',
    budget: 2,
    direction: 'at most',
  },
  export_rows_per_s: {
    what: 'staff export of 100,000 applications (CSV): rows per second',
    unit: 'rows/s',
    direction: 'at least',
  },
  export_rss_mb: {
    what: 'staff export of 100,000 applications: server memory growth',
    unit: 'MB',
    budget: 30,
    direction: 'at most',
  },
} satisfies Record<string, Budget>;

export type FigureId = keyof typeof BUDGETS;
export const FIGURE_IDS = Object.keys(BUDGETS) as FigureId[];

/** One measured figure, as written to the JSON file. */
export interface Figure {
  id: FigureId;
  what: string;
  value: number;
  unit: string;
  /** Null for a figure printed for its information only. */
  budget: number | null;
  within: boolean;
  /** The measurements behind a ratio or a size (printed in the table, kept in the JSON). */
  detail?: string;
}

/**
 * A figure against its budget. A value that is not a finite number (the measurement failed) is
 * never within; a figure without a budget is within once measured.
 */
export function figure(id: FigureId, value: number, detail?: string): Figure {
  const { what, unit, budget, direction } = BUDGETS[id] as Budget;
  const finite = Number.isFinite(value);
  const within = finite && (budget === undefined || (direction === 'at most' ? value <= budget : value >= budget));
  return { id, what, value, unit, budget: budget ?? null, within, ...(detail ? { detail } : {}) };
}

/** A part of the bench: measures the figures it names. */
export interface BenchPiece {
  name: string;
  ids: FigureId[];
  run(): Promise<Figure[]>;
}

const shown = (value: number, unit: string) =>
  `${Number.isInteger(value) ? value : value.toFixed(unit === 'x' ? 2 : 1)}${unit ? ` ${unit}` : ''}`.replace(
    ' x',
    'x',
  );

/** The figures as one aligned table: what, measured, budget, within/OVER. */
export function formatTable(figures: Figure[]): string {
  const header = ['what', 'measured', 'budget', ''];
  const rows = figures.map((f) => {
    const { direction } = BUDGETS[f.id] as Budget;
    const measured = `${shown(f.value, f.unit)}${f.detail ? ` (${f.detail})` : ''}`;
    return [
      f.what,
      measured,
      f.budget === null ? '-' : `${direction === 'at most' ? '<=' : '>='} ${shown(f.budget, f.unit)}`,
      f.within ? (f.budget === null ? '' : 'within') : 'OVER',
    ];
  });
  const widths = header.map((_, i) => Math.max(header[i]?.length ?? 0, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** The JSON of the figures: `[{ id, what, value, unit, budget, within }]` (detail kept when present). */
export function figuresJson(figures: Figure[]): string {
  return `${JSON.stringify(figures, null, 2)}\n`;
}

/**
 * Runs `pieces` one after another (each alone on the machine), in the order given. A piece that
 * fails reports its figures as not measured (NaN, OVER) with the reason, and the others still run.
 * Figures come back in the order of `FIGURE_IDS`.
 */
export async function runBench(pieces: BenchPiece[], log: (line: string) => void = console.log): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const piece of pieces) {
    log(`bench: ${piece.name}...`);
    try {
      const measured = await piece.run();
      const missing = piece.ids.filter((id) => !measured.some((f) => f.id === id));
      figures.push(...measured, ...missing.map((id) => figure(id, Number.NaN, 'not measured')));
    } catch (error) {
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
      log(`bench: ${piece.name} failed: ${reason}`);
      figures.push(...piece.ids.map((id) => figure(id, Number.NaN, `failed: ${reason}`)));
    }
  }
  return figures.sort((a, b) => FIGURE_IDS.indexOf(a.id) - FIGURE_IDS.indexOf(b.id));
}
