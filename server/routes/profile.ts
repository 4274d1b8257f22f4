/**
 * The signed-in client's profile (spec 01 section 5) and the language of their e-mails. The e-mail and
 * phone stay unique across accounts (409 otherwise).
 */
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_MESSAGES } from '../account-messages';
import { languageBody, profileBody } from '../account-bodies';
import { publicUser } from '../account-service';
import { assertSelf } from '../auth-hook';
import type { AppContext } from '../context';
import { answers, type Schema } from '../contract/answers';
import { LANGUAGE_SET, PUBLIC_USER } from '../contract/accounts';
import { isUniqueViolation } from '../db/database';
import { HttpError, idParam, ok, ValidationError } from '../http';
import { paramsSchema, typed } from '../route-schemas';
import { orNull } from '../field-rules';

/** Registers `PUT client/{id}/language` and `PUT client/{id}`. */
export function profileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const params = paramsSchema(['id']);
  const answering = <B extends object>(body: B, data: Schema) => ({
    schema: { params, body, response: answers({ 200: data }) },
  });

  /**
   * The language of the client's e-mails (codes, notices, e-mails about applications), chosen in the
   * portal's language menu: only this changes it after registration, never a request's Accept-Language.
   */
  typed(app).put('/client/:id/language', answering(languageBody, LANGUAGE_SET), async (request, reply) => {
    const id = idParam(request.params.id);
    assertSelf(request, id);
    const { language } = request.body;
    if (language !== 'en' && !ctx.messages.languages.has(language))
      throw new ValidationError([{ field: 'language', message: ACCOUNT_MESSAGES.unknownLanguage }]);
    await db.updateTable('clients').set({ language }).where('id', '=', id).execute();
    return ok(reply, { language });
  });

  typed(app).put('/client/:id', answering(profileBody, PUBLIC_USER), async (request, reply) => {
    const id = idParam(request.params.id);
    assertSelf(request, id);
    const body = request.body;
    const clash = await db
      .selectFrom('clients')
      .select('id')
      .where('id', '<>', id)
      .where('closed_at', 'is', null)
      .where((eb) => {
        const conditions = [eb('email', '=', body.email)];
        if (body.phone) conditions.push(eb('telephone', '=', body.phone));
        return eb.or(conditions);
      })
      .executeTakeFirst();
    if (clash) throw new HttpError(409, ACCOUNT_MESSAGES.taken);
    try {
      const updated = await db
        .updateTable('clients')
        .set({
          first_name: body.first_name,
          last_name: body.last_name,
          other_name: orNull(body.other_name),
          email: body.email,
          ...(body.phone === undefined ? {} : { telephone: orNull(body.phone) }),
          id_number: orNull(body.id_number),
          ...(body.decision_emails === undefined ? {} : { decision_emails: body.decision_emails ? 1 : 0 }),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return ok(reply, publicUser(updated));
    } catch (error) {
      // Another client claimed the e-mail or phone between the check and the update.
      if (isUniqueViolation(error)) throw new HttpError(409, ACCOUNT_MESSAGES.taken);
      throw error;
    }
  });
}
