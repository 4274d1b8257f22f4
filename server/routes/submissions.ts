/**
 * The submit routes of the service definitions: one route per `submit.calls[]` entry of every
 * definition (registration here; the widgets' checks in ../submissions/widget-checks.ts, the one
 * persist step in ../submissions/persist.ts). A submission is judged with the definition's own schema
 * (the one the browser used) after the server has replaced every value it does not trust: lookup name
 * fields come from its lookup tables, company-picker fills from the caller's stored company, one-hot
 * flags from the form.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  callBodyDocument,
  readField,
  readKey,
  readSubmitBody,
  resolveBodyValue,
  submitRoute,
  withCallDefaults,
  type ReadBody,
  valueAt,
  STATUS,
} from '../../engine/core';
import { assertEditable, ownedApplication } from '../applications-store';
import type { AppContext } from '../context';
import { answers } from '../contract/answers';
import { READ_BACK, savedNames, submitAnswerSchema } from '../contract/submissions';
import type { Application } from '../db/tables';
import { REQUIRED } from '../field-rules';
import { forbidden, HttpError, idParam, isDbId, ok, ValidationError } from '../http';
import { pathParams, submitRouteSchema } from '../route-schemas';
import { lookupMatchers } from '../submissions/lookup-names';
import { withLookedUpRows } from '../submissions/looked-up-rows';
import { persistSubmission } from '../submissions/persist';
import { judgeFormData } from '../submissions/judge';
import { candidateOf, collectSubmitRoutes, type Candidate } from '../submissions/submit-routes';

type Data = Record<string, unknown>;

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/**
 * Registers every submit call of every definition. Services may share a route (both licences save a
 * Basel record at the same path): the application named in the body says whose call it is.
 * @throws Error when two calls of one service claim one route.
 */
export function submissionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const matchers = lookupMatchers(ctx);
  const routes = collectSubmitRoutes(ctx);

  /** The call a request is for, with the application it names (null for a call without one). */
  async function resolve(
    candidates: Candidate[],
    request: FastifyRequest<{ Params: Record<string, string> }>,
    body: Data,
  ): Promise<{ candidate: Candidate; read: ReadBody; application: Application | null }> {
    const params = request.params;
    const first = candidates[0] as Candidate;
    let candidate = first;
    let read = readSubmitBody(first.call, first.definition.id, body, params);
    if (!isEmpty(read.clientId) && String(read.clientId) !== String(request.clientId)) throw forbidden();
    if (isEmpty(read.applicationId)) {
      if (first.call.savesRecord || candidates.length > 1)
        throw new ValidationError([{ field: 'application_id', message: REQUIRED }]);
      if (read.errors.length > 0) throw new ValidationError(read.errors);
      return { candidate, read, application: null };
    }
    if (!isDbId(read.applicationId)) throw new HttpError(404, 'Application not found');
    const application = await ownedApplication(db, request.clientId, Number(read.applicationId));
    const owner = candidateOf(ctx, candidates, application);
    if (!owner) {
      throw new ValidationError([
        {
          field: 'application_id',
          message: `is not an application of service ${candidates.map((c) => c.definition.id).join(' or ')}`,
        },
      ]);
    }
    if (owner !== first) {
      candidate = owner;
      read = readSubmitBody(owner.call, owner.definition.id, body, params);
    }
    if (read.errors.length > 0) throw new ValidationError(read.errors);
    return { candidate, read, application };
  }

  for (const { method, url, candidates } of routes) {
    app.route<{ Body: Data; Params: Record<string, string> }>({
      method,
      url,
      // Derived from the definitions: the path's placeholders, and a JSON object documented by the
      // calls (its fields are judged below by the call's own schema, with the form's messages).
      schema: {
        ...submitRouteSchema(
          url,
          candidates.map(({ definition, call }) => callBodyDocument(definition, call)),
        ),
        // What the route's calls save: their records and parts, by name.
        response: answers({ 200: submitAnswerSchema(savedNames(candidates)) }),
      },
      handler: async (request, reply) => {
        const { candidate, read, application } = await resolve(candidates, request, request.body);
        const { definition, call, bindings, schema, declared, otherRecords, otherParts } = candidate;
        // Every call of the pipeline comes before the record call, which submits (the definition check
        // says so): a call may change an application only while its form may (draft or returned).
        if (application) assertEditable(application);

        // Only the fields the data shows are kept when the call saves the form: a value the form hides
        // (the company of an applicant who switched to "individual") is neither stored nor used to
        // fill other fields. Then the real checks of what is kept.
        const formData = await judgeFormData(
          { db, matchers, schema, bindings, clientId: request.clientId, keepShownOnly: call.savesRecord === true },
          read.formData,
        );

        // What was judged is stored as it is (an answer to no question was refused): a field with a
        // default that is blank or that the form does not show is stored as the default (a
        // representative's name the form does not ask for: N/A), when the schema declares it.
        const record: Data = {};
        for (const [key, value] of Object.entries(withCallDefaults(call, formData)))
          if (key in formData || declared.has(key)) record[key] = value;
        // Flags are derived again from the form after validation: the body's own values are not trusted.
        for (const flag of call.flags ?? []) {
          const current = valueAt(formData, flag.field);
          for (const value of flag.values) record[value] = current === value;
        }
        if (!application) return ok(reply, { saved: false, [call.name]: record });
        const target = application;
        const recordKey = call.savesRecord ? definition.view.record : call.name;
        await persistSubmission(ctx, {
          definition,
          call,
          applicationId: target.id,
          recordKey,
          record,
          otherRecords,
          otherParts,
        });
        return ok(reply, {
          id: target.id,
          app_id: target.app_id,
          application_status_id: call.savesRecord ? STATUS.submitted : target.status_id,
          [recordKey]: record,
        });
      },
    });
  }

  // Read-back calls: what a call saved for an application, e.g. GET transit-states/{applicationId}.
  // Services may share the path; the application says whose call it is.
  const reads = new Map<string, Candidate[]>();
  for (const { candidates } of routes) {
    for (const candidate of candidates) {
      if (!candidate.call.read) continue;
      const url = submitRoute({ path: candidate.call.read });
      reads.set(url, [...(reads.get(url) ?? []), candidate]);
    }
  }
  for (const [url, candidates] of reads) {
    app.get<{ Params: { applicationId?: string } }>(
      url,
      { schema: { params: pathParams(url), response: answers({ 200: READ_BACK }) } },
      async (request, reply) => {
        const application = await ownedApplication(db, request.clientId, idParam(request.params.applicationId));
        const candidate = candidateOf(ctx, candidates, application);
        if (!candidate) throw new HttpError(404, 'Application not found');
        const stored = await db
          .selectFrom('application_records')
          .select('data')
          .where('application_id', '=', application.id)
          .where('record_key', '=', candidate.call.name)
          .executeTakeFirst();
        if (!stored) return ok(reply, []);
        // What the call sent, rebuilt from what was saved (the rows of the transit states, the list of
        // an audit's locations).
        const saved = JSON.parse(stored.data) as Data;
        const key = readKey(candidate.call) ?? '';
        const value = resolveBodyValue(candidate.call.body[key], saved, {
          clientId: application.client_id,
          applicationId: application.id,
          serviceId: application.service_id,
        });
        const field = readField(candidate.call);
        const rows = Array.isArray(value) ? value : [];
        return ok(reply, field ? await withLookedUpRows(db, matchers, candidate, field, rows) : rows);
      },
    );
  }
}
