/**
 * Walks an application along a path of its service's lifecycle (engine/core/lifecycle-paths.ts),
 * each row taken through the door the product takes it by: a staff move or action through the one
 * executor (`staffAction`, what the staff command and the staff API call) with the document and text
 * the row needs, the applicant's decision through `application/applicant-confirmation` with the
 * reason a denial needs, and an applicant task through its save route with its uploads and its form
 * data from `fixtures/<key>/tasks/<task key>.json` (empty when there is none).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServiceDefinition } from '../../engine/core/definition-types';
import type { LifecycleStep } from '../../engine/core/lifecycle-paths';
import { statusKey } from '../../engine/core/transitions';
import { staffAction } from '../../server/staff-decisions';
import { attach, call, executorOf, PDF, type TestServer, type TestUser } from '../api/helpers';

/** The text a row that takes one is given, and the reason of a denial. */
export const WALK_TEXT = '<p>Plant trees.</p>';
export const WALK_REASON = 'The conditions cannot be met.';

/** The form data of task `taskKey` of service `key` from its fixture, if the fixtures have one. */
export function taskFixture(fixturesRoot: string, key: string, taskKey: string): Record<string, unknown> {
  const file = join(fixturesRoot, key, 'tasks', `${taskKey}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
}

/** A PDF in the server's uploads, as the staff API stores an action's document before the executor files it. */
function storedDocument(server: TestServer, applicationId: number) {
  const path = `uploads/${'ef'.repeat(8)}${(Date.now() * 1000 + applicationId).toString(16).padStart(16, '0')}`;
  mkdirSync(join(server.config.dataDir, 'uploads'), { recursive: true });
  writeFileSync(join(server.config.dataDir, path), PDF);
  return { path, name: 'document.pdf', size: PDF.length, pdf: true };
}

/** Takes one step of a path on application `applicationId` of `user`; throws with the step when it is refused. */
export async function takeStep(
  server: TestServer,
  user: TestUser,
  definition: ServiceDefinition,
  applicationId: number,
  step: LifecycleStep,
  fixturesRoot: string,
): Promise<void> {
  const row = step.transition;
  const where = `${definition.key}: ${row.name} (${row.by}, ${row.via}) at '${statusKey(definition, step.from)}'`;
  const refused = (detail: unknown) => new Error(`${where} was refused: ${JSON.stringify(detail)}`);
  if (row.via === 'move' || row.via === 'action') {
    await staffAction(executorOf(server), applicationId, row.name, {
      actor: 'staff:tester',
      ...(row.document ? { document: storedDocument(server, applicationId) } : {}),
      ...(row.text ? { texts: { [row.text.name]: WALK_TEXT } } : {}),
    });
    return;
  }
  if (row.via === 'decision') {
    const answer = await call(server.app, 'POST', 'application/applicant-confirmation', {
      token: user.token,
      body: {
        application_id: applicationId,
        applicant_confirmed: row.answer === true,
        ...(row.reason ? { [row.reason.field]: WALK_REASON } : {}),
      },
    });
    if (answer.status >= 300) throw refused(answer.body);
    return;
  }
  if (row.via === 'task') {
    const task = (definition.tasks ?? []).find((candidate) => candidate.save.transition === row.name);
    if (!task) throw new Error(`${where}: no task of the service saves with it`);
    for (const upload of task.uploads.filter((candidate) => candidate.required)) {
      const attached = await attach(server, user, applicationId, upload.name);
      if (attached.statusCode !== 201) throw refused(attached.body);
    }
    const data = taskFixture(fixturesRoot, definition.key, task.key);
    const saved = await call(server.app, 'POST', task.save.path, {
      token: user.token,
      body: { application_id: applicationId, ...data },
    });
    if (saved.status >= 300) throw refused(saved.body);
    return;
  }
  throw new Error(`${where}: a submission is not a step after 'submitted'`);
}
