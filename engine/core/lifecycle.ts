/**
 * The service's life after submission (`lifecycle` of service.json), read in one place for the
 * portal, the server and the staff command: the facts an application keeps, the statuses a service
 * adds to the platform's, the staff actions (transitions that carry a document or a text), the blocks
 * of the application's view. The transition table itself is read in transitions.ts.
 */
import type {
  LifecycleAction,
  LifecycleActionDocument,
  LifecycleBlock,
  LifecycleReviewDocument,
  LifecycleStatus,
  ServiceDefinition,
  Transition,
} from './definition-types';
import { fillPlaceholders, placeholdersOf } from './placeholders';

type WithLifecycle = Pick<ServiceDefinition, 'lifecycle'>;

/** What a fact's value may be (JSON). */
export type FactValue = string | number | boolean | null;

/** The facts a service declares, by name, with their defaults. */
export function factDefaults(definition: WithLifecycle | undefined): Record<string, FactValue> {
  const facts = definition?.lifecycle?.facts ?? {};
  return Object.fromEntries(Object.entries(facts).map(([name, fact]) => [name, fact.default]));
}

/**
 * Every fact any service declares, with its default: the fields every application's answer carries
 * (the contract's common application fields include the audit's), whatever its service.
 */
export function allFactDefaults(definitions: readonly WithLifecycle[]): Record<string, FactValue> {
  return Object.assign({}, ...definitions.map((definition) => factDefaults(definition))) as Record<string, FactValue>;
}

/** An application's facts: its service's defaults, overlaid by what actions stored for it. */
export function factValues(
  definition: WithLifecycle | undefined,
  stored: Readonly<Record<string, FactValue>>,
): Record<string, FactValue> {
  const values = factDefaults(definition);
  for (const [name, value] of Object.entries(stored)) if (name in values) values[name] = value;
  return values;
}

/** The statuses the service adds to the platform's. */
export function serviceStatuses(definition: WithLifecycle | undefined): readonly LifecycleStatus[] {
  return definition?.lifecycle?.statuses ?? [];
}

/** The service's staff actions: its transitions that carry a document or a text (`via: "action"`). */
export function lifecycleActions(definition: WithLifecycle | undefined): readonly LifecycleAction[] {
  return (definition?.lifecycle?.transitions ?? []).filter((transition) => transition.via === 'action');
}

/** The document filed under `description` by one of the service's actions. */
export function actionDocument(
  definition: WithLifecycle | undefined,
  description: string,
): LifecycleActionDocument | undefined {
  return lifecycleActions(definition).find((action) => action.document?.description === description)?.document;
}

/** The authority's review documents of the service (`lifecycle.reviewDocuments`). */
export function reviewDocuments(definition: WithLifecycle | undefined): readonly LifecycleReviewDocument[] {
  return definition?.lifecycle?.reviewDocuments ?? [];
}

/** Every action document of the services that is downloaded at an address of its own, with its service. */
export function downloadableDocuments<D extends WithLifecycle>(
  definitions: readonly D[],
): Array<{ definition: D; document: LifecycleActionDocument }> {
  return definitions.flatMap((definition) =>
    lifecycleActions(definition).flatMap((action) =>
      action.document ? [{ definition, document: action.document }] : [],
    ),
  );
}

/**
 * The facts a transition sets: a value as written, a text with its `{today}` and `{text}` filled (a
 * fact set to `{text}` alone is null when the transition was given no text).
 */
export function transitionFacts(
  transition: Pick<Transition, 'sets'>,
  input: { today: string; text?: string | null },
): Record<string, FactValue> {
  const values: Record<string, string | null> = { today: input.today, text: input.text ?? null };
  return Object.fromEntries(
    Object.entries(transition.sets ?? {}).map(([name, value]) => {
      if (typeof value !== 'string') return [name, value];
      if (value === '{text}') return [name, values.text];
      return [name, fillPlaceholders(value, (placeholder) => values[placeholder] ?? `{${placeholder}}`)];
    }),
  );
}

/** Where a document is downloaded for the application `appId` (under the API base). */
export function documentPath(document: Pick<LifecycleActionDocument, 'download'>, appId: string): string {
  return fillPlaceholders(document.download, (name) => (name === 'app_id' ? encodeURIComponent(appId) : `{${name}}`));
}

/** The name a document's download is saved under. */
export function documentFileName(document: Pick<LifecycleActionDocument, 'fileName'>, appId: string): string {
  return fillPlaceholders(document.fileName, (name) => (name === 'app_id' ? appId : `{${name}}`));
}

/** Whether a fact counts as set: anything but null, undefined, false and the empty text. */
export function isFactSet(value: unknown): boolean {
  return value !== null && value !== undefined && value !== false && value !== '';
}

/**
 * A block's text with each `{fact}` replaced by the fact's value; null when a fact it names is not
 * set (the block then shows its title alone).
 */
export function blockText(
  block: Pick<LifecycleBlock, 'text'>,
  facts: Readonly<Record<string, unknown>>,
): string | null {
  if (!block.text) return null;
  let missing = false;
  const text = fillPlaceholders(block.text, (name) => {
    const value = facts[name];
    if (!isFactSet(value)) missing = true;
    return String(value);
  });
  return missing ? null : text;
}

/** The `{fact}` names a text reads (for the loader's check). */
export function factsNamedIn(text: string): string[] {
  return placeholdersOf(text);
}
