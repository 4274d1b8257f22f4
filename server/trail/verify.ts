/**
 * The trail's check (`npm run staff -- verify-trail`): recomputes every application's chain and the
 * register's, and says where one is broken: a row whose hash is not that of its fields and the hash
 * before it (edited), a place missing from 1..n (deleted), a chain that ends before or after the head
 * its application keeps (its last rows deleted), an application registered as made that is gone
 * without its tombstone (deleted whole). The register's head hash is the anchor to record elsewhere:
 * the register's own last rows, deleted with its head moved back, are found against it.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { chainHash, registerFieldsOf, trailFieldsOf } from './chain';

/** One broken place. `seq` is the event's place (or the register row's, for the register). */
export interface TrailProblem {
  /** The application's id, or null for the register itself. */
  application: number | null;
  seq: number | null;
  what: 'hash mismatch' | 'missing row' | 'unchained row' | 'head mismatch' | 'missing tombstone';
  detail: string;
}

/** What the check found. */
export interface TrailReport {
  applications: number;
  events: number;
  registerRows: number;
  /** The register's head: its last row's hash (null while empty). */
  registerHead: string | null;
  problems: TrailProblem[];
}

/** Applications read at a time. */
const BATCH = 200;

/**
 * Recomputes the chains of every application (or of `only`) and the register's.
 * @returns the counts, the register's head and every broken place (none: the trail holds).
 */
export async function verifyTrail(db: Kysely<Database>, only?: number): Promise<TrailReport> {
  const report: TrailReport = { applications: 0, events: 0, registerRows: 0, registerHead: null, problems: [] };
  let after = 0;
  for (;;) {
    let query = db
      .selectFrom('applications')
      .select(['id', 'trail_seq', 'trail_hash'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH);
    if (only !== undefined) query = query.where('id', '=', only);
    const applications = await query.execute();
    if (applications.length === 0) break;
    after = applications.at(-1)!.id;
    const ids = applications.map((application) => application.id);
    const rows = await db
      .selectFrom('flow_histories')
      .selectAll()
      .where('application_id', 'in', ids)
      .orderBy('application_id')
      .orderBy('seq')
      .orderBy('id')
      .execute();
    for (const application of applications) {
      const own = rows.filter((row) => row.application_id === application.id);
      report.applications += 1;
      report.events += own.length;
      report.problems.push(...chainProblems(application, own));
    }
  }
  await checkRegister(db, report, only);
  return report;
}

/** The broken places of one application's chain against its head. */
function chainProblems(
  application: { id: number; trail_seq: number; trail_hash: string | null },
  rows: ReadonlyArray<Record<string, unknown>>,
): TrailProblem[] {
  const problems: TrailProblem[] = [];
  const at = (seq: number | null, what: TrailProblem['what'], detail: string) =>
    problems.push({ application: application.id, seq, what, detail });
  let expected = 1;
  let prevHash: string | null = null;
  for (const row of rows) {
    if (row.seq === null || row.seq === undefined) {
      at(null, 'unchained row', `row ${String(row.id)} has no place in the chain`);
      continue;
    }
    const seq = Number(row.seq);
    if (seq > expected)
      at(
        expected,
        'missing row',
        seq - expected === 1 ? `event ${expected} is missing` : `events ${expected}-${seq - 1} are missing`,
      );
    if ((row.prev_hash ?? null) !== prevHash && seq === expected)
      at(seq, 'hash mismatch', `its link to event ${seq - 1} does not hold`);
    const hash = chainHash((row.prev_hash as string | null) ?? null, trailFieldsOf(row));
    if (hash !== row.hash) at(seq, 'hash mismatch', `row ${String(row.id)} was changed after it was written`);
    expected = seq + 1;
    prevHash = (row.hash as string | null) ?? null;
  }
  const last = expected - 1;
  const headSeq = Number(application.trail_seq);
  if (last !== headSeq || (application.trail_hash ?? null) !== prevHash)
    at(
      headSeq,
      'head mismatch',
      last < headSeq
        ? `the trail ends at event ${last}: its head, event ${headSeq}, and the events before it are missing`
        : `the trail ends at event ${last}, its head says ${headSeq}`,
    );
  return problems;
}

/** Checks the register's chain and head, and that every application it made is there or has its tombstone. */
async function checkRegister(db: Kysely<Database>, report: TrailReport, only?: number): Promise<void> {
  const rows = await db.selectFrom('trail_register').selectAll().orderBy('seq').execute();
  const head = await db
    .selectFrom('trail_register_head')
    .select(['seq', 'hash'])
    .where('id', '=', 1)
    .executeTakeFirst();
  report.registerRows = rows.length;
  report.registerHead = head?.hash ?? null;
  const at = (application: number | null, seq: number | null, what: TrailProblem['what'], detail: string) =>
    report.problems.push({ application, seq, what, detail });
  let expected = 1;
  let prevHash: string | null = null;
  for (const row of rows) {
    const seq = Number(row.seq);
    if (seq > expected) at(null, expected, 'missing row', `register row ${expected} is missing`);
    if (seq === expected && (row.prev_hash ?? null) !== prevHash)
      at(null, seq, 'hash mismatch', `register row ${seq}: its link does not hold`);
    if (chainHash(row.prev_hash ?? null, registerFieldsOf(row)) !== row.hash)
      at(Number(row.application_id), seq, 'hash mismatch', `register row ${seq} was changed after it was written`);
    expected = seq + 1;
    prevHash = row.hash;
  }
  if (!head || Number(head.seq) !== expected - 1 || (head.hash ?? null) !== prevHash)
    at(
      null,
      head ? Number(head.seq) : null,
      'head mismatch',
      `the register ends at row ${expected - 1}, its head says ${head?.seq ?? 'none'}`,
    );
  // Made and not deleted: the application must still be there.
  const deleted = new Set(rows.filter((row) => row.kind === 'deleted').map((row) => Number(row.application_id)));
  const made = rows
    .filter((row) => row.kind === 'created' && !deleted.has(Number(row.application_id)))
    .map((row) => Number(row.application_id))
    .filter((id) => only === undefined || id === only);
  const present = new Set<number>();
  for (let i = 0; i < made.length; i += 500) {
    const found = await db
      .selectFrom('applications')
      .select('id')
      .where('id', 'in', made.slice(i, i + 500))
      .execute();
    for (const { id } of found) present.add(Number(id));
  }
  for (const id of made)
    if (!present.has(id)) at(id, null, 'missing tombstone', `application ${id} is gone without a tombstone`);
}

/**
 * What `npm run staff -- verify-trail` prints: OK with the counts and the register's head hash (the
 * anchor to record elsewhere), or one line per broken place.
 */
export function trailReportText(report: TrailReport): string {
  const counts =
    `${report.applications} application(s), ${report.events} event(s), ` +
    `register ${report.registerRows} row(s), register head ${report.registerHead ?? '(empty)'}`;
  if (report.problems.length === 0) return `OK: ${counts}`;
  const lines = report.problems.map(
    (problem) =>
      `${problem.application === null ? 'register' : `application ${problem.application}`}` +
      `${problem.seq === null ? '' : `, event ${problem.seq}`}: ${problem.what} (${problem.detail})`,
  );
  return [`BROKEN: ${report.problems.length} place(s) (${counts})`, ...lines].join('\n');
}
