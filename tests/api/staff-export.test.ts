/**
 * `GET staff/queue/export`: the queue's applications as CSV or JSON, one row each, their answers
 * flattened by their form with the fields' titles in the chosen language, documents as staff links;
 * CSV escaped by RFC 4180 with formulas disarmed; read in batches, so every row comes once; each
 * application exported gets an internal history row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../server/db/database';
import { call, companyBody, signUp, startServer, type TestServer } from './helpers';
import { insertApplication, staffWith } from './staff-console-fixtures';

const PLASTICS = 1;
const IMPORT_LICENCE = 3;
/** More than two batches of the export (500 each). */
const MANY = 1_100;
const QUOTED = 'He said "hi", then\nleft';
const FORMULA = '=HYPERLINK("http://evil.example")';

let server: TestServer;
let reviewer: string;
let plasticsOnly: string;
let described: { id: number; app_id: string };
let documentId: number;
let licence: { id: number; app_id: string };
let companyId: number;

/** Parses RFC 4180 CSV (quoted cells may hold commas, quotes doubled, line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

async function exported(query: string, key = reviewer) {
  const answer = await server.app.inject({
    method: 'GET',
    url: `/api/staff/queue/export${query}`,
    headers: { authorization: `Bearer ${key}` },
  });
  return answer;
}

/** The CSV's header and its rows as objects by header title. */
async function csvOf(query: string) {
  const answer = await exported(query);
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(answer.body.startsWith('\uFEFF')).toBe(true);
  const [header = [], ...rows] = parseCsv(answer.body.slice(1));
  return {
    raw: answer.body,
    header,
    rows: rows.map((cells) => Object.fromEntries(header.map((title, i) => [title, cells[i] ?? '']))),
  };
}

