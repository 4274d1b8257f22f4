/**
 * The service's life after submission (`lifecycle` of service.json), read in one place for the
 * portal, the server and the staff command: the facts an application keeps, the statuses a service
 * adds to the platform's, the staff actions that reach them with what they carry, the blocks of the
 * application's view and the decision the applicant owes.
 */
import type {
  LifecycleAction,
  LifecycleActionDocument,
  LifecycleBlock,
  LifecycleReviewDocument,
  LifecycleStatus,
  ServiceDefinition,
} from './definition-types';

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

/** The service's staff actions. */
export function lifecycleActions(definition: WithLifecycle | undefined): readonly LifecycleAction[] {
  return definition?.lifecycle?.actions ?? [];
}

/** The action named `name`, if the service declares it. */
export function actionNamed(definition: WithLifecycle | undefined, name: string): LifecycleAction | undefined {
  return lifecycleActions(definition).find((action) => action.name === name);
}

/** The action that reaches `status` (a status an action reaches is reached only through it). */
export function actionReaching(definition: WithLifecycle | undefined, status: number): LifecycleAction | undefined {
  return lifecycleActions(definition).find((action) => action.to === status);
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

/** The facts an action sets, with `$today` and `$text` replaced. */
export function actionFacts(
  action: Pick<LifecycleAction, 'sets'>,
  input: { today: string; text?: string | null },
): Record<string, FactValue> {
  return Object.fromEntries(
    Object.entries(action.sets ?? {}).map(([name, value]) => [
      name,
      value === '$today' ? input.today : value === '$text' ? (input.text ?? null) : value,
    ]),
  );
}

/** Where a document is downloaded for the application `appId` (under the API base). */
export function documentPath(document: Pick<LifecycleActionDocument, 'download'>, appId: string): string {
  return document.download.replace('{app_id}', encodeURIComponent(appId));
}

/** The name a document's download is saved under. */
export function documentFileName(document: Pick<LifecycleActionDocument, 'fileName'>, appId: string): string {
  return document.fileName.replace('{app_id}', appId);
}

/** Whether a fact counts as set: anything but null, undefined, false and the empty text. */
export function isFactSet(value: unknown): boolean {
  return value !== null && value !== undefined && value !== false && value !== '';
}

/**
 * A block's text with each `{{fact}}` replaced by the fact's value; null when a fact it names is not
 * set (the block then shows its title alone).
 */
export function blockText(
  block: Pick<LifecycleBlock, 'text'>,
  facts: Readonly<Record<string, unknown>>,
): string | null {
  if (!block.text) return null;
  let missing = false;
  const text = block.text.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (_match, name: string) => {
    const value = facts[name];
    if (!isFactSet(value)) missing = true;
    return String(value);
  });
  return missing ? null : text;
}

/** The `{{fact}}` names a text reads (for the loader's check). */
export function factsNamedIn(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g)].map((match) => match[1] as string);
}
