/**
 * What a webhook subscription may ask for, and what a transition is to it: every row of a service's
 * table is an event `application.<row name>`; two labels group rows across services: `submitted` (a
 * row the applicant takes by submitting: submit, resubmit) and `decided` (a row reaching a status no
 * row leaves, engine/core `decidedStatuses`). `*` asks for every row.
 */
import { decidedStatuses, transitionsOf, type ServiceDefinition, type Transition } from '../../engine/core';

/** Every event, in `services` and `events` alike. */
export const EVERY_EVENT = '*';

/** The labels a subscription may list beside the rows' names. */
export const EVENT_LABELS = { submitted: 'submitted', decided: 'decided' } as const;

/** The event names a subscription following `definition` may list: `*`, the labels, its rows' names. */
export function eventNamesOf(definition: ServiceDefinition): string[] {
  return [
    EVERY_EVENT,
    EVENT_LABELS.submitted,
    EVENT_LABELS.decided,
    ...new Set(transitionsOf(definition).map((row) => row.name)),
  ];
}

/** The labels `row` of `definition` carries: `submitted` for a submission, `decided` for a decision. */
export function eventLabels(definition: ServiceDefinition, row: Pick<Transition, 'via' | 'to'>): string[] {
  return [
    ...(row.via === 'submit' ? [EVENT_LABELS.submitted] : []),
    ...(decidedStatuses(definition).has(row.to) ? [EVENT_LABELS.decided] : []),
  ];
}

/** Whether `subscription` wants to hear of `row` taken on an application of `definition`. */
export function wants(
  subscription: { services: readonly string[]; events: readonly string[] },
  definition: ServiceDefinition,
  row: Pick<Transition, 'name' | 'via' | 'to'>,
): boolean {
  if (!subscription.services.includes(EVERY_EVENT) && !subscription.services.includes(definition.key)) return false;
  const names = [EVERY_EVENT, row.name, ...eventLabels(definition, row)];
  return subscription.events.some((event) => names.includes(event));
}
