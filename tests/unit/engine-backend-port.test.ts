/**
 * The engine reaches its backend only through its port (engine/core/backend-port.ts): no file of
 * engine/ writes an address of the API the portal's HTTP backend knows (app/backend/http-backend.ts),
 * outside comments, and none holds a token. What a service's definition names (a submit call's path,
 * a lookup's source) is data the engine passes through, and is not looked for.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_PATHS } from '../../app/backend/http-backend';

const ROOT = join(import.meta.dirname, '..', '..');

/**
 * Every code file of engine/, the tests' helpers included; the tests themselves are left out, since
 * the generic hooks' tests read made-up addresses, some of which resemble the API's.
 */
function engineFiles(): string[] {
  return readdirSync(join(ROOT, 'engine'), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** A file's text without its comments (line, block and JSDoc), line numbers kept. */
function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ''))
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

const SAMPLE = 'SAMPLEVALUE';
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A pattern of each address as code would write it: a string or template starting with its fixed
 * part, an id in its place either interpolated (`${id}`), a number, or added (`'...' + id`).
 */
function addressPatterns(): Array<{ name: string; pattern: RegExp }> {
  return Object.entries(API_PATHS).map(([name, address]) => {
    const sample = typeof address === 'string' ? address : (address as (...args: string[]) => string)(SAMPLE, SAMPLE);
    const fixed = sample.split(SAMPLE);
    const parts = fixed.map(escape).join(String.raw`(?:\$\{[^}]*\}|\d+|['"\x60]\s*\+[^'"\x60]*['"\x60]?)`);
    // A fixed part ending with the address (the last one empty) may also end the string there.
    return { name, pattern: new RegExp(String.raw`['"\x60]/?${parts}`) };
  });
}

function findings(pattern: RegExp): string[] {
  return engineFiles().flatMap((file) =>
    withoutComments(readFileSync(file, 'utf8'))
      .split('\n')
      .flatMap((code, index) => (pattern.test(code) ? [`${relative(ROOT, file)}:${index + 1}: ${code.trim()}`] : [])),
  );
}

describe('the engine and its backend', () => {
  const patterns = addressPatterns();

  it('finds what it looks for', () => {
    const upload = patterns.find(({ name }) => name === 'upload')?.pattern;
    const draft = patterns.find(({ name }) => name === 'draft')?.pattern;
    const application = patterns.find(({ name }) => name === 'application')?.pattern;
    expect(upload?.test("api.upload('applications/upload/file', form)")).toBe(true);
    expect(draft?.test('api.put(`client/application/${id}/draft`, body)')).toBe(true);
    expect(application?.test("api.get('application/' + id)")).toBe(true);
    expect(application?.test('`application/${encodeURIComponent(String(id))}`')).toBe(true);
    // A media type is not an address of the API.
    expect(application?.test("accept: ['application/pdf']")).toBe(false);
    expect(withoutComments("// 'applications/upload/file'\nconst a = 1; /* 'x' */")).toBe('\nconst a = 1; ');
  });

  it.each(patterns.map(({ name, pattern }) => [name, pattern] as const))(
    'engine/ writes no address %s of the API',
    (_name, pattern) => {
      expect(findings(pattern)).toEqual([]);
    },
  );

  it('engine/ holds no token', () => {
    expect(findings(/getToken|Authorization|Bearer /)).toEqual([]);
  });
});
