import { describe, expect, it } from 'vitest';
import {
  APPLICATION_DETAIL_SCHEMA,
  APPLICATION_SUMMARY_SCHEMA,
  COMPANY_SCHEMA,
  OFFERED_DRAFT_SCHEMA,
  SERVICE_ATTACHMENT_SCHEMA,
  UPLOADED_SCHEMA,
} from '../../engine/core';
import { APPLICATION_DETAIL, applicationSummarySchema, OFFERED_DRAFTS } from './applications';
import { COMPANIES, COMPANY } from './companies';
import { UPLOADED } from './files';
import { SERVICE_ATTACHMENTS } from './reference';

// The routes answer by the very objects the portal's types are derived from (engine/core/api-types.ts),
// so a change to an answer is a change to the portal's types.
describe('the answers the portal reads', () => {
  it('are serialised by the schemas of engine/core/contract', () => {
    expect(APPLICATION_DETAIL).toBe(APPLICATION_DETAIL_SCHEMA);
    expect(COMPANY).toBe(COMPANY_SCHEMA);
    expect((COMPANIES as { items: unknown }).items).toBe(COMPANY_SCHEMA);
    expect(UPLOADED).toBe(UPLOADED_SCHEMA);
    expect((OFFERED_DRAFTS as { items: unknown }).items).toBe(OFFERED_DRAFT_SCHEMA);
    expect((SERVICE_ATTACHMENTS as { items: unknown }).items).toBe(SERVICE_ATTACHMENT_SCHEMA);
  });

  it('list an application with the declared fields of the portal and the stage facts beside them', () => {
    const row = applicationSummarySchema(['tor_approved_at']) as typeof APPLICATION_SUMMARY_SCHEMA;
    expect(row).toEqual({
      ...APPLICATION_SUMMARY_SCHEMA,
      properties: {
        ...APPLICATION_SUMMARY_SCHEMA.properties,
        tor_approved_at: { type: ['string', 'number', 'boolean', 'null'] },
      },
    });
  });
});
