/**
 * A choice between sibling services on their start pages (`info.choice`): the export and import
 * licences share one start page in spirit, 'choose licence type (export or import)', each with its
 * own documents and wizard. Each listed service declares the same choice, so whichever page the
 * applicant lands on offers the same options; choosing one opens that service's start page.
 */
import type { ServiceDefinition } from './definition-types';
import { pointerOf, type DefinitionProblem } from './definition-problems';

/** One option of a start page's choice: a service, its start page, and whether it is this page's. */
export interface ServiceChoiceOption {
  key: string;
  title: string;
  route: string;
  current: boolean;
}

/** What a start page offers to choose between: the question, then the options in the listed order. */
export interface ServiceChoiceOffer {
  label: string;
  options: ServiceChoiceOption[];
}

/**
 * The choice the start page of `definition` offers among `definitions` (the same language's, so the
 * titles are translated), or undefined when it offers none. Services the folder lacks are left out:
 * the loader has reported them already.
 */
export function serviceChoiceOffer(
  definition: ServiceDefinition,
  definitions: readonly ServiceDefinition[],
): ServiceChoiceOffer | undefined {
  const choice = definition.info.choice;
  if (!choice) return undefined;
  const options = choice.services.flatMap((key) => {
    const sibling = key === definition.key ? definition : definitions.find((candidate) => candidate.key === key);
    return sibling
      ? [{ key, title: sibling.title, route: sibling.routes.info, current: sibling.key === definition.key }]
      : [];
  });
  return options.length > 1 ? { label: choice.label, options } : undefined;
}

/**
 * Reports into `problems` every choice that would not read the same from each of its pages: a listed
 * service that does not exist, a list without the service itself, a sibling that does not declare the
 * same list. Answers the keys of the services whose choice is broken (the loader leaves them out).
 */
export function serviceChoiceProblems(
  loaded: readonly ServiceDefinition[],
  problems: DefinitionProblem[],
): Set<string> {
  const broken = new Set<string>();
  const byKey = new Map(loaded.map((def) => [def.key, def]));
  const sameList = (a: readonly string[], b: readonly string[] | undefined) =>
    b !== undefined && a.length === b.length && a.every((key) => b.includes(key));
  for (const def of loaded) {
    const choice = def.info.choice;
    if (!choice) continue;
    const report = (pointer: string, message: string) => {
      problems.push({ file: `${def.key}/service.json`, pointer, message });
      broken.add(def.key);
    };
    if (!choice.services.includes(def.key))
      report(pointerOf('info', 'choice', 'services'), `the choice must list the service itself ('${def.key}')`);
    choice.services.forEach((key, i) => {
      if (key === def.key) return;
      const sibling = byKey.get(key);
      if (!sibling) report(pointerOf('info', 'choice', 'services', i), `no service has the key '${key}'`);
      else if (!sameList(choice.services, sibling.info.choice?.services))
        report(
          pointerOf('info', 'choice', 'services', i),
          `'${key}' must declare the same choice (info.choice.services: ${choice.services.join(', ')}), so both start pages offer it`,
        );
    });
  }
  return broken;
}
