// `npm start`: builds the portal when its sources are newer than dist/, then serves portal + API on
// one port (the server serves dist/ and /api/). Plain ESM so it runs before anything is compiled.
// With SERVICES_DIR (another folder of service definitions) the portal is built from those into
// STATIC_DIR, as the server reads them.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPortalIfStale } from './build-portal.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const bin = (name) => join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);

if (!buildPortalIfStale(resolve(root, process.env.STATIC_DIR || 'dist'))) {
  console.error('The portal build failed; see the messages above.');
  process.exit(1);
}

const server = spawn(bin('tsx'), [join(root, 'server', 'main.ts')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
