/**
 * One executor writes every status: outside server/transitions/execute.ts, no server module sets a
 * `status_id` in a query's `.set({...})` (an update) or `.values({...})` (an insert), except where a
 * new application is created as a draft. The doors (submissions, staff
 * moves and actions, decisions, task saves) ask the executor, which judges the move by the transition
 * table.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const EXECUTOR = 'server/transitions/execute.ts';

/** Every `status_id` a `.set(...)` or `.values(...)` call of `source` writes, as its value's text. */
function statusWrites(file: string, source: string): string[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const writes: string[] = [];
  const inWrite = (node: ts.Node): void => {
    if (ts.isPropertyAssignment(node) && node.name.getText(tree) === 'status_id')
      writes.push(node.initializer.getText(tree));
    else if (ts.isShorthandPropertyAssignment(node) && node.name.text === 'status_id') writes.push('status_id');
    ts.forEachChild(node, inWrite);
  };
  const visit = (node: ts.Node): void => {
    const call = ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) ? node : null;
    if (call && ['set', 'values'].includes((call.expression as ts.PropertyAccessExpression).name.text))
      call.arguments.forEach(inWrite);
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return writes;
}

describe('status writes', () => {
  it('finds a status set in an update and an insert, not a type, a read or an answer', () => {
    const source = `
      interface Row { status_id: number }
      db.updateTable('applications').set({ status_id: 6 });
      db.insertInto('x').values({ ...row, status_id });
      db.selectFrom('applications').where('status_id', '=', 2);
      const { status_id: read } = row;
      return { status_id, id };`;
    expect(statusWrites('x.ts', source)).toEqual(['6', 'status_id']);
  });

  it('are made by the executor alone (and a new draft created as one)', () => {
    const files = execFileSync('git', ['ls-files', 'server'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && file !== EXECUTOR);
    const found = files.flatMap((file) =>
      statusWrites(file, readFileSync(join(root, file), 'utf8')).map((value) => `${file}: ${value}`),
    );
    expect(found).toEqual(['server/routes/applications.ts: STATUS.draft']);
    expect(statusWrites(EXECUTOR, readFileSync(join(root, EXECUTOR), 'utf8')).length).toBeGreaterThan(0);
  });
});
