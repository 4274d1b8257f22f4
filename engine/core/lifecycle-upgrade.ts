/**
 * Reads a service file written before the transition table (a kept version, `versions/<n>.json`, or
 * an analyst's older file) as the table's format: statuses get keys, `staffMoves`, `actions`,
 * `decision.accept/deny` and `tasks[].save.status` become rows of `lifecycle.transitions`, conditions
 * name statuses by key (`status`), the platform's base is included, and the texts' `{{name}}`,
 * `$today` and `$text` become `{name}`, `{today}` and `{text}`. A file in the table's format is
 * returned as it is. The loader applies it before it checks a file; `npm run services:upgrade`
 * writes the result back.
 */
import { isRecord } from './value-path';

type Json = Record<string, unknown>;

/** The platform's statuses by id, with their keys (services/platform/lifecycle.json). */
export const PLATFORM_STATUS_KEYS: Readonly<Record<number, string>> = {
  1: 'draft',
  2: 'submitted',
  3: 'under-review',
  5: 'department-approved',
  6: 'approved',
  7: 'returned',
  9: 'rejected',
  10: 'propose-to-approve',
};

/** The name of the platform's move to each status (the base file's rows). */
const MOVE_TO: Readonly<Record<number, string>> = {
  3: 'review',
  5: 'approve-in-department',
  6: 'approve',
  7: 'return',
  9: 'reject',
  10: 'propose-approval',
};

/** The base every service includes, relative to a service's own folder. */
export const PLATFORM_LIFECYCLE_REF = '../platform/lifecycle.json';
/** The base's key in the files map. */
export const PLATFORM_LIFECYCLE_FILE = 'platform/lifecycle.json';

/** Whether `file` (a service.json's content) is written before the transition table. */
export function needsLifecycleUpgrade(file: unknown): boolean {
  if (!isRecord(file)) return false;
  const lifecycle = file.lifecycle;
  return !isRecord(lifecycle) || !Array.isArray(lifecycle.includes);
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** `{{name}}` placeholders written `{name}`. */
export function singleBraces(text: string): string {
  return text.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, '{$1}');
}

function mapTexts(value: unknown): unknown {
  if (typeof value === 'string') return singleBraces(value);
  if (Array.isArray(value)) return value.map(mapTexts);
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, mapTexts(inner)]));
  return value;
}

/** A condition with `application_status_id` (a const or an enum of ids) rewritten as `status` (keys). */
function keyedCondition(schema: unknown, keyOf: (id: number) => string): unknown {
  if (Array.isArray(schema)) return schema.map((item) => keyedCondition(item, keyOf));
  if (!isRecord(schema)) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && isRecord(value)) {
      const properties: Json = {};
      for (const [name, property] of Object.entries(value))
        if (name === 'application_status_id') properties.status = keyedIds(property, keyOf);
        else properties[name] = keyedCondition(property, keyOf);
      out[key] = properties;
    } else if (key === 'required' && Array.isArray(value))
      out[key] = value.map((name) => (name === 'application_status_id' ? 'status' : name));
    else out[key] = keyedCondition(value, keyOf);
  }
  return out;
}

/** A schema of the status id (`const`, `enum`, `not`...) as one of its key. */
function keyedIds(schema: unknown, keyOf: (id: number) => string): unknown {
  if (!isRecord(schema)) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'const' && typeof value === 'number') out[key] = keyOf(value);
    else if (key === 'enum' && Array.isArray(value))
      out[key] = value.map((item) => (typeof item === 'number' ? keyOf(item) : item));
    else out[key] = isRecord(value) || Array.isArray(value) ? keyedIds(value, keyOf) : value;
  }
  return out;
}

/** The ids a task's condition opens it at (its `application_status_id` const or enum). */
function idsOfCondition(schema: unknown): number[] {
  if (!isRecord(schema)) return [];
  const property = isRecord(schema.properties) ? schema.properties.application_status_id : undefined;
  if (isRecord(property)) {
    if (typeof property.const === 'number') return [property.const];
    if (Array.isArray(property.enum)) return property.enum.filter((item): item is number => typeof item === 'number');
  }
  return [];
}

