/**
 * An applicant of one service on a real in-process server (tests/api/helpers.ts: SQLite, or a
 * PostgreSQL database of its own on the PostgreSQL run), and the wizard's submit pipeline run through
 * it: draft, required documents, then each call of the definition in order.
 */
import { join } from 'node:path';
import type { FileKind, ServiceDefinition } from '../../engine/core/definition-types';
import { schemaMatches } from '../../engine/core/form-validator';
import { buildSubmitRequests, type SubmitRequest } from '../../engine/core/payload-mapping';
import type { ServiceAttachment } from '../../engine/core/api-types';
import { uploadSlots } from '../../engine/core/required-documents';
import {
  attach,
  call,
  companyBody,
  PDF,
  PNG,
  signUp,
  startServer,
  type TestServer,
  type TestUser,
} from '../api/helpers';
import type { FixtureCompany, FormData } from './service-fixtures';

/** One sample file per kind, with the first bytes the server's content check expects. */
const SAMPLES: Record<FileKind, { name: string; content: Buffer }> = {
  pdf: { name: 'document.pdf', content: PDF },
  image: { name: 'picture.png', content: PNG },
  doc: { name: 'document.doc', content: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]) },
  docx: { name: 'document.docx', content: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0, 0, 0, 0, 0]) },
};

export interface Applicant {
  server: TestServer;
  user: TestUser;
  /** Fixture company number -> the server's id of the company created for it. */
  companies: Map<number, number>;
  /** The service's attachment list as the documents step reads it. */
  serviceAttachments: ServiceAttachment[];
}

/** What one run of the pipeline did. */
export interface PipelineRun {
  applicationId: number;
  requests: SubmitRequest[];
  /** Answers of the calls sent, in order; the run stops at the first refused call. */
  answers: Array<{ name: string; status: number; body: { code: number; data: unknown; error: string | null } }>;
}

/**
 * A fresh server on the services and reference data of `root` (a copy with services of a test's own)
 * and a signed-up applicant with no company.
 */
export async function applicantOn(root: string): Promise<Applicant> {
  const server = await startServer(
    {},
    { servicesDir: join(root, 'services'), lookupsDir: join(root, 'fixtures', 'lookups') },
  );
  return { server, user: await signUp(server), companies: new Map(), serviceAttachments: [] };
}

/**
 * A fresh server and a signed-up applicant holding the companies the fixtures describe.
 * @throws Error when the server refuses a company (e.g. a TIN or telephone its rules refuse).
 */
export async function startApplicant(definition: ServiceDefinition, companies: FixtureCompany[]): Promise<Applicant> {
  // One applicant submits every fixture of the service: lift the per-client daily upload allowance,
  // which has tests of its own, so a service with many fixtures is not stopped by it.
  const conformanceRoot = process.env.CONFORMANCE_ROOT;
  const server = await startServer(
    { UPLOAD_MAX_FILES_PER_DAY: '100000', UPLOAD_MAX_MB_PER_DAY: '100000' },
    // The services and reference data under test, when they are not the repository's.
    conformanceRoot
      ? { servicesDir: join(conformanceRoot, 'services'), lookupsDir: join(conformanceRoot, 'fixtures', 'lookups') }
      : {},
  );
  try {
    const user = await signUp(server);
    const ids = new Map<number, number>();
    for (const company of companies) {
      const created = await call<{ id: number }>(server.app, 'POST', 'companies', {
        token: user.token,
        body: companyBody(user.id, company.fields),
      });
      if (created.status !== 201)
        throw new Error(
          `company ${company.id} of ${company.from} refused: ${created.status} ${JSON.stringify(created.body)}`,
        );
      ids.set(company.id, created.body.data.id);
    }
    const listed = await call<ServiceAttachment[]>(server.app, 'GET', `service/attachments/${definition.id}`, {
      token: user.token,
    });
    if (listed.status !== 200) throw new Error(`service attachments: ${listed.status}`);
    return { server, user, companies: ids, serviceAttachments: listed.body.data };
  } catch (error) {
    await server.close();
    throw error;
  }
}

/**
 * Runs the submit pipeline as the wizard does (engine/react/wizard-flow.tsx): a new draft, a file for
 * every required upload slot of the documents step, then the definition's calls in order, stopping at
 * the first call the server refuses.
 */
export async function submitThroughApi(
  applicant: Applicant,
  definition: ServiceDefinition,
  formData: FormData,
): Promise<PipelineRun> {
  const { server, user } = applicant;
  const draft = await call<{ id: number }>(server.app, 'POST', `client/application/${definition.id}`, {
    token: user.token,
    body: { client_id: user.id },
  });
  if (draft.status !== 201) throw new Error(`draft refused: ${JSON.stringify(draft.body)}`);
  const applicationId = draft.body.data.id;
  for (const slot of uploadSlots(definition, applicant.serviceAttachments, formData, schemaMatches)) {
    if (!slot.required) continue;
    const kind = slot.accept[0];
    if (!kind) throw new Error(`upload slot ${slot.name} accepts no kind of file`);
    const uploaded = await attach(server, user, applicationId, slot.name, SAMPLES[kind]);
    if (uploaded.statusCode !== 201) throw new Error(`upload of ${slot.name} refused: ${uploaded.body}`);
  }
  const requests = buildSubmitRequests(definition, formData, {
    clientId: user.id,
    applicationId,
    serviceId: definition.id,
  });
  const answers: PipelineRun['answers'] = [];
  for (const request of requests) {
    const answer = await call(server.app, request.method, request.path, { token: user.token, body: request.body });
    answers.push({ name: request.name, status: answer.status, body: answer.body });
    if (answer.status < 200 || answer.status > 209) break;
  }
  return { applicationId, requests, answers };
}

/** The application as `GET application/{id}` answers it. */
export async function readApplication(applicant: Applicant, id: number): Promise<Record<string, unknown>> {
  const answer = await call<Record<string, unknown>>(applicant.server.app, 'GET', `application/${id}`, {
    token: applicant.user.token,
  });
  if (answer.status !== 200) throw new Error(`application ${id}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}
