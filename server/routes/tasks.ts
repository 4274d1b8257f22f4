/**
 * The saves of the applicant tasks (`tasks[].save` of service.json; an extension of the contract,
 * which does not show the firm/expert details call): `POST <save.path>` with `application_id` and the
 * task's form data. Only the applicant's own application, only while the task is open (its `when`),
 * only with its required uploads; the data is judged as a submit call's is (../submissions/judge.ts:
 * its widgets' checks, then the task's schema with the same messages as the portal, only the fields it
 * shows kept). The data becomes the application's record `save.record` (the one persist
 * step's upsert), and the task's transition (`save.transition`, `via: "task"`) is taken by the one
 * executor: back to the authority, with its comment in its history. The routes are drawn from the
 * current and kept definitions' tasks whose tables take them (a row `via: "task"` of the task's
 * transition); the application a save names says whose task (and which version) judges it.
 */
import type { FastifyInstance } from 'fastify';
import {
  allTasks,
  definedProperties,
  formFieldNotes,
  lookupBindings,
  taskForm,
  taskSlots,
  transitionsOf,
  type ApplicantTask,
  type JsonSchema,
  type LookupBinding,
  type ServiceDefinition,
} from '../../engine/core';
import { openTasksOf } from '../applicant-tasks';
import type { Transaction } from 'kysely';
import { definitionOfStored, lockApplication, missingUploadErrors, ownedApplication } from '../applications-store';
import type { Application, Database } from '../db/tables';
import { performTransition } from '../transitions/execute';
import type { AppContext } from '../context';
import { lookupMatchers } from '../submissions/lookup-names';
import { upsertRecord } from '../submissions/persist';
import { answersDocument, appendAnswersChange } from '../trail/answers';
import { judgeFormData } from '../submissions/judge';
import { bodySchema, rowId } from '../field-rules';
import { pathParams, typed } from '../route-schemas';
import { answers } from '../contract/answers';
import { taskSavedSchema } from '../contract/lifecycle';
import { HttpError, notFound, ok, ValidationError } from '../http';

/** The body of a task's save: the application it is of, and the task's form fields (documented only). */
function taskBody(forms: readonly JsonSchema[]) {
  const body = bodySchema({ application_id: rowId() }, ['application_id']);
  const fields = Object.assign({}, ...forms.map((form) => formFieldNotes(form))) as Record<string, JsonSchema>;
  return { ...body, properties: { ...fields, ...body.properties } };
}

export const TASK_CLOSED = 'This application is not waiting for these details.';

/** A task that may answer a save route, with what judging its data needs. */
interface TaskCandidate {
  definition: ServiceDefinition;
  task: ApplicantTask;
  declared: string[];
  bindings: LookupBinding[];
}

/**
 * The tasks of the current and kept definitions by the path they save at; a task whose transition
 * its table does not take (no row `via: "task"` of its name) has no route. The application a save
 * names says whose task it is (its service, in the version that judges it).
 */
function tasksByPath(ctx: AppContext): Map<string, TaskCandidate[]> {
  const byPath = new Map<string, TaskCandidate[]>();
  for (const { definition, task } of allTasks([...ctx.definitions, ...ctx.archived])) {
    const name = task.save.transition;
    if (name && !transitionsOf(definition).some((row) => row.name === name && row.via === 'task')) continue;
    const candidates = byPath.get(task.save.path) ?? [];
    candidates.push({
      definition,
      task,
      declared: [...definedProperties(task.formSchema).keys()],
      bindings: lookupBindings(taskForm(definition, task)),
    });
    byPath.set(task.save.path, candidates);
  }
  return byPath;
}

export function taskRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const matchers = lookupMatchers(ctx);

  for (const [path, candidates] of tasksByPath(ctx)) {
    const records = [...new Set(candidates.map((candidate) => candidate.task.save.record))];
    // Registered and judged as a submit call that saves a form is (submissions.ts).
    typed(app).post(
      `/${path}`,
      {
        schema: {
          params: pathParams(`/${path}`),
          // The application the task is of; the form's own fields (documented from the task's form) are
          // judged by the task's schema below, once the application has chosen the task.
          body: taskBody(candidates.map((candidate) => candidate.task.formSchema)),
          response: answers({ 200: taskSavedSchema(...records) }),
        },
      },
      async (request, reply) => {
        const { application_id: applicationId } = request.body;
        const owned = await ownedApplication(db, request.clientId, Number(applicationId));
        const judge = definitionOfStored(ctx, owned);
        const candidate = candidates.find(
          (c) => c.definition.id === owned.service_id && c.definition.version === judge?.version,
        );
        if (!candidate) throw notFound('Application not found');
        const { definition, task, declared, bindings } = candidate;
        // Only what the task's schema declares is judged, and only what its form shows is kept.
        const sent = Object.fromEntries(Object.entries(request.body).filter(([key]) => declared.includes(key)));
        const data = await judgeFormData(
          { db, matchers, schema: task.formSchema, bindings, keepShownOnly: true, clientId: request.clientId },
          sent,
        );

        // The door's own work, under the application's lock: the task is open, its uploads are there,
        // its record is kept.
        const keepRecord = async (trx: Transaction<Database>, locked: Application) => {
          const open = await openTasksOf(trx, definition, locked);
          if (!open.some((candidate) => candidate.key === task.key)) throw new HttpError(409, TASK_CLOSED);
          const missing = await missingUploadErrors(trx, locked.id, taskSlots(task));
          if (missing.length > 0) throw new ValidationError(missing);
          const before = await answersDocument(trx, locked.id);
          await upsertRecord(trx, locked.id, task.save.record, data);
          await appendAnswersChange(trx, locked.id, before, { actor: 'applicant' });
        };
        const moved = task.save.transition
          ? (
              await performTransition(
                ctx,
                owned.id,
                {
                  by: 'applicant',
                  via: ['task'],
                  name: task.save.transition,
                  owner: request.clientId,
                  actor: 'applicant',
                },
                keepRecord,
              )
            ).to
          : await db.transaction().execute(async (trx) => {
              const locked = await lockApplication(trx, ctx.dialect, owned.id);
              if (!locked) throw notFound('Application not found');
              await keepRecord(trx, locked);
              return locked.status_id;
            });
        return ok(reply, { id: owned.id, application_status_id: moved, [task.save.record]: data });
      },
    );
  }
}
