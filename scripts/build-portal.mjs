// Builds the portal when its sources are newer than its build: `npm start` and the local cluster
// (scripts/cluster) call it before they serve it. Plain ESM so it runs before anything is compiled.
// With SERVICES_DIR (another folder of service definitions) the portal is built from those.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const bin = (name) => join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);

/** Newest modification time under the given folders (files only). */
function newestMtime(paths) {
  let newest = 0;
  const walk = (path) => {
    const info = statSync(path);
    if (info.isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== 'node_modules') walk(join(path, entry));
    } else if (!/\.test\.tsx?$/.test(path)) {
      newest = Math.max(newest, info.mtimeMs);
    }
  };
  for (const path of paths) if (existsSync(path)) walk(path);
  return newest;
}

/**
 * The file of a build that says how hard its twins were compressed (PORTAL_COMPRESSION, `best` or
 * `fast`): a build of the test suites (`fast`) is built again for `npm start`, which asks for `best`.
 * A build without it was made before the setting: `best`.
 */
const COMPRESSION_FILE = '.compression';

/** The compression `staticDir` was built with. */
function builtCompression(staticDir) {
  const file = join(staticDir, COMPRESSION_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : 'best';
}

/**
 * Whether the portal in `staticDir` can be served as it is: its index.html is newer than every source
 * and its twins are compressed at least as hard as PORTAL_COMPRESSION asks (`best` unless `fast`).
 */
export function portalIsCurrent(staticDir, env = process.env) {
  const compression = env.PORTAL_COMPRESSION || 'best';
  const builtIndex = join(staticDir, 'index.html');
  const sources = [
    'app',
    'engine',
    env.SERVICES_DIR ? resolve(root, env.SERVICES_DIR) : 'services',
    // The prerendered pages show reference data (the services list, their documents).
    env.LOOKUPS_DIR ? resolve(root, env.LOOKUPS_DIR) : 'fixtures/lookups',
    'schemas',
    'vite.config.ts',
    'scripts/vite-plugin-services.ts',
    'scripts/vite-plugin-precompress.ts',
    'scripts/vite-plugin-page-chunks.ts',
    'scripts/vite-plugin-prerender.ts',
    'package.json',
  ].map((p) => resolve(root, p));
  return (
    existsSync(builtIndex) &&
    newestMtime(sources) <= statSync(builtIndex).mtimeMs &&
    (compression === 'fast' || builtCompression(staticDir) === 'best')
  );
}

/**
 * Builds the portal into `staticDir` unless it is current (portalIsCurrent), at the compression
 * PORTAL_COMPRESSION asks, which it notes in the build.
 * @returns false when the build failed (its messages are on the console).
 */
export function buildPortalIfStale(folder, env = process.env) {
  // Vite reads a relative --outDir from its own root (app/): a folder is the repository's, as given.
  const staticDir = resolve(root, folder);
  if (portalIsCurrent(staticDir, env)) return true;
  const compression = env.PORTAL_COMPRESSION || 'best';
  console.log(`Building the portal (${staticDir}), once and again when its sources change; its stages:`);
  const started = Date.now();
  // Always a production build: an inherited NODE_ENV (vitest sets `test`) would make Vite bundle
  // React's development build, which would then be served until the sources change.
  const build = spawnSync(bin('vite'), ['build', '--logLevel', 'warn', '--outDir', staticDir], {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, NODE_ENV: 'production', PORTAL_BUILD_STAGES: '1', PORTAL_BUILD_STARTED: String(started) },
  });
  if (build.status !== 0) return false;
  writeFileSync(join(staticDir, COMPRESSION_FILE), `${compression}\n`);
  console.log(`Built the portal in ${Math.round((Date.now() - started) / 1000)} s.`);
  return true;
}
