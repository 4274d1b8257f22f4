/**
 * The lifecycle's transition table, read in one place for the portal, the server and the staff
 * command. A service's `lifecycle` includes the platform's base (`services/platform/lifecycle.json`:
 * the platform's statuses and moves, spec 01 section 4) and adds its own statuses and transitions;
 * statuses are named by key in the files and resolved here to the ids applications store. Every
 * status change of an application is one row of this table, taken by the server's one executor
 * (server/transitions/execute.ts).
 */
import type {
  Lifecycle,
  LifecycleDecision,
  LifecycleFile,
  LifecycleStatus,
  LifecycleStatusFile,
  ServiceDefinition,
  Transition,
  TransitionActor,
  TransitionFile,
  TransitionVia,
} from './definition-types';
import { pointerOf, type Report } from './definition-problems';

type WithLifecycle = Pick<ServiceDefinition, 'lifecycle'>;

/** The statuses and transitions of `file`'s includes, depth first, then its own (with where each was written). */
function flatten(file: LifecycleFile): {
  statuses: Array<{ status: LifecycleStatusFile; own: boolean; index: number }>;
  transitions: Array<{ transition: TransitionFile; own: boolean; index: number }>;
} {
  const statuses: Array<{ status: LifecycleStatusFile; own: boolean; index: number }> = [];
  const transitions: Array<{ transition: TransitionFile; own: boolean; index: number }> = [];
  for (const included of file.includes ?? []) {
    const inner = flatten(included);
    statuses.push(...inner.statuses.map((entry) => ({ ...entry, own: false })));
    transitions.push(...inner.transitions.map((entry) => ({ ...entry, own: false })));
  }
  (file.statuses ?? []).forEach((status, index) => statuses.push({ status, own: true, index }));
  (file.transitions ?? []).forEach((transition, index) => transitions.push({ transition, own: true, index }));
  return { statuses, transitions };
}

/**
 * The lifecycle as written, resolved: every status (the included first), the service's own with their
 * presentation, the transitions with status ids, the decision read from the `via: "decision"` rows.
 * Reports (in `serviceFile`) a status declared twice, a key no status has, an own status without its
 * presentation, rows of one name that disagree (on to, by, via or label), a decision without both
 * answers. Rows of one name without a label take the one another row of that name writes.
 */
export function resolveLifecycle(file: LifecycleFile | undefined, serviceFile: string, report: Report): Lifecycle {
  const { statuses, transitions } = flatten(file ?? {});
  const at = (...segments: Array<string | number>) => pointerOf('lifecycle', ...segments);
  const byKey = new Map<string, LifecycleStatusFile>();
  const ids = new Set<number>();
  const own: LifecycleStatus[] = [];
  for (const { status, own: isOwn, index } of statuses) {
    const where = isOwn ? at('statuses', index) : at('includes');
    if (byKey.has(status.key)) report(serviceFile, where, `status '${status.key}' is declared twice`);
    else if (ids.has(status.id)) report(serviceFile, where, `status id ${status.id} is declared twice`);
    byKey.set(status.key, status);
    ids.add(status.id);
    if (!isOwn) continue;
    if (status.label && status.colour && status.next) own.push(status as LifecycleStatus);
    else report(serviceFile, where, "a service's own status needs its label, colour and next");
  }
  const idOf = (key: string, pointer: string): number => {
    const status = byKey.get(key);
    if (!status) report(serviceFile, pointer, `names status '${key}', which no lifecycle declares`);
    return status?.id ?? -1;
  };
  const resolved: Transition[] = [];
  const first = new Map<string, TransitionFile>();
  // A verb has one label: written on one of its rows (the platform's, usually), read on all.
  const labels = new Map<string, string>();
  for (const { transition, own: isOwn, index } of transitions) {
    const pointer = (...rest: Array<string | number>) =>
      isOwn ? at('transitions', index, ...rest) : at('includes', ...rest);
    const same = first.get(transition.name);
    if (same && (same.to !== transition.to || same.by !== transition.by || same.via !== transition.via))
      report(serviceFile, pointer('name'), `rows named '${transition.name}' must share to, by and via`);
    const label = labels.get(transition.name);
    if (label !== undefined && transition.label !== undefined && transition.label !== label)
      report(serviceFile, pointer('label'), `rows named '${transition.name}' share one label: '${label}' is written`);
    if (!same) first.set(transition.name, transition);
    if (label === undefined && transition.label !== undefined) labels.set(transition.name, transition.label);
    resolved.push({
      ...transition,
      from: transition.from.map((key, j) => idOf(key, pointer('from', j))),
      to: idOf(transition.to, pointer('to')),
    });
  }
  const labelled = resolved.map((row) => {
    const label = labels.get(row.name);
    return label === undefined || row.label !== undefined ? row : { ...row, label };
  });
  return {
    ...(file?.facts ? { facts: file.facts } : {}),
    allStatuses: [...byKey.values()],
    statuses: own,
    transitions: labelled,
    ...(file?.blocks ? { blocks: file.blocks } : {}),
    ...(file?.reviewDocuments ? { reviewDocuments: file.reviewDocuments } : {}),
    ...decisionOf(file, labelled, serviceFile, report),
  };
}

