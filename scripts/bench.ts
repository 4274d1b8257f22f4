/**
 * `npm run bench`: every budget of DESIGN.md measured in one run on this machine, printed as one
 * table (figure, budget, within/OVER); `npm run bench -- --json FILE` also writes the figures as JSON
 * (`[{ id, what, value, unit, budget, within }]`). Figures are printed, never asserted: timings on
 * shared machines are noisy, so ratios are measured against a plain twin in the same run.
 *
 * `npm run bench -- <piece>...` runs some pieces only: bundles, api, queue, keystrokes, tti, lighthouse.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPiece } from './bench/api';
import { keystrokesPiece, ttiPiece } from './bench/browser';
import { buildPortal, bundlesPiece } from './bench/bundles';
import { figuresJson, formatTable, runBench, type BenchPiece } from './bench/figures';
import { lighthousePiece } from './bench/lighthouse';
import { queuePiece } from './bench/queue';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** The pieces by name, each given the built portal (built once, on first need). */
export function benchPieces(dist: () => string): Record<string, BenchPiece> {
  return {
    bundles: bundlesPiece(dist),
    api: apiPiece(),
    queue: queuePiece(),
    keystrokes: keystrokesPiece(dist),
    tti: ttiPiece(dist),
    lighthouse: lighthousePiece(dist),
  };
}

/** `--json FILE` and the names of the pieces to run (all when none). */
export function parseArgs(argv: string[]): { json?: string; only: string[] } {
  const at = argv.indexOf('--json');
  const json = at >= 0 ? argv[at + 1] : undefined;
  if (at >= 0 && !json) throw new Error('--json needs a file name');
  return { json, only: argv.filter((arg, i) => arg !== '--json' && !(at >= 0 && i === at + 1)) };
}

async function main(): Promise<void> {
  const { json, only } = parseArgs(process.argv.slice(2));
  let built: string | undefined;
  const dist = () => (built ??= buildPortal(root));
  const all = benchPieces(dist);
  const unknown = only.filter((name) => !all[name]);
  if (unknown.length)
    throw new Error(`unknown bench pieces: ${unknown.join(', ')} (known: ${Object.keys(all).join(', ')})`);
  try {
    const figures = await runBench(only.length ? only.map((name) => all[name] as BenchPiece) : Object.values(all));
    console.log(`\n${formatTable(figures)}`);
    if (json) writeFileSync(json, figuresJson(figures));
  } finally {
    if (built) rmSync(built, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
