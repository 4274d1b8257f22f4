import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = resolve(__dirname, '..');
const ROUTES = resolve(__dirname);

/** Every TypeScript file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** The relative modules a file imports or re-exports (`./x`, `../routes/y`), resolved. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((match) =>
    resolve(dirname(file), match[1] as string),
  );
}

describe('the route files', () => {
  it('are imported by no module of the server but the app that registers them', () => {
    const outside = sources(SERVER).filter((file) => !file.startsWith(`${ROUTES}/`) && file !== join(SERVER, 'app.ts'));
    const offending = outside.flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith(`${ROUTES}/`))
        .map((target) => `${relative(SERVER, file)} imports ${relative(SERVER, target)}`),
    );
    expect(offending).toEqual([]);
  });

  it('are plugins of fewer than 200 lines each', () => {
    const long = sources(ROUTES)
      .filter((file) => !file.endsWith('.test.ts'))
      .map((file) => ({ file: relative(SERVER, file), lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines >= 200);
    expect(long).toEqual([]);
  });
});
