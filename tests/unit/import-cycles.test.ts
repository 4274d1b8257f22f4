/**
 * No module of the project reaches itself through its imports: the graph of the TypeScript files'
 * static imports, re-exports and dynamic `import()`s between the project's own files has no cycle, at
 * any length. Type-only imports are left out (they are gone from the built code). This replaces lint's
 * `import/no-cycle`, which took most of lint's time (52 of 71 s here) and stopped at ten steps.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** What an import of the project's own files can name: a file, or a folder's index. */
const CANDIDATES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The project files a module imports (relative specifiers only), its type-only imports left out. */
function importsOf(file: string, source: string): string[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings : null;
      const typeOnly =
        clause?.isTypeOnly === true ||
        (clause !== undefined &&
          !clause.name &&
          named !== null &&
          named.elements.length > 0 &&
          named.elements.every((element) => element.isTypeOnly));
      if (!typeOnly) specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return specifiers
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => {
      const base = resolve(dirname(file), specifier);
      const found = CANDIDATES.map((ending) => base + ending).find(
        (path) => existsSync(path) && /\.(tsx?|mjs)$/.test(path),
      );
      return found ?? '';
    })
    .filter((path) => path !== '');
}

/** Module -> the modules it imports, for every tracked TypeScript file of the repository. */
function projectGraph(): Map<string, string[]> {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  const files = listed
    .split('\0')
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => join(root, file))
    .filter((file) => existsSync(file));
  return new Map(files.map((file) => [file, importsOf(file, readFileSync(file, 'utf8'))]));
}

/**
 * The cycles of a graph: each strongly connected component of more than one module, or of one that
 * imports itself (Tarjan's algorithm), its modules sorted.
 */
export function cyclesIn(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (;;) {
      const member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
      if (member === node) break;
    }
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return cycles;
}

describe('import cycles', () => {
  it('finds a cycle of any length, and a module that imports itself', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['d']],
      ['d', ['a', 'e']],
      ['e', []],
      ['f', ['f']],
      ['g', ['e']],
    ]);
    expect(cyclesIn(graph)).toEqual([['a', 'b', 'c', 'd'], ['f']]);
    expect(
      cyclesIn(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('reads static, re-exported and dynamic imports, and leaves type-only ones out', () => {
    const file = join(root, 'engine', 'core', 'example.ts');
    const imports = importsOf(
      file,
      [
        "import { loadServiceDefinitions } from './load-definitions';",
        "export { formsOf } from './service-forms';",
        "const later = () => import('./schema-walk');",
        "import type { JsonSchema } from './definition-types';",
        "import { type ServiceDefinition } from './definition-types';",
        "export type { FormRule } from './definition-types';",
        "import Ajv from 'ajv';",
      ].join('\n'),
    );
    expect(imports.map((path) => path.slice(root.length + 1))).toEqual([
      'engine/core/load-definitions.ts',
      'engine/core/service-forms.ts',
      'engine/core/schema-walk.ts',
    ]);
  });

  it('has none among the modules of the project', () => {
    const graph = projectGraph();
    expect(graph.size).toBeGreaterThan(300);
    const named = cyclesIn(graph).map((cycle) => cycle.map((file) => file.slice(root.length + 1)));
    expect(named).toEqual([]);
  });
});
