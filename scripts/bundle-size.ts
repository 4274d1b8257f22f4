/**
 * Gzip sizes of what a visitor downloads, read from Vite's build manifest: the initial JS of the
 * portal (the entry and every chunk it imports statically, which index.html preloads) and what a
 * lazy route adds on top of it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

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

export interface BundleSizes {
  /** Entry + its static imports, gzip bytes. */
  initial: number;
  /** Per lazy route source (manifest key): gzip bytes it adds beyond the initial JS. */
  routes: Record<string, number>;
}

/** Measures the built portal in `distDir` (built with `--manifest`). */
export function measureBundle(
  distDir: string,
  routeKeys: string[],
  gzipOf = (file: string) => gzipSync(readFileSync(join(distDir, file))).length,
): BundleSizes {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('the build manifest has no entry');
  const initialKeys = staticClosure(manifest, entry);
  const size = (keys: Iterable<string>) => [...keys].reduce((sum, key) => sum + gzipOf(manifest[key]?.file ?? ''), 0);
  const routes: Record<string, number> = {};
  for (const key of routeKeys) {
    if (!manifest[key]) throw new Error(`no chunk for ${key} in the build manifest`);
    routes[key] = size([...staticClosure(manifest, key)].filter((k) => !initialKeys.has(k)));
  }
  return { initial: size(initialKeys), routes };
}
