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
