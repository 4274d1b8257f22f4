/**
 * What belongs to one service lives in its JSON: the code of engine/, app/ and server/ names no
 * service (its key, its routes, its stage facts, actions, task records, queue keys) and none of the
 * audit's stage words, outside comments. The database migrations are history: they name the columns
 * they moved (server/db/migrations.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDefinitionsFrom } from '../../server/definitions';
import platformLifecycle from '../../services/platform/lifecycle.json';

/** The names of the platform's own transitions (services/platform/lifecycle.json). */
const PLATFORM_NAMES = new Set(platformLifecycle.transitions.map((row) => row.name));

const ROOT = join(import.meta.dirname, '..', '..');
const HISTORY = ['server/db/migrations.ts'];

/** The code files of a folder, tests and their helpers (`test-*`) left out: they name the services they try. */
function codeFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\.tsx?$|^test-/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The lines of code of a file without its comments (line comments, block comments, JSDoc). */
function codeLines(text: string): Array<{ line: number; code: string }> {
  const lines: Array<{ line: number; code: string }> = [];
  let inBlock = false;
  text.split('\n').forEach((raw, index) => {
    let code = raw;
    if (inBlock) {
      const end = code.indexOf('*/');
      if (end < 0) return;
      code = code.slice(end + 2);
      inBlock = false;
    }
    code = code.replace(/\/\*.*?\*\//g, '');
    const start = code.indexOf('/*');
    if (start >= 0) {
      inBlock = true;
      code = code.slice(0, start);
    }
    code = code.replace(/(^|[^:'"`])\/\/.*$/, '$1');
    if (code.trim()) lines.push({ line: index + 1, code });
  });
  return lines;
}

describe('the code names no service', () => {
  const { definitions } = loadDefinitionsFrom();
  const words = new Set<string>();
  for (const definition of definitions) {
    words.add(definition.key);
    for (const route of Object.values(definition.routes)) if (route) words.add(route.replace(/^\//, ''));
    for (const name of Object.keys(definition.lifecycle?.facts ?? {})) words.add(name);
    // The names of the service's own rows; the platform's (approve, return...) are the code's words.
    for (const row of definition.lifecycle?.transitions ?? []) if (!PLATFORM_NAMES.has(row.name)) words.add(row.name);
    for (const document of definition.lifecycle?.reviewDocuments ?? []) words.add(document.kind);
    for (const task of definition.tasks ?? []) words.add(task.save.record);
    for (const queue of definition.workQueues?.queues ?? []) words.add(queue.key);
    if (definition.workQueues) words.add(definition.workQueues.route.replace(/^\//, ''));
  }
  const escaped = [...words].map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(
    `(?<![\\w-])(${escaped.join('|')})(?![\\w-])|\\bToR\\b|\\bTOR\\b|[Pp]hase.?2|[Aa]udit|[Tt]erms of [Rr]eference`,
  );

  it('finds the words it looks for', () => {
    expect(words.has('environmental-audit')).toBe(true);
    expect(words.has('tor_approval_date')).toBe(true);
    expect(pattern.test("const x = 'plastics';")).toBe(true);
    expect(pattern.test('// the audit, in a comment')).toBe(true);
    expect(codeLines('// the audit\n/** ToR\n * phase 2 */\nconst a = 1;')).toEqual([
      { line: 4, code: 'const a = 1;' },
    ]);
  });

  it.each(['engine', 'app', 'server'])('in %s/, outside comments', (folder) => {
    const found = codeFiles(join(ROOT, folder))
      .filter((file) => !HISTORY.includes(relative(ROOT, file)))
      .flatMap((file) =>
        codeLines(readFileSync(file, 'utf8'))
          .filter(({ code }) => pattern.test(code))
          .map(({ line, code }) => `${relative(ROOT, file)}:${line}: ${code.trim()}`),
      );
    expect(found).toEqual([]);
  });
});
