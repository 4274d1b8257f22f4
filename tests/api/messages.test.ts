// @module-tag dialect-free: the messages' language is chosen and translated in Node, before and after any query.
/**
 * The API answers its messages in the caller's language (Accept-Language, as the portal sends it):
 * its own messages, the values they carry, the field messages of a service's rules, and English when
 * the caller asks for English or a language without a catalogue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicantWithDraft, call, plasticsBody, signUp, startServer, type TestServer } from './helpers';

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ LOGIN_MAX_FAILURES: '2' });
});
afterAll(async () => server?.close());

const login = (username: string, password: string, language?: string) =>
  call(server.app, 'POST', 'clients/login', {
    body: { username, password },
    ...(language ? { headers: { 'accept-language': language } } : {}),
  });

describe('messages in the caller’s language', () => {
  it('answers a refused sign-in in German, Italian or English as asked', async () => {
    const user = await signUp(server);
    for (let attempt = 0; attempt < 2; attempt += 1)
      expect((await login(user.email, 'Wrong-Password-1', 'de-DE,de;q=0.9,en;q=0.8')).body.error).toBe(
        'Benutzername oder Passwort ungültig',
      );
    // The account is locked now: the wait, in minutes, is carried into the translation.
    const locked = await login(user.email, user.password, 'it');
    expect(locked.status).toBe(429);
    expect(locked.body.error).toMatch(/^Troppi tentativi\. Riprovi tra \d+ minuti\.$/);
    expect((await login(user.email, user.password, 'en')).body.error).toMatch(
      /^Too many attempts\. Please try again in \d+ minutes\.$/,
    );
    expect((await login(user.email, user.password, 'fr')).body.error).toMatch(/^Too many attempts/);
    expect((await login(user.email, user.password)).body.error).toMatch(/^Too many attempts/);
  });

  it("translates a service's field messages and the summary of a refused submission", async () => {
    const { user, company, draft } = await applicantWithDraft(server);
    const refused = await call<{ fields: Array<{ field: string; message: string }> }>(
      server.app,
      'POST',
      'clients/applications/plastic-bags-authorization',
      {
        token: user.token,
        headers: { 'accept-language': 'es' },
        body: plasticsBody(
          { clientId: user.id, company, applicationId: draft },
          { is_company: false, company_id: undefined, company_name: 'Ana', contact_telephone: '0788', tin: '12' },
        ),
      },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('Campos no válidos: tin');
    expect(refused.body.data.fields).toEqual([
      { field: 'tin', message: '¡Su número de identificación debe tener 16 dígitos!' },
    ]);
  });

  it('answers a route that does not exist and a missing token in Russian', async () => {
    const missing = await call(server.app, 'GET', 'no-such-route', { headers: { 'accept-language': 'ru' } });
    expect(missing.body).toEqual({ code: 404, data: null, error: 'Не найдено' });
    const anonymous = await call(server.app, 'GET', 'companies/1', { headers: { 'accept-language': 'ru' } });
    expect(anonymous.body.error).toBe('Требуется вход');
  });
});

describe('the language of a client’s e-mails', () => {
  const stored = async (id: number) =>
    (await server.database.db.selectFrom('clients').select('language').where('id', '=', id).executeTakeFirstOrThrow())
      .language;

  it('is the registration’s, then changes only when the client chooses one, never by a request’s Accept-Language', async () => {
    const russian = { 'accept-language': 'ru' };
    const registered = await call<{ email: string }>(server.app, 'POST', 'clients', {
      headers: russian,
      body: {
        first_name: 'Olga',
        last_name: 'Ivanova',
        telephone: '0785550001',
        email: `olga-${process.pid}@example.org`,
      },
    });
    expect(registered.status).toBe(201);
    const olga = await server.database.db
      .selectFrom('clients')
      .select('language')
      .where('email', '=', `olga-${process.pid}@example.org`)
      .executeTakeFirstOrThrow();
    expect(olga.language).toBe('ru');
    const user = await signUp(server);
    await server.database.db.updateTable('clients').set({ language: 'ru' }).where('id', '=', user.id).execute();
    // What a plain HTTP client sends, another language, a sign-in in English: none of them a choice.
    await call(server.app, 'GET', `client/statistics/${user.id}`, {
      token: user.token,
      headers: { 'accept-language': '*' },
    });
    await call(server.app, 'GET', `companies/${user.id}`, { token: user.token, headers: { 'accept-language': 'de' } });
    expect((await login(user.email, user.password, 'en')).status).toBe(200);
    expect(await stored(user.id)).toBe('ru');

    const chosen = await call(server.app, 'PUT', `client/${user.id}/language`, {
      token: user.token,
      body: { language: 'it' },
    });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body.data).toEqual({ language: 'it' });
    expect(await stored(user.id)).toBe('it');
    const english = await call(server.app, 'PUT', `client/${user.id}/language`, {
      token: user.token,
      body: { language: 'en' },
    });
    expect(english.status).toBe(200);
    expect(await stored(user.id)).toBe('en');

    const unknown = await call(server.app, 'PUT', `client/${user.id}/language`, {
      token: user.token,
      headers: { 'accept-language': 'de' },
      body: { language: 'xx' },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.data).toEqual({
      fields: [{ field: 'language', message: 'Wählen Sie eine der Sprachen des Portals.' }],
    });
    const other = await signUp(server);
    const foreign = await call(server.app, 'PUT', `client/${other.id}/language`, {
      token: user.token,
      body: { language: 'de' },
    });
    expect(foreign.status).toBe(403);
    expect(await stored(other.id)).not.toBe('de');
    expect(await stored(user.id)).toBe('en');
  });
});
