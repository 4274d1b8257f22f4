/**
 * The loader's checks of a service's `lifecycle` beyond its meta-schema, on the table as written and
 * as resolved (transitions.ts): the platform's base is included, each row is taken by the one its
 * `via` is for, what a row names exists (facts, documents, a task's transition), a status an action
 * reaches is reached only through actions, every status is reached by some path from `submitted`
 * (lifecycle-paths.ts), conditions name statuses by key, only staff rows name a role or four eyes
 * (`separateFrom`, naming transitions of the service), and the e-mails of the statuses and rows
 * name only the values an e-mail is written with.
 */
import type { JsonSchema, Lifecycle, ServiceDefinitionFile, StatusEmail } from './definition-types';
import { pointerOf, type Report } from './definition-problems';
import { factsNamedIn } from './lifecycle';
import { unreachableStatuses } from './lifecycle-paths';
import { emailPlaceholders, STATUS_EMAIL_VALUES } from './status-emails';
import { STATUS } from './status-presentation';
import { statusId, statusKey } from './transitions';
import { isRecord } from './value-path';

/** Who takes a row of each `via`. */
const ACTOR_OF_VIA = { submit: 'applicant', decision: 'applicant', task: 'applicant', move: 'staff', action: 'staff' };

/** Where an applicant task may hand an application: back to the authority, never a decision. */
const TASK_TARGETS = ['submitted', 'under-review'];

/** True when a condition names the stored status id instead of the status's key. */
function namesStatusId(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(namesStatusId);
  if (!isRecord(schema)) return false;
  return Object.entries(schema).some(([key, value]) => key === 'application_status_id' || namesStatusId(value));
}