/** The applicant's decision, from its two answers (`via: "decision"`, `answer` true and false). */
function decisionOf(
  file: LifecycleFile | undefined,
  transitions: readonly Transition[],
  serviceFile: string,
  report: Report,
): { decision?: LifecycleDecision } {
  const answers = transitions.filter((transition) => transition.via === 'decision');
  if (answers.length === 0 && !file?.decision) return {};
  const accept = answers.find((transition) => transition.answer === true);
  const deny = answers.find((transition) => transition.answer === false);
  if (!file?.decision || !accept || !deny || answers.length !== 2 || accept.from.join() !== deny.from.join()) {
    report(
      serviceFile,
      pointerOf('lifecycle', 'decision'),
      'a decision is lifecycle.decision (its text) and two transitions via "decision" from the same status: answer true and answer false',
    );
    return {};
  }
  return { decision: { status: accept.from[0] ?? -1, text: file.decision.text, accept, deny } };
}

/** Every transition of the service, the platform's first. */
export function transitionsOf(definition: WithLifecycle | undefined): readonly Transition[] {
  return definition?.lifecycle?.transitions ?? [];
}

/** Every status of the service with its key. */
export function statusesOf(definition: WithLifecycle | undefined): readonly LifecycleStatusFile[] {
  return definition?.lifecycle?.allStatuses ?? [];
}

/** The key of status `id` in the service (`#<id>` for one it does not declare). */
export function statusKey(definition: WithLifecycle | undefined, id: number): string {
  return statusesOf(definition).find((status) => status.id === id)?.key ?? `#${id}`;
}

/** The id of status `key` in the service, if it declares it. */
export function statusId(definition: WithLifecycle | undefined, key: string): number | undefined {
  return statusesOf(definition).find((status) => status.key === key)?.id;
}

/** The transition named `name` that may be taken at status `from`, if any. */
export function transitionAt(
  definition: WithLifecycle | undefined,
  name: string,
  from: number,
): Transition | undefined {
  return transitionsOf(definition).find((transition) => transition.name === name && transition.from.includes(from));
}

/** The rows of the table named `name`. */
export function transitionsNamed(definition: WithLifecycle | undefined, name: string): readonly Transition[] {
  return transitionsOf(definition).filter((transition) => transition.name === name);
}

/** The transitions `by` may take at status `from` (`via` one of `vias` when given). */
export function transitionsFrom(
  definition: WithLifecycle | undefined,
  from: number,
  by: TransitionActor,
  vias?: readonly TransitionVia[],
): readonly Transition[] {
  return transitionsOf(definition).filter(
    (transition) => transition.by === by && transition.from.includes(from) && (!vias || vias.includes(transition.via)),
  );
}

/** The distinct names of the transitions `by` takes `via` one of `vias`, in table order. */
export function transitionNames(
  definition: WithLifecycle | undefined,
  by: TransitionActor,
  vias: readonly TransitionVia[],
): string[] {
  const names = transitionsOf(definition)
    .filter((transition) => transition.by === by && vias.includes(transition.via))
    .map((transition) => transition.name);
  return [...new Set(names)];
}

/**
 * The service's transition graph from its table alone, one line per row:
 * `submitted, under-review -> approved  approve (staff, move, approver, four eyes: not who took
 * propose-approval)`: who takes it, where, the least role that does and whose takers may not.
 */
export function transitionGraph(definition: WithLifecycle): string {
  return transitionsOf(definition)
    .map((transition) => {
      const from = transition.from.map((id) => statusKey(definition, id)).join(', ');
      const to = statusKey(definition, transition.to);
      const policy = [
        ...(transition.role ? [transition.role] : []),
        ...(transition.separateFrom ? [`four eyes: not who took ${transition.separateFrom.join(', ')}`] : []),
      ];
      return `${from} -> ${to}  ${transition.name} (${[transition.by, transition.via, ...policy].join(', ')})`;
    })
    .join('\n');
}

/**
 * The statuses that decide an application in the service's table: those some row reaches and no row
 * leaves (the platform's approval and rejection, a service's own end such as a withdrawal), read from
 * the table alone so that a service adding a way out of a status makes it no longer an end. A draft is
 * never one: no row reaches it.
 */
export function decidedStatuses(definition: WithLifecycle | undefined): ReadonlySet<number> {
  const rows = transitionsOf(definition);
  const left = new Set(rows.flatMap((row) => row.from));
  return new Set(rows.map((row) => row.to).filter((to) => !left.has(to)));
}
