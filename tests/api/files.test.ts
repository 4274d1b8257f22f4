import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { moveStatus } from '../../server/transitions/execute';
import { call, multipart, PDF, PNG, signUp, startServer, type TestServer, type TestUser } from './helpers';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let appId: number;
beforeAll(async () => {
  server = await startServer();
  alice = await signUp(server);
  bob = await signUp(server);
  appId = (
    await call<{ id: number }>(server.app, 'POST', 'client/application/1', {
      token: alice.token,
      body: { client_id: alice.id },
    })
  ).body.data.id;
});
afterAll(async () => server.close());

const upload = (token: string | null, fields: Record<string, string>, file?: Parameters<typeof multipart>[1]) => {
  const { payload, headers } = multipart(fields, file);
  return server.app.inject({
    method: 'POST',
    url: '/api/applications/upload/file',
    payload,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
};
const uploadsOnDisk = () => readdirSync(join(server.config.dataDir, 'uploads')).length;

describe('upload and download', () => {
  it('stores a PDF and gives it back to its owner only', async () => {
    const res = await upload(
      alice.token,
      { application_id: String(appId), description: 'Company registration certificate' },
      { name: 'certificate é.pdf', content: PDF, type: 'application/pdf' },
    );
    expect(res.statusCode).toBe(201);
    const data = res.json<{ data: { id: number; path: string; name: string; description: string } }>().data;
    expect(data).toMatchObject({ description: 'Company registration certificate', name: 'certificate é.pdf' });
    expect(data.path).toMatch(/^uploads\/[0-9a-f]{32}$/);

    const download = await server.app.inject({
      method: 'GET',
      url: `/api/service/download-attachment?file=${encodeURIComponent(data.path)}`,
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="certificate _.pdf"; filename*=UTF-8''certificate%20%C3%A9.pdf`,
    );

    const stolen = await server.app.inject({
      method: 'GET',
      url: `/api/service/download-attachment?file=${encodeURIComponent(data.path)}`,
      headers: { authorization: `Bearer ${bob.token}` },
    });
    expect(stolen.statusCode).toBe(404);
    const traversal = await server.app.inject({
      method: 'GET',
      url: `/api/service/download-attachment?file=${encodeURIComponent('../ecopermit.sqlite')}`,
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(traversal.statusCode).toBe(404);

    const detail = await call<{ application_attachments: unknown[] }>(server.app, 'GET', `application/${appId}`, {
      token: alice.token,
    });
    expect(detail.body.data.application_attachments).toEqual([
      {
        id: data.id,
        description: 'Company registration certificate',
        path: data.path,
        name: 'certificate é.pdf',
        created_at: expect.stringMatching(/^\d{4}-/),
        earlier_versions: 0,
      },
    ]);
  });

  it('accepts an image whose content matches', async () => {
    const res = await upload(
      alice.token,
      { application_id: String(appId), description: 'Product sample picture' },
      { name: 'sample.PNG', content: PNG, type: 'image/png' },
    );
    expect(res.statusCode).toBe(201);
  });

  it('refuses a disallowed type by extension or by content, leaving nothing on disk', async () => {
    const before = uploadsOnDisk();
    const exe = await upload(
      alice.token,
      { application_id: String(appId), description: 'x' },
      { name: 'tool.exe', content: Buffer.from('MZ\x90\x00'), type: 'application/octet-stream' },
    );
    expect(exe.statusCode).toBe(415);
    expect(exe.json()).toMatchObject({ code: 415, data: null, error: expect.stringMatching(/not accepted/) });
    const fakePdf = await upload(
      alice.token,
      { application_id: String(appId), description: 'x' },
      { name: 'fake.pdf', content: Buffer.from('<html>hello</html>'), type: 'application/pdf' },
    );
    expect(fakePdf.statusCode).toBe(415);
    const renamed = await upload(
      alice.token,
      { application_id: String(appId), description: 'x' },
      { name: 'image.pdf', content: PNG, type: 'application/pdf' },
    );
    expect(renamed.statusCode).toBe(415);
    expect(uploadsOnDisk()).toBe(before);
  });

  it('refuses a file over 25 MB with 413', async () => {
    const before = uploadsOnDisk();
    const big = Buffer.concat([PDF, Buffer.alloc(25 * 1024 * 1024 + 10, 0x20)]);
    const res = await upload(
      alice.token,
      { application_id: String(appId), description: 'big' },
      { name: 'big.pdf', content: big, type: 'application/pdf' },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 413, data: null });
    expect(uploadsOnDisk()).toBe(before);
  });

  it("refuses missing token, missing file, another client's application and a closed application", async () => {
    expect((await upload(null, { application_id: String(appId) }, { name: 'a.pdf', content: PDF })).statusCode).toBe(
      401,
    );
    const missing = await upload(alice.token, { application_id: String(appId), description: 'x' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json<{ error: string }>().error).toBe('Invalid fields: file');
    expect(
      (await upload(bob.token, { application_id: String(appId), description: 'x' }, { name: 'a.pdf', content: PDF }))
        .statusCode,
    ).toBe(404);
    const closed = (
      await call<{ id: number }>(server.app, 'POST', 'client/application/1', {
        token: alice.token,
        body: { client_id: alice.id },
      })
    ).body.data.id;
    await moveStatus(server.database.db, closed, { statusId: 6 });
    expect(
      (await upload(alice.token, { application_id: String(closed), description: 'x' }, { name: 'a.pdf', content: PDF }))
        .statusCode,
    ).toBe(409);
  });

  it("takes only the kinds of the document's own slot: a PDF-only upload of the audit refuses an image", async () => {
    const audit = (
      await call<{ id: number }>(server.app, 'POST', 'client/application/17003', {
        token: alice.token,
        body: { client_id: alice.id },
      })
    ).body.data.id;
    const image = await upload(
      alice.token,
      { application_id: String(audit), description: 'Legal document' },
      { name: 'legal.png', content: PNG, type: 'image/png' },
    );
    expect(image.statusCode).toBe(415);
    expect(image.json<{ error: string }>().error).toBe('This file type is not accepted. Accepted: pdf');
    const pdf = await upload(
      alice.token,
      { application_id: String(audit), description: 'Legal document' },
      { name: 'legal.pdf', content: PDF, type: 'application/pdf' },
    );
    expect(pdf.statusCode).toBe(201);
    // The service's own kinds still hold for its other documents.
    const photo = await upload(
      alice.token,
      { application_id: String(audit), description: 'Site photo' },
      { name: 'site.png', content: PNG, type: 'image/png' },
    );
    expect(photo.statusCode).toBe(201);
  });

  it("replaces a draft's file of a document, and keeps a returned application's versions with the latest shown", async () => {
    const draft = (
      await call<{ id: number }>(server.app, 'POST', 'client/application/1', {
        token: alice.token,
        body: { client_id: alice.id },
      })
    ).body.data.id;
    const send = (name: string) =>
      upload(
        alice.token,
        { application_id: String(draft), description: 'Company registration certificate' },
        { name, content: PDF, type: 'application/pdf' },
      );
    const files = () =>
      server.database.db
        .selectFrom('attachments')
        .select(['name', 'path'])
        .where('application_id', '=', draft)
        .orderBy('id')
        .execute();
    const detail = async () =>
      (
        await call<{ application_attachments: Array<{ name: string; earlier_versions: number; created_at: string }> }>(
          server.app,
          'GET',
          `application/${draft}`,
          { token: alice.token },
        )
      ).body.data.application_attachments;

    expect((await send('first.pdf')).statusCode).toBe(201);
    const [first] = await files();
    expect((await send('second.pdf')).statusCode).toBe(201);
    // In a draft the new file replaces the old one, on disk too.
    expect((await files()).map((row) => row.name)).toEqual(['second.pdf']);
    expect(readdirSync(join(server.config.dataDir, 'uploads'))).not.toContain(first?.path.split('/')[1]);

    // Returned for correction: the corrected file is listed, the earlier one kept for the authority.
    await moveStatus(server.database.db, draft, { statusId: 7 });
    expect((await send('corrected.pdf')).statusCode).toBe(201);
    expect((await files()).map((row) => row.name)).toEqual(['second.pdf', 'corrected.pdf']);
    const listed = await detail();
    expect(listed.map((item) => [item.name, item.earlier_versions])).toEqual([['corrected.pdf', 1]]);
    expect(listed[0]?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });
});