/** Reports the problems of the lifecycle of `file` (resolved as `lifecycle`), in `serviceFile`. */
export function checkLifecycle(
  file: Pick<ServiceDefinitionFile, 'lifecycle' | 'tasks' | 'workQueues'>,
  lifecycle: Lifecycle,
  serviceFile: string,
  report: Report,
): void {
  const written = file.lifecycle;
  const at = (...segments: Array<string | number>) => pointerOf('lifecycle', ...segments);
  const definition = { lifecycle };
  if (statusId(definition, 'draft') !== STATUS.draft || statusId(definition, 'submitted') !== STATUS.submitted)
    report(serviceFile, at('includes'), "the lifecycle includes the platform's base: ../platform/lifecycle.json");
  const facts = new Set(Object.keys(written?.facts ?? {}));
  const fact = (name: string, pointer: string) => {
    if (!facts.has(name)) report(serviceFile, pointer, `names fact '${name}', which lifecycle.facts does not declare`);
  };

  checkEmails(written, lifecycle, serviceFile, report);

  const documents = new Set<string>();
  const actionTargets = new Set<number>();
  (written?.transitions ?? []).forEach((row, i) => {
    const resolved = lifecycle.transitions.find(
      (candidate) => candidate.name === row.name && candidate.via === row.via,
    );
    if (row.by !== ACTOR_OF_VIA[row.via])
      report(
        serviceFile,
        at('transitions', i, 'by'),
        `a transition via '${row.via}' is taken by ${ACTOR_OF_VIA[row.via]}`,
      );
    if (row.via === 'task' && !TASK_TARGETS.includes(row.to))
      report(
        serviceFile,
        at('transitions', i, 'to'),
        `a task hands the application back: ${TASK_TARGETS.join(' or ')}`,
      );
    if ((row.document || row.text) && row.via !== 'action')
      report(serviceFile, at('transitions', i, 'via'), 'a transition that takes a document or a text is an action');
    if (row.via === 'action' && resolved) actionTargets.add(resolved.to);
    if ((row.answer !== undefined) !== (row.via === 'decision'))
      report(serviceFile, at('transitions', i, 'answer'), 'a decision (and only a decision) answers true or false');
    if (row.reason && row.via !== 'decision')
      report(serviceFile, at('transitions', i, 'reason'), 'only a decision asks for a reason');
    for (const [name, value] of Object.entries(row.sets ?? {})) {
      fact(name, at('transitions', i, 'sets', name));
      if (typeof value === 'string' && value.includes('{text}') && !row.text)
        report(serviceFile, at('transitions', i, 'sets', name), "'{text}' needs the transition's text (text)");
    }
    if (row.document) {
      if (documents.has(row.document.description))
        report(
          serviceFile,
          at('transitions', i, 'document', 'description'),
          'another action files a document of this name',
        );
      documents.add(row.document.description);
      if (row.document.dashboardWhenSet)
        fact(row.document.dashboardWhenSet, at('transitions', i, 'document', 'dashboardWhenSet'));
    }
    if (namesStatusId(row.when)) report(serviceFile, at('transitions', i, 'when'), STATUS_BY_KEY);
  });
  checkPolicy(written, lifecycle, serviceFile, report);
  lifecycle.transitions.forEach((row) => {
    if (row.via === 'move' && actionTargets.has(row.to)) {
      const index = (written?.transitions ?? []).findIndex((candidate) => candidate.name === row.name);
      report(
        serviceFile,
        index >= 0 ? at('transitions', index, 'to') : at('includes'),
        `status '${statusKey(definition, row.to)}' is reached by an action (what it carries is needed): a plain move may not reach it`,
      );
    }
  });

  checkReach(written, lifecycle, serviceFile, report);

  (written?.blocks ?? []).forEach((block, i) => {
    if (block.document && !documents.has(block.document))
      report(serviceFile, at('blocks', i, 'document'), `no action files a document '${block.document}'`);
    for (const name of block.text ? factsNamedIn(block.text) : []) fact(name, at('blocks', i, 'text'));
    if (namesStatusId(block.when)) report(serviceFile, at('blocks', i, 'when'), STATUS_BY_KEY);
  });

  const kinds = new Set<string>();
  (written?.reviewDocuments ?? []).forEach((document, i) => {
    if (kinds.has(document.kind))
      report(serviceFile, at('reviewDocuments', i, 'kind'), `kind '${document.kind}' is declared twice`);
    kinds.add(document.kind);
    if (documents.has(document.description))
      report(serviceFile, at('reviewDocuments', i, 'description'), 'an action files a document of this name');
    documents.add(document.description);
  });

  if (written?.decision) fact(written.decision.text, at('decision', 'text'));

  (file.tasks ?? []).forEach((task, i) => {
    const name = task.save.transition;
    if (name && !lifecycle.transitions.some((row) => row.name === name && row.via === 'task'))
      report(
        serviceFile,
        pointerOf('tasks', i, 'save', 'transition'),
        `no transition '${name}' via "task" in the lifecycle`,
      );
    if (namesStatusId(task.when)) report(serviceFile, pointerOf('tasks', i, 'when'), STATUS_BY_KEY);
  });
  (file.workQueues?.queues ?? []).forEach((queue, i) => {
    if (namesStatusId(queue.when as JsonSchema))
      report(serviceFile, pointerOf('workQueues', 'queues', i, 'when'), STATUS_BY_KEY);
  });
}

/**
 * Reports what a row says of who takes it that cannot hold: a `role` or `separateFrom` on an
 * applicant's row (the staff policy judges staff only), and a `separateFrom` naming no transition of
 * the service (four eyes that would never refuse anyone). An included file's row is reported at the
 * include.
 */
function checkPolicy(
  written: ServiceDefinitionFile['lifecycle'],
  lifecycle: Lifecycle,
  serviceFile: string,
  report: Report,
): void {
  const names = [...new Set(lifecycle.transitions.map((row) => row.name))];
  const ownRows = written?.transitions ?? [];
  const includedRows = lifecycle.transitions.slice(0, lifecycle.transitions.length - ownRows.length);
  const rows = [
    ...includedRows.map((row) => ({ row, at: (): string => pointerOf('lifecycle', 'includes') })),
    ...ownRows.map((row, i) => ({
      row,
      at: (...segments: Array<string | number>) => pointerOf('lifecycle', 'transitions', i, ...segments),
    })),
  ];
  for (const { row, at } of rows) {
    if (row.by !== 'staff') {
      if (row.role !== undefined)
        report(serviceFile, at('role'), "only a staff row names the role that takes it: remove 'role'");
      if (row.separateFrom !== undefined)
        report(serviceFile, at('separateFrom'), "only a staff row keeps four eyes: remove 'separateFrom'");
    }
    (row.separateFrom ?? []).forEach((name, j) => {
      if (!names.includes(name))
        report(
          serviceFile,
          at('separateFrom', j),
          `names transition '${name}', which the service's table does not have: name one of ${names.join(', ')}, or remove it`,
        );
    });
  }
}

