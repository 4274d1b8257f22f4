/**
 * The applicant's own data (docs/security.md#the-applicants-own-data): `GET client/{id}/archive`, a
 * ZIP of everything the portal holds about them, and `POST client/{id}/close`, which closes the
 * account with its password and the account's e-mail typed as a confirmation.
 */
import type { FastifyInstance } from 'fastify';
import { HOUR_MS } from '../account-service';
import { assertSelf, UNAUTHENTICATED } from '../auth-hook';
import type { AppContext } from '../context';
import { answers, download } from '../contract/answers';
import { DONE } from '../contract/accounts';
import { nowIso } from '../db/database';
import { bodySchema, REQUIRED } from '../field-rules';
import { HttpError, idParam, ok, ValidationError } from '../http';
import { closeAccount } from '../own-data/close-account';
import { OWN_DATA_MESSAGES } from '../own-data/own-data-messages';
import { ownDataArchive } from '../own-data/own-data-archive';
import { paramsSchema, typed } from '../route-schemas';
import { contentDisposition } from '../storage/stored-files';
import { consume, release, TooManyAttempts } from '../throttle';

/** Archives one account may download an hour: each reads every file it holds from the store. */
export const ARCHIVES_PER_HOUR = 10;

const typedText = (max: number) =>
  ({ type: 'string', minLength: 1, maxLength: max, errorMessage: { type: REQUIRED, minLength: REQUIRED } }) as const;
const closeBody = bodySchema({ password: typedText(1000), confirmation: typedText(400) }, ['password', 'confirmation']);

/** Registers the archive and the closing of the signed-in client's account. */
export function ownDataRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, hasher } = ctx;
  const limits = ctx.config.limits;
  const params = paramsSchema(['id']);
  const signedIn = async (id: number) =>
    db.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  typed(app).get(
    '/client/:id/archive',
    {
      schema: {
        summary: 'Everything the portal holds about the signed-in applicant, as a ZIP',
        params,
        response: download(['application/zip'], 'The ZIP archive of the applicant’s data'),
      },
    },
    async (request, reply) => {
      const id = idParam(request.params.id);
      assertSelf(request, id);
      const counted = await consume(db, `archive:${id}`, { max: ARCHIVES_PER_HOUR, windowMs: HOUR_MS });
      if (!counted.allowed) throw new TooManyAttempts(counted.retryAfterMs);
      const client = await signedIn(id);
      // The README in the page's language (the portal sends it); a plain client gets the account's.
      const header = request.headers['accept-language'];
      const language = header ? ctx.messages.languageOf(header) : (client.language ?? undefined);
      const archive = await ownDataArchive(ctx, client, language);
      return reply
        .code(200)
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', contentDisposition(`ecopermit-data-${nowIso().slice(0, 10)}.zip`))
        .header('Cache-Control', 'no-store')
        .send(archive);
    },
  );

  typed(app).post(
    '/client/:id/close',
    {
      schema: {
        summary: "Closes the signed-in applicant's account (drafts and personal data deleted)",
        params,
        body: closeBody,
        response: answers({ 200: DONE }),
      },
    },
    async (request, reply) => {
      const id = idParam(request.params.id);
      assertSelf(request, id);
      const client = await signedIn(id);
      const { password, confirmation } = request.body;
      // A wrong password counts as a failed sign-in of the account: a stolen session cannot guess it.
      const bucket = `login-account:${client.id}`;
      const attempt = await consume(db, bucket, { max: limits.loginFailuresPerAccount, windowMs: limits.lockMs });
      if (!attempt.allowed) throw new TooManyAttempts(attempt.retryAfterMs);
      const fields = [];
      if (await hasher.verify(password, client.password_hash)) await release(db, bucket);
      else fields.push({ field: 'password', message: OWN_DATA_MESSAGES.wrongPassword });
      if (confirmation.trim().toLowerCase() !== client.email.toLowerCase())
        fields.push({ field: 'confirmation', message: OWN_DATA_MESSAGES.confirmation });
      // The first refusal is the answer's message too: the portal shows it by its field.
      if (fields[0]) throw new ValidationError(fields, fields[0].message);
      const closed = await closeAccount(ctx, client);
      if (!closed) throw new HttpError(401, UNAUTHENTICATED);
      request.log.info({ client: client.id, ...closed }, 'account closed');
      return ok(reply, { done: true });
    },
  );
}