/** `file` in the table's format (see the module's comment); the file itself when it is already. */
export function upgradeLifecycle(file: Json): Json {
  if (!needsLifecycleUpgrade(file)) return file;
  const old = isRecord(file.lifecycle) ? file.lifecycle : {};
  const statuses = Array.isArray(old.statuses) ? old.statuses.filter(isRecord) : [];
  const keys = new Map<number, string>(Object.entries(PLATFORM_STATUS_KEYS).map(([id, key]) => [Number(id), key]));
  for (const status of statuses)
    if (typeof status.id === 'number')
      keys.set(status.id, slug(String(status.label ?? status.id)) || `status-${status.id}`);
  const keyOf = (id: number) => keys.get(id) ?? `status-${id}`;
  const keysOf = (ids: unknown) => (Array.isArray(ids) ? ids.map((id) => keyOf(Number(id))) : []);

  const transitions: Json[] = [];
  for (const status of statuses) {
    const moves = Array.isArray(status.staffMoves) ? status.staffMoves : [];
    for (const to of moves) {
      const name = MOVE_TO[Number(to)];
      if (name)
        transitions.push({ name, from: [keyOf(Number(status.id))], to: keyOf(Number(to)), by: 'staff', via: 'move' });
    }
  }
  for (const action of Array.isArray(old.actions) ? old.actions.filter(isRecord) : []) {
    const { to, from, sets, ...rest } = action;
    const written: Json = { ...rest, from: keysOf(from), to: keyOf(Number(to)), by: 'staff', via: 'action' };
    if (isRecord(sets))
      written.sets = Object.fromEntries(
        Object.entries(sets).map(([name, value]) => [
          name,
          value === '$today' ? '{today}' : value === '$text' ? '{text}' : value,
        ]),
      );
    transitions.push(written);
  }
  const decision = isRecord(old.decision) ? old.decision : undefined;
  if (decision) {
    const at = [keyOf(Number(decision.status))];
    const accept = isRecord(decision.accept) ? decision.accept : {};
    const deny = isRecord(decision.deny) ? decision.deny : {};
    transitions.push({
      name: 'accept',
      from: at,
      to: keyOf(Number(accept.status)),
      by: 'applicant',
      via: 'decision',
      answer: true,
      ...(typeof accept.comment === 'string' ? { comment: accept.comment } : {}),
    });
    transitions.push({
      name: 'deny',
      from: at,
      to: keyOf(Number(deny.status)),
      by: 'applicant',
      via: 'decision',
      answer: false,
      reason: { field: 'applicant_reject_comment', requiredMessage: 'Please provide a reason for rejection.' },
    });
  }
  const tasks = Array.isArray(file.tasks)
    ? file.tasks.filter(isRecord).map((task) => {
        const save = isRecord(task.save) ? task.save : {};
        const { status, comment, ...kept } = save;
        const when = keyedCondition(task.when, keyOf);
        if (typeof status !== 'number') return { ...task, when, save: kept };
        const name = `send-${String(task.key)}`;
        const from = idsOfCondition(task.when);
        transitions.push({
          name,
          from: from.length > 0 ? from.map(keyOf) : ['submitted'],
          to: keyOf(status),
          by: 'applicant',
          via: 'task',
          ...(typeof comment === 'string' ? { comment } : {}),
        });
        return { ...task, when, save: { ...kept, transition: name } };
      })
    : undefined;

  const lifecycle: Json = { includes: [{ $ref: PLATFORM_LIFECYCLE_REF }] };
  if (old.facts) lifecycle.facts = old.facts;
  if (statuses.length > 0)
    lifecycle.statuses = statuses.map(({ staffMoves: _moves, id, ...rest }) => ({
      key: keyOf(Number(id)),
      id,
      ...(mapTexts(rest) as Json),
    }));
  if (transitions.length > 0) lifecycle.transitions = transitions;
  if (Array.isArray(old.blocks))
    lifecycle.blocks = old.blocks.map((block) =>
      isRecord(block) ? { ...(mapTexts(block) as Json), when: keyedCondition(block.when, keyOf) } : block,
    );
  if (decision) lifecycle.decision = { text: decision.text };
  if (old.reviewDocuments) lifecycle.reviewDocuments = old.reviewDocuments;

  const upgraded: Json = { ...file, lifecycle };
  if (tasks) upgraded.tasks = tasks;
  if (isRecord(file.workQueues) && Array.isArray(file.workQueues.queues))
    upgraded.workQueues = {
      ...file.workQueues,
      queues: file.workQueues.queues.map((queue) =>
        isRecord(queue) ? { ...queue, when: keyedCondition(queue.when, keyOf) } : queue,
      ),
    };
  return upgraded;
}