/**
 * Reports a status no path from `submitted` reaches: no application could ever be at it, so its
 * label, e-mail and blocks would be dead text, and the walk of the lifecycle's tests could not reach
 * it. Reported at the own status (the included base's at `includes`).
 */
function checkReach(
  written: ServiceDefinitionFile['lifecycle'],
  lifecycle: Lifecycle,
  serviceFile: string,
  report: Report,
): void {
  const own = written?.statuses ?? [];
  for (const id of unreachableStatuses(lifecycle)) {
    const key = statusKey({ lifecycle }, id);
    const index = own.findIndex((status) => status.key === key);
    report(
      serviceFile,
      index >= 0 ? pointerOf('lifecycle', 'statuses', index) : pointerOf('lifecycle', 'includes'),
      `status '${key}' is reached by no transition from 'submitted': add a row of lifecycle.transitions to it from a status that is reached, or remove it`,
    );
  }
}

/**
 * Reports a placeholder of the e-mails of the lifecycle (its statuses' and its rows', the included
 * base's too, at `includes`) that is not a value an e-mail is written with, or is written `{{name}}`:
 * it would reach the applicant as it is.
 */
function checkEmails(
  written: ServiceDefinitionFile['lifecycle'],
  lifecycle: Lifecycle,
  serviceFile: string,
  report: Report,
): void {
  const at = (...segments: Array<string | number>) => pointerOf('lifecycle', ...segments);
  const ownStatuses = written?.statuses ?? [];
  const ownKeys = new Set(ownStatuses.map((status) => status.key));
  const ownRows = written?.transitions ?? [];
  const includedRows = lifecycle.transitions.slice(0, lifecycle.transitions.length - ownRows.length);
  ownStatuses.forEach((status, i) => checkEmail(status.email, at('statuses', i, 'email'), serviceFile, report));
  ownRows.forEach((row, i) => checkEmail(row.email, at('transitions', i, 'email'), serviceFile, report));
  for (const status of lifecycle.allStatuses)
    if (!ownKeys.has(status.key)) checkEmail(status.email, at('includes'), serviceFile, report);
  for (const row of includedRows) checkEmail(row.email, at('includes'), serviceFile, report);
}

/** The placeholders an e-mail may name, as the fix lists them. */
const EMAIL_VALUES = STATUS_EMAIL_VALUES.map((name) => `{${name}}`).join(', ');

function checkEmail(email: StatusEmail | false | undefined, base: string, serviceFile: string, report: Report): void {
  if (!email) return;
  const texts: Array<[string, string]> = [
    [`${base}/subject`, email.subject],
    ...email.paragraphs.map((paragraph, j): [string, string] => [`${base}/paragraphs/${j}`, paragraph]),
    [`${base}/linkLabel`, email.linkLabel],
  ];
  // An included file's problem is reported at the include: one pointer for all of its texts.
  const pointer = (own: string) => (base.endsWith('/includes') ? base : own);
  for (const [where, text] of texts) {
    for (const match of text.matchAll(/\{\{\s*(\w+)\s*\}\}/g))
      report(serviceFile, pointer(where), `write the placeholder '${match[0]}' as {${match[1] ?? ''}}`);
    for (const name of emailPlaceholders(text.replace(/\{\{\s*\w+\s*\}\}/g, '')))
      if (!(STATUS_EMAIL_VALUES as readonly string[]).includes(name))
        report(
          serviceFile,
          pointer(where),
          `an e-mail is written with ${EMAIL_VALUES} only, not '{${name}}': use one of them or write the text out`,
        );
  }
}

/** Why a condition naming `application_status_id` is refused. */
export const STATUS_BY_KEY = "name the status by its key ('status'), not by its id ('application_status_id')";
