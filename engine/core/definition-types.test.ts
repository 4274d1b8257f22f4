/**
 * The TypeScript types of the definition format (definition-types.ts) are tested against its
 * meta-schema (schemas/service-definition.schema.json): each object of the format has the same keys in
 * both, checked by the type checker (`npm run typecheck`, part of `npm test`) and, for the record, at
 * run time. A key added to one and not the other fails here.
 */
import { describe, expect, it } from 'vitest';
import metaSchema from '../../schemas/service-definition.schema.json';
import type {
  ApplicantTaskFile,
  ApplicantTaskMessages,
  ApplicantTaskSave,
  DocumentsStep,
  ExtraUpload,
  FormFiles,
  LifecycleActionDocument,
  LifecycleActionText,
  LifecycleBlock,
  LifecycleFact,
  LifecycleFile,
  LifecycleStatusFile,
  TransitionFile,
  TransitionReason,
  ServiceDefinitionFile,
  ServiceVariantFile,
  ServiceView,
  SubmitCall,
  ViewRow,
  WorkQueue,
  WorkQueues,
} from './definition-types';

/** True when A and B are the same union of keys, else a type error at the assignment. */
type SameKeys<A, B> = [Exclude<A, B>, Exclude<B, A>] extends [never, never]
  ? true
  : { onlyInSchema: Exclude<A, B>; onlyInType: Exclude<B, A> };

type Props<T> = T extends { properties: infer P } ? keyof P : never;
type Defs = (typeof metaSchema)['definitions'];
type Top = (typeof metaSchema)['properties'];
type LifecycleSchema = Top['lifecycle']['properties'];
type TransitionSchema = Defs['transition'];
type TaskSchema = Defs['applicantTask']['properties'];
type QueuesSchema = Top['workQueues'];

const checks = {
  service: true satisfies SameKeys<Props<typeof metaSchema>, keyof ServiceDefinitionFile>,
  task: true satisfies SameKeys<Props<Defs['applicantTask']>, keyof ApplicantTaskFile>,
  taskSave: true satisfies SameKeys<Props<TaskSchema['save']>, keyof ApplicantTaskSave>,
  taskMessages: true satisfies SameKeys<Props<TaskSchema['messages']>, keyof ApplicantTaskMessages>,
  extraUpload: true satisfies SameKeys<Props<Defs['extraUpload']>, keyof ExtraUpload>,
  submitCall: true satisfies SameKeys<Props<Defs['submitCall']>, keyof SubmitCall>,
  viewRow: true satisfies SameKeys<Props<Defs['viewRow']>, keyof ViewRow>,
  form: true satisfies SameKeys<Props<Defs['form']>, keyof FormFiles>,
  view: true satisfies SameKeys<Props<Defs['view']>, keyof ServiceView>,
  documents: true satisfies SameKeys<Props<Defs['documents']>, keyof DocumentsStep>,
  variant: true satisfies SameKeys<Props<Defs['variant']>, keyof ServiceVariantFile>,
  workQueues: true satisfies SameKeys<Props<QueuesSchema>, keyof WorkQueues>,
  workQueue: true satisfies SameKeys<Props<QueuesSchema['properties']['queues']['items']>, keyof WorkQueue>,
  lifecycle: true satisfies SameKeys<Props<Top['lifecycle']>, keyof LifecycleFile>,
  fact: true satisfies SameKeys<Props<LifecycleSchema['facts']['additionalProperties']>, keyof LifecycleFact>,
  status: true satisfies SameKeys<Props<Defs['lifecycleStatus']>, keyof LifecycleStatusFile>,
  transition: true satisfies SameKeys<Props<TransitionSchema>, keyof TransitionFile>,
  reason: true satisfies SameKeys<Props<TransitionSchema['properties']['reason']>, keyof TransitionReason>,
  actionDocument: true satisfies SameKeys<
    Props<TransitionSchema['properties']['document']>,
    keyof LifecycleActionDocument
  >,
  actionText: true satisfies SameKeys<Props<TransitionSchema['properties']['text']>, keyof LifecycleActionText>,
  block: true satisfies SameKeys<Props<LifecycleSchema['blocks']['items']>, keyof LifecycleBlock>,
  decision: true satisfies SameKeys<Props<LifecycleSchema['decision']>, keyof NonNullable<LifecycleFile['decision']>>,
};

describe('the format types', () => {
  it('have the keys of the meta-schema (checked by the type checker)', () => {
    expect(Object.values(checks).every((check) => check)).toBe(true);
  });

  it('read the same top-level keys at run time', () => {
    const keys = Object.keys(metaSchema.properties).sort();
    expect(keys).toContain('lifecycle');
    expect(keys).toContain('tasks');
  });
});
