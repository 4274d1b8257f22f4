/**
 * Public certificate verification (spec: the certificate link is verify/certificate/{id} on the API
 * host). The id is the application's random certificate token, not its sequential app id, so the
 * addresses cannot be listed by counting. The address answers the certificate itself, a PDF whose
 * QR code points back here, so paper and record can be compared; `?format=json` answers the same
 * facts as data, and only what a verifier needs. Only approved certificates are public: any other
 * id answers "not found", so the address cannot be used to learn who applied for what.
 */
import type { FastifyInstance } from 'fastify';
import { approvedCertificate, certificateRows, hasCertificate } from '../certificates/approved-certificate';
import type { AppContext } from '../context';
import { notFound, ok } from '../http';
import { ERROR_ANSWER, okAnswer } from '../contract/answers';
import { CERTIFICATE_FACTS } from '../contract/files';
import { paramsSchema, queryTexts, typed } from '../route-schemas';

/** The certificate as a PDF, or (`?format=json`, a manually processed one) its facts as data. */
const CERTIFICATE_ANSWERS = {
  200: {
    description: 'The certificate or letter, or its facts',
    content: {
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
      'application/json': { schema: okAnswer(CERTIFICATE_FACTS) },
    },
  },
  '4xx': { description: 'Refused', ...ERROR_ANSWER },
  '5xx': { description: 'Failed', ...ERROR_ANSWER },
};

/** Shape of a certificate token (base64url, 22 characters for 128 bits; test data may be longer). */
const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/** Registers the public verification of certificates. */
export function certificateRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  typed(app).get(
    '/verify/certificate/:token',
    {
      config: { public: true },
      schema: { params: paramsSchema(['token']), querystring: queryTexts(['format']), response: CERTIFICATE_ANSWERS },
    },
    async (request, reply) => {
      const token = String(request.params.token);
      if (!TOKEN.test(token)) throw notFound('Certificate not found');
      const row = await certificateRows(db).where('applications.certificate_token', '=', token).executeTakeFirst();
      if (!row || !hasCertificate(row)) throw notFound('Certificate not found');
      const verifyUrl = `${request.protocol}://${request.host}${request.url.split('?')[0] ?? ''}`;
      const { facts, document } = await approvedCertificate(ctx, row, verifyUrl);
      if (request.query.format === 'json' || !document) return ok(reply, facts);
      const pdf = await document.render();
      return (
        reply
          .code(200)
          .header('Content-Type', 'application/pdf')
          .header('Content-Disposition', `inline; filename="${document.fileName}"`)
          .header('Cache-Control', 'no-store')
          // The browser's PDF viewer embeds the document: the portal's policy (object-src 'none') would block it.
          .header('Content-Security-Policy', "frame-ancestors 'none'")
          .send(Buffer.from(pdf))
      );
    },
  );
}
