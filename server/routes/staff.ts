/**
 * The staff API (an extension: the spec shows no staff side): the moves of the staff command over
 * HTTP, for staff accounts only (`Authorization: Bearer staff_...`; applicants' tokens are refused).
 *
 *   POST staff/applications/{id}/status    { status_id, comment?, manual?, <text of the action reaching it>? }
 *   POST staff/applications/{id}/certificate  multipart, the certificate (a PDF) in `file`: of an
 *                                          application approved with `manual: true` (certificate to come)
 *   POST staff/applications/{id}/<name>    one route per staff transition name of the loaded
 *                                          definitions' tables (`lifecycle.transitions`, the platform's
 *                                          and the kept versions' included): JSON { comment?, <its text> },
 *                                          or multipart with its document in `file` (a PDF) and the same fields
 *
 * The routes and their bodies are drawn from the tables (transitions/staff-transitions.ts): a name no
 * service has is not a route (404). Moves follow the application's service's table, taken by the one
 * executor (409 with the reason when its service has no such row at its status), and are recorded in
 * the application's history as `staff:<name>`.
 */
import { staffOfRequest } from '../staff-auth/staff-request';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { attachManualCertificate, staffAction, staffMove } from '../staff-decisions';
import type { AppContext } from '../context';
import { isRecord, STATUS, type StaffActor } from '../../engine/core';
import { idParam, ok, ValidationError } from '../http';
import { withStaffDocument } from '../staff-documents';
import { answers } from '../contract/answers';
import { STAFF_CERTIFICATE, STAFF_MOVE } from '../contract/lifecycle';
import { collectStaffTransitions, type StaffTransition } from '../transitions/staff-transitions';
import { statusBody, transitionRouteBody } from '../transitions/staff-bodies';
import { MULTIPART_ONLY, paramsSchema } from '../route-schemas';

type TextsBody = Record<string, string | null | undefined>;

/** The texts of a checked JSON body (its comment apart): null stands for not given. */
function textsOf(body: unknown): { comment: string | null; texts: Record<string, string> } {
  // Only a JSON body is checked by the route's schema: any other is not one.
  if (body !== undefined && !isRecord(body))
    throw new ValidationError([{ field: 'body', message: 'Send a JSON object.' }]);
  const { comment, ...rest } = (body ?? {}) as TextsBody;
  const texts = Object.fromEntries(
    Object.entries(rest).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  return { comment: comment ?? null, texts };
}

/** What a staff transition's route says of it in the OpenAPI document. */
function describe(transition: StaffTransition): { summary: string; description: string } {
  const takes = [
    ...transition.texts.map((text) => `\`${text.name}\` (HTML${text.required ? ', required' : ''})`),
    ...(transition.files ? ['its document: a PDF in the multipart field `file` (the texts beside it)'] : []),
  ];
  return {
    summary: `${transition.name}: ${transition.description}`,
    description:
      `The staff transition '${transition.name}' of ${transition.services.join(', ')}: ${transition.description}. ` +
      `Taken where the application's service has it at the application's status (else 409 with the reason)` +
      `${takes.length > 0 ? `; takes ${takes.join(' and ')}` : ''}; \`comment\` is shown to the applicant.`,
  };
}

/** Registers the staff's moves, certificate and transitions. */
export function staffRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Public for the applicants' token check: each route checks its staff key or console session
  // instead, before its body is judged (a request without either is refused as such, whatever it sends).
  const signedIn = new WeakMap<FastifyRequest, StaffActor>();
  const staffOnly = {
    config: { public: true },
    preValidation: async (request: FastifyRequest) => {
      signedIn.set(request, await staffOfRequest(ctx, request));
    },
  };
  const staffFor = async (request: FastifyRequest) => signedIn.get(request) ?? (await staffOfRequest(ctx, request));
  const transitions = collectStaffTransitions(ctx);
  const params = paramsSchema(['id']);
  const moving = (body: object, described: { summary: string; description: string }) => ({
    ...staffOnly,
    schema: { ...described, params, body, response: answers({ 200: STAFF_MOVE }) },
  });

  app.post<{ Params: { id: string }; Body: TextsBody & { status_id: number; manual?: boolean } }>(
    '/staff/applications/:id/status',
    moving(statusBody([...new Set(transitions.flatMap((transition) => transition.texts.map((text) => text.name)))]), {
      summary: 'Moves the application to a status',
      description:
        "A move of its service's table reaching `status_id`, or the action reaching it (with the text it takes; one that files a document is refused with its route). `manual` marks an approval processed by hand, its certificate to come.",
    }),
    async (request, reply) => {
      const staff = await staffFor(request);
      const id = idParam(request.params.id);
      const { status_id: statusId, manual, ...rest } = request.body;
      const { comment, texts } = textsOf(rest);
      const moved = await staffMove(ctx, id, {
        statusId,
        comment,
        texts,
        manual: manual === true,
        actor: `staff:${staff.name}`,
        staff,
      });
      return ok(reply, { id, app_id: moved.app_id, from: moved.from, application_status_id: moved.to });
    },
  );

  app.post<{ Params: { id: string } }>(
    '/staff/applications/:id/certificate',
    { ...staffOnly, schema: { params, body: MULTIPART_ONLY, response: answers({ 200: STAFF_CERTIFICATE }) } },
    async (request, reply) => {
      const staff = await staffFor(request);
      const id = idParam(request.params.id);
      if (!request.isMultipart())
        throw new ValidationError([
          { field: 'file', message: 'Send the certificate (a PDF) as multipart, in "file".' },
        ]);
      const done = await withStaffDocument(ctx, request, (fields, document) => {
        const stray = Object.keys(fields);
        if (stray.length > 0)
          throw new ValidationError(
            stray.map((field) => ({ field, message: 'The certificate takes no other field.' })),
          );
        return attachManualCertificate(ctx, id, document, `staff:${staff.name}`, staff);
      });
      return ok(reply, { id, app_id: done.app_id, application_status_id: STATUS.approved });
    },
  );

  for (const transition of transitions) {
    app.post<{ Params: { id: string } }>(
      `/staff/applications/:id/${transition.name}`,
      moving(transitionRouteBody(transition), describe(transition)),
      async (request, reply) => {
        const staff = await staffFor(request);
        const id = idParam(request.params.id);
        const actor = `staff:${staff.name}`;
        const done = request.isMultipart()
          ? await withStaffDocument(ctx, request, ({ comment, ...texts }, document) =>
              staffAction(ctx, id, transition.name, { comment: comment ?? null, texts, document, actor, staff }),
            )
          : await staffAction(ctx, id, transition.name, { ...textsOf(request.body), actor, staff });
        return ok(reply, { id, app_id: done.app_id, from: done.from, application_status_id: done.to });
      },
    );
  }
}
