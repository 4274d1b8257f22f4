/**
 * The loader's checks of a service's `lifecycle` beyond its meta-schema: what each part names exists
 * (facts, statuses, documents), an action's `$text` has a text to take, and each status is reached
 * by one action at most.
 */
import type { Lifecycle } from './definition-types';
import { pointerOf, type Report } from './definition-problems';
import { factsNamedIn } from './lifecycle';
import { STATUS } from './status-presentation';
import { UNDER_REVIEW_STATUS } from './status-transitions';

/** The platform's statuses (spec 01 section 4, and 3, under review): a service adds others. */
const PLATFORM_STATUSES = new Set<number>([...Object.values(STATUS), UNDER_REVIEW_STATUS]);

/** Reports the problems of `lifecycle` (in `serviceFile`). */
export function checkLifecycle(lifecycle: Lifecycle | undefined, serviceFile: string, report: Report): void {
  if (!lifecycle) return;
  const facts = new Set(Object.keys(lifecycle.facts ?? {}));
  const own = new Set<number>();
  const at = (...segments: Array<string | number>) => pointerOf('lifecycle', ...segments);
  const fact = (name: string, pointer: string) => {
    if (!facts.has(name)) report(serviceFile, pointer, `names fact '${name}', which lifecycle.facts does not declare`);
  };

  (lifecycle.statuses ?? []).forEach((status, i) => {
    if (PLATFORM_STATUSES.has(status.id))
      report(serviceFile, at('statuses', i, 'id'), `status ${status.id} is one of the platform's`);
    else if (own.has(status.id)) report(serviceFile, at('statuses', i, 'id'), `status ${status.id} is declared twice`);
    own.add(status.id);
  });
  const known = (id: number) => PLATFORM_STATUSES.has(id) || own.has(id);
  const status = (id: number, pointer: string) => {
    if (!known(id)) report(serviceFile, pointer, `status ${id} is neither the platform's nor in lifecycle.statuses`);
  };
  (lifecycle.statuses ?? []).forEach((declared, i) =>
    declared.staffMoves.forEach((id, j) => status(id, at('statuses', i, 'staffMoves', j))),
  );

  const names = new Set<string>();
  const reached = new Set<number>();
  const documents = new Set<string>();
  (lifecycle.actions ?? []).forEach((action, i) => {
    if (names.has(action.name))
      report(serviceFile, at('actions', i, 'name'), `action '${action.name}' is declared twice`);
    names.add(action.name);
    if (!own.has(action.to))
      report(
        serviceFile,
        at('actions', i, 'to'),
        `an action reaches one of the service's own statuses (lifecycle.statuses), not ${action.to}`,
      );
    else if (reached.has(action.to))
      report(serviceFile, at('actions', i, 'to'), `status ${action.to} is reached by another action already`);
    reached.add(action.to);
    action.from.forEach((id, j) => status(id, at('actions', i, 'from', j)));
    for (const [name, value] of Object.entries(action.sets ?? {})) {
      fact(name, at('actions', i, 'sets', name));
      if (value === '$text' && !action.text)
        report(serviceFile, at('actions', i, 'sets', name), "'$text' needs the action's text (text)");
    }
    if (action.document) {
      if (documents.has(action.document.description))
        report(
          serviceFile,
          at('actions', i, 'document', 'description'),
          'another action files a document of this name',
        );
      documents.add(action.document.description);
      if (action.document.dashboardWhenSet)
        fact(action.document.dashboardWhenSet, at('actions', i, 'document', 'dashboardWhenSet'));
    }
  });

  (lifecycle.blocks ?? []).forEach((block, i) => {
    if (block.document && !documents.has(block.document))
      report(serviceFile, at('blocks', i, 'document'), `no action files a document '${block.document}'`);
    for (const name of block.text ? factsNamedIn(block.text) : []) fact(name, at('blocks', i, 'text'));
  });

  const kinds = new Set<string>();
  (lifecycle.reviewDocuments ?? []).forEach((document, i) => {
    if (kinds.has(document.kind))
      report(serviceFile, at('reviewDocuments', i, 'kind'), `kind '${document.kind}' is declared twice`);
    kinds.add(document.kind);
    if (documents.has(document.description))
      report(serviceFile, at('reviewDocuments', i, 'description'), 'an action files a document of this name');
    documents.add(document.description);
  });

  const decision = lifecycle.decision;
  if (decision) {
    fact(decision.text, at('decision', 'text'));
    if (!own.has(decision.status))
      report(
        serviceFile,
        at('decision', 'status'),
        `the decision waits at one of the service's own statuses, not ${decision.status}`,
      );
    status(decision.accept.status, at('decision', 'accept', 'status'));
    status(decision.deny.status, at('decision', 'deny', 'status'));
  }
}
