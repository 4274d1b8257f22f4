/**
 * Every change of an application is an event of its trail (server/trail/append.ts): outside the
 * trail's writer, each insert, update or delete on an application's tables (the application, its
 * records, facts, files, notes) is made in a function that appends the event too (`appendTrail` or
 * a door that calls it), and nothing but the writer touches the trail itself (`flow_histories`, the
 * register); a write whose table is not a literal is allowed only beside a tombstone
 * (`appendRegister`: a discarded draft). The exceptions below say why each records no event.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const WRITER = 'server/trail/append.ts';
/** The tables whose rows are an application's: a change of one is an event. */
const APPLICATION_TABLES = [
  'applications',
  'application_records',
  'application_facts',
  'attachments',
  'application_notes',
];
/** The trail itself: written by the writer alone. */
const TRAIL_TABLES = ['flow_histories', 'trail_register', 'trail_register_head'];
/** The calls that append an event (the writer's, and the doors that call it). */
const APPENDS = [
  'appendTrail',
  'appendRegister',
  'appendAnswersChange',
  'writeInternalRow',
  'writeStatus',
  'writeFacts',
];
const WRITES = ['insertInto', 'updateTable', 'deleteFrom'];

/** The name of the function `node` is in (its declaration's, its variable's, its method's). */
function nameOf(node: ts.Node, tree: ts.SourceFile): string {
  for (let at: ts.Node | undefined = node; at; at = at.parent) {
    if ((ts.isFunctionDeclaration(at) || ts.isMethodDeclaration(at)) && at.name) return at.name.getText(tree);
    if (ts.isVariableDeclaration(at) && at.initializer && ts.isFunctionLike(at.initializer))
      return at.name.getText(tree);
  }
  return '<module>';
}

/** Whether a function `node` is in (or one around it) calls one of `names`. */
function appendsAround(node: ts.Node, names: readonly string[]): boolean {
  const calls = (scope: ts.Node): boolean => {
    let found = false;
    const visit = (inner: ts.Node): void => {
      if (found) return;
      if (ts.isCallExpression(inner)) {
        const callee = inner.expression;
        const name = ts.isIdentifier(callee)
          ? callee.text
          : ts.isPropertyAccessExpression(callee)
            ? callee.name.text
            : '';
        if (names.includes(name)) found = true;
      }
      ts.forEachChild(inner, visit);
    };
    visit(scope);
    return found;
  };
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent)
    if (ts.isFunctionLike(at) && calls(at)) return true;
  return false;
}

/**
 * The writes of `source` that break the rule, as `<function>: <write> <table>`: a write on an
 * application's table in no function that appends an event, a write on the trail (outside the
 * writer), a write on a table that is not a literal with no tombstone beside it; and raw SQL writing
 * one of those tables.
 */
function unrecordedWrites(file: string, source: string): string[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const write = node.expression.name.text;
      const [argument] = node.arguments;
      if (WRITES.includes(write) && argument) {
        const table = ts.isStringLiteralLike(argument) ? argument.text : null;
        const where = `${nameOf(node, tree)}: ${write} ${table ?? '<not a literal>'}`;
        if (table === null) {
          if (!appendsAround(node, ['appendRegister'])) found.push(where);
        } else if (TRAIL_TABLES.includes(table)) found.push(where);
        else if (APPLICATION_TABLES.includes(table) && !appendsAround(node, APPENDS)) found.push(where);
      }
    }
    if (ts.isTemplateExpression(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const text = node.getText(tree);
      const tables = [...APPLICATION_TABLES, ...TRAIL_TABLES].join('|');
      const raw = new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+"?(${tables})\\b`, 'i').exec(text);
      if (raw) found.push(`${nameOf(node, tree)}: sql ${raw[1]!.toLowerCase()} ${raw[2]}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

describe('trail writes', () => {
  it('finds a write without its event, on the trail, of an unknown table, and in raw SQL', () => {
    const source = `
      async function recorded(trx) {
        await trx.updateTable('applications').set({ assignee: null }).execute();
        await appendTrail(trx, 1, { kind: 'assignment', actor: 'system' });
      }
      async function viaDoor(db) {
        await db.transaction().execute(async (trx) => {
          await trx.insertInto('application_notes').values({}).execute();
          await writeInternalRow(trx, app, actor, { kind: 'noted' });
        });
      }
      async function silent(db) {
        await db.deleteFrom('attachments').where('id', '=', 1).execute();
        await db.selectFrom('attachments').selectAll().execute();
        await db.insertInto('throttles').values({}).execute();
      }
      const history = async (db) => db.insertInto('flow_histories').values({}).execute();
      async function loop(db, table) { await db.deleteFrom(table).execute(); }
      async function tombstone(db, table) { await db.deleteFrom(table).execute(); await appendRegister(db, 'deleted', app); }
      const raw = (db) => sql\`update application_records set data = '{}'\`.execute(db);`;
    expect(unrecordedWrites('x.ts', source)).toEqual([
      'silent: deleteFrom attachments',
      'history: insertInto flow_histories',
      'loop: deleteFrom <not a literal>',
      'raw: sql update application_records',
    ]);
  });

  it('are made beside their event (or are the exceptions said here)', () => {
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'server'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter(
        (file) =>
          /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && file !== WRITER && file !== 'server/db/migrations.ts',
      );
    const found = files.flatMap((file) =>
      unrecordedWrites(file, readFileSync(join(root, file), 'utf8')).map((write) => `${file}: ${write}`),
    );
    expect(found).toEqual([
      // A fingerprint taken late of a file already recorded (stored before fingerprints were kept):
      // the application does not change.
      'server/application-copy.ts: copyDocuments: updateTable attachments',
      // Drafts follow the current version of their form: no answer changes.
      'server/stored-migrations.ts: migrateStoredApplications: updateTable applications',
      // The store of a record: each caller appends the change of the answers (appendAnswersChange).
      'server/submissions/persist.ts: upsertRecord: insertInto application_records',
      'server/submissions/persist.ts: keepSubmittedRecords: deleteFrom application_records',
    ]);
  });
});
