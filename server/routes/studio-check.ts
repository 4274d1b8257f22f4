/**
 * `POST studio/check` of the analyst studio: what the portal and the server make of some form data.
 */
import type { FastifyInstance } from 'fastify';
import {
  applyUiOrder,
  buildSubmitRequests,
  confirmSummary,
  detailRows,
  detailTables,
  formKey,
  formsOf,
  isRecord,
  requiredProperties,
  schemaMatches,
  uploadSlots,
  validateFormData,
  visibleProperties,
} from '../../engine/core';
import type { AppContext } from '../context';
import { answers } from '../contract/answers';
import { STUDIO_CHECK } from '../contract/operations';
import { ok, ValidationError } from '../http';
import { typed } from '../route-schemas';
import { LANGUAGE, studioDisk } from '../studio-disk';

const checkBody = {
  type: 'object',
  properties: {
    service: { type: 'string', minLength: 1, maxLength: 100 },
    form: { type: 'string', minLength: 1, maxLength: 200 },
    data: { type: 'object' },
    // English when left out.
    language: { type: 'string', pattern: LANGUAGE.source },
  },
  required: ['service', 'form', 'data'],
} as const;

/** Registers the check (open as the studio's other routes: `admit` judges the caller). */
export function studioCheckRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { admit, loadNow, localized } = studioDisk(ctx);
  const answering = (data: typeof STUDIO_CHECK) => ({
    config: { public: true },
    // Who may use the studio is judged before what they sent.
    preValidation: admit,
    schema: { body: checkBody, response: answers({ 200: data }) },
  });

  /**
   * What the portal and the server make of `data` in one form: the fields step 1 shows, the errors
   * (in `language`), the documents step 2 asks for, the confirm step's summary, the view's rows and
   * tables, and the calls a submit would send.
   */
  typed(app).post('/studio/check', answering(STUDIO_CHECK), async (request, reply) => {
    const body = { ...request.body, language: request.body.language ?? 'en' };
    const { definitions } = loadNow();
    const definition = definitions.find((d) => d.key === body.service);
    const english = definition ? formsOf(definition).find((form) => formKey(form) === body.form) : undefined;
    if (!definition || !english)
      throw new ValidationError([{ field: 'form', message: `No form ${body.form} of ${body.service} on disk.` }]);
    const form = localized(english, body.language);
    const translate = (text: string) => ctx.messages.translate(text, body.language);
    const visible = visibleProperties(form.formSchema, body.data, schemaMatches);
    const required = requiredProperties(form.formSchema, body.data, schemaMatches);
    const fields = applyUiOrder([...visible.keys()], form.uiSchema['ui:order']).map((name) => {
      const schema = visible.get(name) ?? {};
      const ui = isRecord(form.uiSchema[name]) ? form.uiSchema[name] : {};
      return {
        name,
        title: typeof schema.title === 'string' ? schema.title : name,
        widget: typeof ui['ui:widget'] === 'string' ? ui['ui:widget'] : null,
        required: required.has(name),
      };
    });
    const errors = validateFormData(form.formSchema, body.data).errors.map((error) => ({
      ...error,
      message: translate(error.message),
    }));
    const attachments = ctx.reference.serviceAttachments
      .filter((a) => a.service_id === definition.id)
      .map((a, index) => ({ id: index + 1, ...a }));
    return ok(reply, {
      fields: fields.filter((field) => field.widget !== 'hidden'),
      errors,
      uploads: uploadSlots(form, attachments, body.data, schemaMatches),
      summary: confirmSummary(form, body.data, { matches: schemaMatches }),
      view: {
        rows: detailRows(form, body.data),
        tables: detailTables(form, { [form.view.record]: body.data }),
      },
      requests: buildSubmitRequests(english, body.data, { clientId: 1, applicationId: 1, serviceId: definition.id }),
    });
  });
}
