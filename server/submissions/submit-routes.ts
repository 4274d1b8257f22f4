/**
 * The submit routes the definitions declare, collected: one route per method and path of every
 * `submit.calls[]` entry of every current and kept definition, with the calls (candidates) that may
 * answer it; the application a request names says whose call it is.
 */
import {
  callSchema,
  definedProperties,
  formsOf,
  lookupBindings,
  submitRoute,
  type JsonSchema,
  type LookupBinding,
  type ServiceDefinition,
  type SubmitCall,
} from '../../engine/core';
import { definitionOfStored } from '../applications-store';
import type { AppContext } from '../context';
import type { Application } from '../db/tables';

/** A call that may answer a submit route, with what judging it needs. */
export interface Candidate {
  definition: ServiceDefinition;
  call: SubmitCall;
  bindings: LookupBinding[];
  schema: JsonSchema;
  declared: ReadonlySet<string>;
  /** Records of the service's other forms (variants): an application holds the record of one form. */
  otherRecords: string[];
  /** Parts the other forms' calls save and this form's do not (a Basel form's transit rows for Rotterdam). */
  otherParts: string[];
}

/** A submit route: its method, path and candidates. */
export interface SubmitRoute {
  method: SubmitCall['method'];
  url: string;
  candidates: Candidate[];
}

/**
 * Every submit route of the definitions. Services may share a route (both licences save a Basel
 * record at the same path).
 * @throws Error when two calls of one service claim one route, or a call's schema is not loaded.
 */
export function collectSubmitRoutes(ctx: Pick<AppContext, 'definitions' | 'archived'>): SubmitRoute[] {
  const routes = new Map<string, SubmitRoute>();
  // The current services first (a call without an application is judged by them), then the kept
  // earlier versions, which judge the applications submitted under them.
  for (const service of [...ctx.definitions, ...ctx.archived]) {
    const records = formsOf(service).map((form) => form.view.record);
    const partsOf = (form: ServiceDefinition) =>
      form.submit.calls.filter((call) => !call.savesRecord).map((call) => call.name);
    for (const definition of formsOf(service)) {
      const ownParts = new Set(partsOf(definition));
      // What the other forms' calls save and this form's do not: left from before a switched choice.
      const otherParts = [
        ...new Set(formsOf(service).flatMap((form) => (form === definition ? [] : partsOf(form)))),
      ].filter((name) => !ownParts.has(name));
      const bindings = lookupBindings(definition);
      for (const call of definition.submit.calls) {
        const url = submitRoute(call);
        const routeKey = `${call.method} ${url}`;
        const route = routes.get(routeKey) ?? { method: call.method, url, candidates: [] };
        if (route.candidates.some((c) => c.definition.id === service.id && c.definition.version === service.version))
          throw new Error(`Submit route ${routeKey} is claimed twice by the forms of '${definition.key}'`);
        const schema = callSchema(definition, call);
        if (!schema)
          throw new Error(
            `Service '${definition.key}': schema '${call.schema ?? ''}' of call '${call.name}' is not loaded`,
          );
        route.candidates.push({
          definition,
          call,
          bindings,
          schema,
          declared: new Set(definedProperties(schema).keys()),
          otherRecords: records.filter((record) => record !== definition.view.record),
          otherParts,
        });
        routes.set(routeKey, route);
      }
    }
  }

  return [...routes.values()];
}

/** The candidate of an application: its service's, in the version that judges it (a draft: the current one). */
export function candidateOf(
  ctx: Pick<AppContext, 'definitions' | 'archived'>,
  candidates: readonly Candidate[],
  application: Application,
): Candidate | undefined {
  const judge = definitionOfStored(ctx, application);
  return candidates.find((c) => c.definition.id === application.service_id && c.definition.version === judge?.version);
}
