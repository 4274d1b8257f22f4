// Runs several npm scripts at the same time and fails when any fails: `npm test`'s static checks,
// which each keep one core busy for a while (lint the longest), finish together in the time of the
// longest instead of the sum. Each script's output is printed whole once it ends, never interleaved.
// Plain ESM so it runs before anything is compiled.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Runs `npm run <name>` for each name at once; prints each one's output when it ends.
 * @param {string[]} names npm script names
 * @param {{ npm?: string, cwd?: string, print?: (text: string) => void }} [options] the npm command, the
 *   folder of the package.json, where output goes
 * @returns {Promise<string[]>} the names of the scripts that failed (empty when all passed)
 */
export async function runTogether(names, options = {}) {
  const npm = options.npm ?? (process.platform === 'win32' ? 'npm.cmd' : 'npm');
  const print = options.print ?? ((text) => process.stdout.write(text));
  const runs = names.map(
    (name) =>
      new Promise((done) => {
        const started = Date.now();
        const output = [];
        const child = spawn(npm, ['run', '--silent', name], {
          cwd: options.cwd ?? process.cwd(),
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        child.stdout.on('data', (chunk) => output.push(chunk));
        child.stderr.on('data', (chunk) => output.push(chunk));
        const finish = (code, error) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(0);
          const text = Buffer.concat(output).toString('utf8') + (error ? `${error.message}\n` : '');
          print(`== ${name}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s\n${text}`);
          done(code === 0 ? null : name);
        };
        child.once('error', (error) => finish(1, error));
        child.once('close', (code) => finish(code));
      }),
  );
  return (await Promise.all(runs)).filter((name) => name !== null);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const failed = await runTogether(process.argv.slice(2));
  if (failed.length > 0) {
    console.error(`failed: ${failed.join(', ')}`);
    process.exit(1);
  }
}
