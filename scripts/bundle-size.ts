/**
 * Sizes of what a visitor downloads, read from Vite's build manifest: the JS a page needs (the entry,
 * the lazy chunks its route loads and everything they import statically) and what one page adds
 * beyond another.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** Keys of `key` and every chunk it imports statically, transitively. */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const child of manifest[key]?.imports ?? []) staticClosure(manifest, child, seen);
  return seen;
}

/** What a page loads: the entry (implied) and the source files of the lazy chunks its route loads. */
export interface PageChunks {
  load: string[];
  /** Sources whose chunks the visitor already has (another page's `load`): not counted. */
  beyond?: string[];
}

export interface SizeOf {
  (file: string): number;
}

/** Reads the build's manifest (built with `--manifest`). */
export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/**
 * The manifest key of a source: its exact key, the one key ending with it (virtual modules), the
 * module of that name (`dashboard-page` -> `pages/dashboard-page.tsx`, a lazy page's own chunk), or the
 * shared chunk named after it (`dashboard-page` -> `_dashboard-page-<hash>.js`, where the bundler put
 * a module that several chunks import); which of the last two the bundler makes depends on the rest of
 * the code, so both are found.
 */
function keyOf(manifest: Manifest, source: string): string {
  if (manifest[source]) return source;
  const name = source.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const shared = new RegExp(`^_${name}-[\\w-]+\\.js$`);
  const module = new RegExp(`(^|/)${name}\\.[jt]sx?$`);
  const matches = Object.keys(manifest).filter((key) => key.endsWith(source) || shared.test(key) || module.test(key));
  if (matches.length !== 1) throw new Error(`no single chunk for ${source} in the build manifest`);
  return matches[0] as string;
}

/** Bytes (by `sizeOf`) of the chunks a page loads, without those of the pages in `beyond`. */
export function pageSize(manifest: Manifest, page: PageChunks, sizeOf: SizeOf): number {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('the build manifest has no entry');
  const closure = (sources: string[]) => {
    const keys = staticClosure(manifest, entry);
    for (const source of sources) staticClosure(manifest, keyOf(manifest, source), keys);
    return keys;
  };
  const had = page.beyond ? closure(page.beyond) : new Set<string>();
  return [...closure(page.load)]
    .filter((key) => !had.has(key))
    .reduce((sum, key) => sum + sizeOf(manifest[key]?.file ?? ''), 0);
}

/**
 * Bytes of a file as the server sends it to a browser accepting `encoding`: its precompressed twin
 * (`.br` or `.gz`, written by vite-plugin-precompress) when the build wrote one, else the file itself.
 */
export function sentSize(distDir: string, encoding: 'br' | 'gz'): SizeOf {
  return (file) => {
    const twin = join(distDir, `${file}.${encoding}`);
    return statSync(existsSync(twin) ? twin : join(distDir, file)).size;
  };
}