beforeAll(async () => {
  server = await startServer();
  const alice = await signUp(server);
  const company = await call<{ id: number }>(server.app, 'POST', 'companies', {
    token: alice.token,
    body: companyBody(alice.id, { name: 'Green Packaging Ltd' }),
  });
  companyId = company.body.data.id;
  reviewer = await staffWith(server, 'export.reviewer', [
    ['plastics', 'reviewer'],
    ['import-licence', 'reviewer'],
  ]);
  plasticsOnly = await staffWith(server, 'plastics.only', [['plastics', 'viewer']]);
  described = await insertApplication(server, {
    clientId: alice.id,
    serviceId: PLASTICS,
    statusId: 2,
    record: {
      key: 'auth_plastic_bags',
      data: {
        is_company: true,
        company_id: company.body.data.id,
        description: QUOTED,
        company_representative: FORMULA,
        quantity: 10,
        plastics_finished_usage: 'Export',
        items: [1, 2],
      },
    },
  });
  documentId = (
    await server.database.db
      .insertInto('attachments')
      .values({
        application_id: described.id,
        description: 'Company registration certificate',
        path: `uploads/${'a'.repeat(32)}`,
        name: 'certificate.pdf',
        size: 10,
        mime: 'application/pdf',
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  licence = await insertApplication(server, {
    clientId: alice.id,
    serviceId: IMPORT_LICENCE,
    statusId: 2,
    record: {
      key: 'basel_convention',
      data: {
        waste_identifications: [
          { waste_identification_id: 1, code: 'A1010' },
          { waste_identification_id: 2, code: 'Y1' },
        ],
      },
    },
  });
  const now = nowIso();
  for (let start = 0; start < MANY; start += 250)
    await server.database.db
      .insertInto('applications')
      .values(
        Array.from({ length: Math.min(250, MANY - start) }, (_, i) => ({
          app_id: `EP-MANY-${start + i}`,
          client_id: alice.id,
          service_id: PLASTICS,
          status_id: 2,
          resubmitted: 0,
          submitted_at: now,
          created_at: now,
          updated_at: now,
          manually_processed: 0,
          manual_certificate_path: null,
          manual_certificate_name: null,
          final_certificate_uploaded: 0,
          certificate_token: `many-${start + i}`,
        })),
      )
      .execute();
});
afterAll(async () => server.close());

describe('GET staff/queue/export', () => {
  it('writes one CSV row per application, every batch once, the answers under their titles', async () => {
    const { header, rows } = await csvOf('?service=plastics');
    expect(header.slice(0, 9)).toEqual([
      'Application number',
      'Service',
      'Status',
      'Applicant',
      'E-mail',
      'Company',
      'Submitted on',
      'Assignee',
      'Documents',
    ]);
    expect(header).toEqual(expect.arrayContaining(['Applicant type', 'Description', 'Quantity']));
    expect(rows).toHaveLength(MANY + 1);
    expect(new Set(rows.map((row) => row['Application number'])).size).toBe(MANY + 1);
    const row = rows.find((candidate) => candidate['Application number'] === described.app_id);
    expect(row).toMatchObject({
      Service: 'plastics',
      Status: 'submitted',
      Applicant: 'Alice Uwase',
      Company: 'Green Packaging Ltd',
      // A choice by its title, as the answers' summary shows it.
      'Applicant type': 'Company',
      'Usage of the finished products': 'Export',
      // The form's own field of the same title is told apart by its path.
      'Company (company_id)': String(companyId),
      Quantity: '10',
      Description: QUOTED,
    });
    expect(row?.Documents).toBe(
      `Company registration certificate: ${server.config.publicUrl}/api/staff/applications/${described.id}/documents/${documentId}`,
    );
  });

  it("records the export in each exported application's history: internal, with who and the session, every batch", async () => {
    const db = server.database.db;
    const last = async () =>
      Number((await db.selectFrom('flow_histories').select(db.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0);
    const exportedSince = (after: number) =>
      db
        .selectFrom('flow_histories')
        .select(['application_id', 'status_id', 'actor', 'session', 'internal', 'event', 'event_subject'])
        .where('id', '>', after)
        .execute();
    let before = await last();
    await csvOf('?service=plastics&q=green');
    expect(await exportedSince(before)).toEqual([
      {
        application_id: described.id,
        status_id: 2,
        actor: 'staff:export.reviewer',
        session: 'key',
        internal: 1,
        event: 'exported',
        event_subject: null,
      },
    ]);
    before = await last();
    const { rows } = await csvOf('?service=plastics');
    const written = await exportedSince(before);
    expect(written).toHaveLength(rows.length);
    expect(new Set(written.map((row) => row.application_id)).size).toBe(MANY + 1);
  });

  it('escapes by RFC 4180 and disarms a text a spreadsheet would run as a formula', async () => {
    const { raw, rows } = await csvOf('?service=plastics&q=green');
    expect(raw).toContain('"He said ""hi"", then\nleft"');
    const cells = Object.values(rows[0] ?? {});
    expect(cells).toContain(`'${FORMULA}`);
    expect(cells).not.toContain(FORMULA);
  });

  it('titles the columns and the choices in the language asked for', async () => {
    const { header, rows } = await csvOf('?service=plastics&lang=de&q=green');
    expect(header).toEqual(expect.arrayContaining(['Antragsnummer', 'Unternehmen', 'Art des Antragstellers']));
    expect(header).not.toContain('Applicant type');
    expect(rows[0]).toMatchObject({
      'Art des Antragstellers': 'Unternehmen',
      'Verwendung der Fertigprodukte': 'Ausfuhr',
    });
  });

  it('answers JSON: the columns with their titles, the rows by column, lists of rows indexed', async () => {
    const answer = await exported('?service=import-licence&format=json');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    const { columns, rows } = answer.json<{
      columns: Array<{ key: string; title: string }>;
      rows: Array<Record<string, unknown>>;
    }>();
    const keys = columns.map((column) => column.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'app_id',
        'answers.waste_identifications.0.code',
        'answers.waste_identifications.1.code',
      ]),
    );
    // As many indexed columns as the longest list holds.
    expect(keys.some((key) => key.startsWith('answers.waste_identifications.2.'))).toBe(false);
    expect(columns.find((column) => column.key === 'answers.waste_identifications.1.code')?.title).toMatch(/ 2 › /);
    expect(rows).toEqual([
      expect.objectContaining({
        app_id: licence.app_id,
        'answers.waste_identifications.0.code': 'A1010',
        'answers.waste_identifications.1.code': 'Y1',
      }),
    ]);
  });

  it('exports only what the queue shows the caller: a service they cannot view is refused (403)', async () => {
    expect((await exported('?service=import-licence', plasticsOnly)).statusCode).toBe(403);
    const all = await exported('?format=json', plasticsOnly);
    const rows = all.json<{ rows: Array<{ service: string }> }>().rows;
    expect(new Set(rows.map((row) => row.service))).toEqual(new Set(['plastics']));
  });

  it('refuses an unknown format or language (422 naming it)', async () => {
    for (const [query, field] of [
      ['?format=xml', 'format'],
      ['?lang=xx', 'lang'],
      ['?lang=../../etc', 'lang'],
    ] as const) {
      const answer = await exported(query);
      expect(answer.statusCode, query).toBe(422);
      expect(answer.json<{ data: { fields: Array<{ field: string }> } }>().data.fields.map((f) => f.field)).toEqual([
        field,
      ]);
    }
  });
});
