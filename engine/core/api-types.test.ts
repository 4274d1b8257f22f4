import type { FromSchema } from 'json-schema-to-ts';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ApiResult } from './api-client';
import {
  applicationField,
  factFieldsOf,
  type ApplicationDetails,
  type ApplicationSummary,
  type Company,
  type OfferedDraft,
  type ServiceAttachment,
  type Statistics,
} from './api-types';
import type { EngineBackend } from './backend-port';
import {
  APPLICATION_DETAIL_SCHEMA,
  APPLICATION_SUMMARY_SCHEMA,
  OFFERED_DRAFT_SCHEMA,
  STATISTICS_SCHEMA,
} from './contract/application-schemas';
import { COMPANY_SCHEMA } from './contract/company-schema';
import { UPLOADED_SCHEMA } from './contract/file-schemas';
import { SERVICE_ATTACHMENT_SCHEMA } from './contract/reference-schemas';

// Type-level: checked by the type check (`npm run typecheck`), which fails on any mismatch.
describe('the types of the answers', () => {
  it('are those of the schemas the server answers by', () => {
    expectTypeOf<Awaited<ReturnType<EngineBackend['upload']>>>().toEqualTypeOf<
      ApiResult<FromSchema<typeof UPLOADED_SCHEMA>>
    >();
    expectTypeOf<Company>().toEqualTypeOf<FromSchema<typeof COMPANY_SCHEMA>>();
    expectTypeOf<ApplicationSummary>().toEqualTypeOf<FromSchema<typeof APPLICATION_SUMMARY_SCHEMA>>();
    expectTypeOf<OfferedDraft>().toEqualTypeOf<FromSchema<typeof OFFERED_DRAFT_SCHEMA>>();
    expectTypeOf<Statistics>().toEqualTypeOf<FromSchema<typeof STATISTICS_SCHEMA>>();
    expectTypeOf<ServiceAttachment>().toEqualTypeOf<FromSchema<typeof SERVICE_ATTACHMENT_SCHEMA>>();
    // The detail's declared fields: the schema's, without the index signature of its open object.
    type Declared = FromSchema<typeof APPLICATION_DETAIL_SCHEMA>;
    expectTypeOf<keyof ApplicationDetails>().toEqualTypeOf<keyof typeof APPLICATION_DETAIL_SCHEMA.properties>();
    expectTypeOf<ApplicationDetails['application_attachments']>().toEqualTypeOf<Declared['application_attachments']>();
    expectTypeOf<ApplicationDetails['draft']>().toEqualTypeOf<Declared['draft']>();
  });

  it('leave no field the schema does not declare readable by name', () => {
    expectTypeOf<string extends keyof ApplicationDetails ? true : false>().toEqualTypeOf<false>();
    expectTypeOf<string extends keyof ApplicationSummary ? true : false>().toEqualTypeOf<false>();
    expectTypeOf<ApplicationDetails['id']>().toEqualTypeOf<number>();
    expectTypeOf<Company['avgMonthlyPlasticQuantity']>().toEqualTypeOf<number | null>();
  });
});

describe('applicationField', () => {
  it('reads a record or a fact the answer carries by its name, and nothing inherited', () => {
    const answer = { id: 4, plastics_application: { quantity: 80 } };
    expect(applicationField(answer, 'plastics_application')).toEqual({ quantity: 80 });
    expect(applicationField(answer, 'missing')).toBeUndefined();
    expect(applicationField(answer, 'toString')).toBeUndefined();
  });
});

describe('factFieldsOf', () => {
  it('keeps the fields a fact can hold and leaves out objects and lists', () => {
    const answer = { id: 4, tor_approved_at: null, ready: true, note: 'x', record: { a: 1 }, files: [] };
    expect(factFieldsOf(answer)).toEqual({ id: 4, tor_approved_at: null, ready: true, note: 'x' });
  });
});
