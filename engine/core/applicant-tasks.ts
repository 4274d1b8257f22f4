/**
 * Applicant tasks (`tasks` of service.json): what the authority asks of the applicant after
 * submission, open while the task's `when` holds for the application's facts and the task's own
 * record (the audit's firm/expert details: in phase 2, at status 17, until a phone is saved). The
 * portal shows the open ones in the application's view; the server answers the same question before
 * it accepts a task's uploads and its save.
 */
import type { ApplicationFacts } from './application-facts';
import type { ApplicantTask, JsonSchema, ServiceDefinition } from './definition-types';
import { uploadSlots, type UploadSlot } from './required-documents';
import { versionedKey, type VersionedKeyParts } from './service-forms';

/** Answers whether data satisfies a JSON Schema (Ajv on the server, the precompiled validator in the page). */
export type Matches = (schema: JsonSchema, data: unknown) => boolean;

/**
 * The key a task's form is filed under for its validators: `<service key>~<task key>` (a variant's
 * form is `<service key>.<variant key>`).
 */
export function taskFormKey(definition: VersionedKeyParts, task: Pick<ApplicantTask, 'key'>): string {
  return `${versionedKey(definition)}~${task.key}`;
}

/** A task's form as the engine's forms take one: its key (naming its validators), schema and ui. */
export function taskForm(
  definition: Pick<ServiceDefinition, 'key'>,
  task: ApplicantTask,
): Pick<ServiceDefinition, 'key' | 'formSchema' | 'uiSchema'> {
  return { key: taskFormKey(definition, task), formSchema: task.formSchema, uiSchema: task.uiSchema };
}

/** What a task's `when` reads: the application's facts and the task's record (null until saved). */
export function taskFacts(facts: ApplicationFacts, task: ApplicantTask, record: unknown): Record<string, unknown> {
  return { ...facts, [task.save.record]: record ?? null };
}

/**
 * The tasks open for an application: those whose `when` holds for its facts and their record
 * (`recordOf` answers a task's saved data, or null).
 */
export function openTasks(
  definition: Pick<ServiceDefinition, 'tasks'>,
  facts: ApplicationFacts,
  recordOf: (task: ApplicantTask) => unknown,
  matches: Matches,
): ApplicantTask[] {
  return (definition.tasks ?? []).filter((task) => matches(task.when, taskFacts(facts, task, recordOf(task))));
}

/** The upload slots of a task: each of its uploads, with its own accepted kinds. */
export function taskSlots(task: Pick<ApplicantTask, 'uploads'>): UploadSlot[] {
  return uploadSlots({ documents: { accept: [], serviceAttachments: false, extra: task.uploads } }, [], {}, () => true);
}

/** Every task of the services, with its service. */
export function allTasks(
  definitions: readonly ServiceDefinition[],
): Array<{ definition: ServiceDefinition; task: ApplicantTask }> {
  return definitions.flatMap((definition) => (definition.tasks ?? []).map((task) => ({ definition, task })));
}
