// `npm run dev`: the API server (tsx watch) on API_PORT (default 8080) and Vite with hot reload on 5173,
// proxying /api to the server. Editing a service's JSON reloads the wizard and restarts the API, so the
// server checks submissions against the definitions as they are on disk.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const bin = (name) => join(root, 'node_modules', '.bin', name);
const apiPort = process.env.API_PORT ?? '8080';
const children = [
  spawn(
    bin('tsx'),
    [
      'watch',
      '--include',
      'services/**/*.json',
      '--include',
      'fixtures/lookups/**/*.json',
      join(root, 'server', 'main.ts'),
    ],
    {
      cwd: root,
      stdio: 'inherit',
      // The analyst studio (/studio) is open on a developer's machine unless STUDIO says otherwise.
      env: { STUDIO: 'open', ...process.env, PORT: apiPort, STATIC_DIR: join(root, 'no-static') },
    },
  ),
  spawn(bin('vite'), [], { cwd: root, stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exit(code ?? 0);
  });
