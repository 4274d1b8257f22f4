// `npm start`: builds the portal when its sources are newer than dist/, then serves portal + API on
// one port (the server serves dist/ and /api/). Plain ESM so it runs before anything is compiled.
// With SERVICES_DIR (another folder of service definitions) the portal is built from those into
// STATIC_DIR, as the server reads them.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const staticDir = resolve(root, process.env.STATIC_DIR || 'dist');
const builtIndex = join(staticDir, 'index.html');
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

const sources = [
  'app',
  'engine',
  process.env.SERVICES_DIR ? resolve(root, process.env.SERVICES_DIR) : 'services',
  // The prerendered pages show reference data (the services list, their documents).
  process.env.LOOKUPS_DIR ? resolve(root, process.env.LOOKUPS_DIR) : 'fixtures/lookups',
  'schemas',
  'vite.config.ts',
  'scripts/vite-plugin-services.ts',
  'scripts/vite-plugin-precompress.ts',
  'scripts/vite-plugin-page-chunks.ts',
  'scripts/vite-plugin-prerender.ts',
  'package.json',
].map((p) => resolve(root, p));
const needsBuild = !existsSync(builtIndex) || newestMtime(sources) > statSync(builtIndex).mtimeMs;
if (needsBuild) {
  console.log(`Building the portal (${staticDir})...`);
  // Always a production build: an inherited NODE_ENV (vitest sets `test`) would make Vite bundle
  // React's development build, which `npm start` would then keep serving until the sources change.
  const build = spawnSync(bin('vite'), ['build', '--logLevel', 'warn', '--outDir', staticDir], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) {
    console.error('The portal build failed; see the messages above.');
    process.exit(build.status ?? 1);
  }
}

const server = spawn(bin('tsx'), [join(root, 'server', 'main.ts')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
