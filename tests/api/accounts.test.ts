import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeliver } from '../../server/mail/deliver';
import { call, otpFor, sendQueuedMail, signUp, startServer, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server.close());

const register = (email: string, telephone: string) =>
  call(server.app, 'POST', 'clients', {
    body: { first_name: 'Eric', last_name: 'Mugisha', other_name: null, telephone, email },
  });

const confirm = (username: string, otp: string) =>
  call<{ confirmed: boolean; password_token: string }>(server.app, 'POST', 'client/confirm-otp', {
    body: { username, otp },
  });

describe('registration', () => {
  it('creates the account, answers 201 and sends the code to each recipient, logged without SMTP', async () => {
    const res = await register('eric@example.org', '0781111111');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      code: 201,
      data: { email: 'eric@example.org', telephone: '0781111111' },
      error: null,
    });
    const code = await otpFor(server, 'eric@example.org');
    expect(code).toMatch(/^\d{6}$/);
    // Without SMTP_URL the log is the only delivery: the code is in it, for the e-mail and the phone.
    expect(server.log).toContain(`[mail] To eric@example.org (en): Your EcoPermit registration code ${code}`);
    expect(server.log).toContain(`[mail] To 0781111111 (en): Your EcoPermit registration code ${code}`);
  });

  it('refuses bad fields with 422 naming them, and stores nothing', async () => {
    const res = await call<{ fields: Array<{ field: string; message: string }> }>(server.app, 'POST', 'clients', {
      body: { first_name: '', telephone: '12345', email: 'not-an-email' },
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('Invalid fields: first_name, last_name, telephone, email');
    expect(res.body.data.fields).toContainEqual({ field: 'telephone', message: 'Enter a 10 digit phone number.' });
    const count = await server.database.db
      .selectFrom('clients')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('email', '=', 'not-an-email')
      .executeTakeFirst();
    expect(Number(count?.n)).toBe(0);
  });

  it('refuses a wrong code, then confirms the right one with a password secret, used once', async () => {
    await register('maria@example.org', '0781111112');
    const code = await otpFor(server, 'maria@example.org');
    const wrong = await confirm('maria@example.org', code === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('Invalid code');
    const right = await confirm('0781111112', code);
    expect(right.status).toBe(200);
    expect(right.body.data).toEqual({ confirmed: true, password_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    const token = right.body.data.password_token;
    const set = await call(server.app, 'POST', 'client/password', {
      body: { username: 'maria@example.org', password: 'Secret-123', password_token: token },
    });
    expect(set.body).toEqual({ code: 200, data: { done: true }, error: null });
    const again = await call(server.app, 'POST', 'client/password', {
      body: { username: 'maria@example.org', password: 'Other-1234', password_token: token },
    });
    expect(again.status).toBe(403);
    const login = await call(server.app, 'POST', 'clients/login', {
      body: { username: 'maria@example.org', password: 'Secret-123' },
    });
    expect(login.status).toBe(200);
  });

  it('refuses an expired code', async () => {
    await register('late@example.org', '0782222222');
    await server.database.db
      .updateTable('otps')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const res = await confirm('late@example.org', await otpFor(server, 'late@example.org'));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/expired/);
  });

  it('blocks a code after 5 wrong attempts, even the right one', async () => {
    await register('guess@example.org', '0783333333');
    const code = await otpFor(server, 'guess@example.org');
    const wrong = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i += 1) expect((await confirm('guess@example.org', wrong)).status).toBe(400);
    const blocked = await confirm('guess@example.org', code);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('Too many attempts, request a new code');
    // Retry-After: when a new code may be sent (this server has no resend pause).
    expect(blocked.response.headers['retry-after']).toBe('0');
  });

  it('stores codes, password secrets and passwords hashed only', async () => {
    const client = await server.database.db
      .selectFrom('clients')
      .selectAll()
      .where('email', '=', 'maria@example.org')
      .executeTakeFirstOrThrow();
    expect(client.password_hash).toMatch(/^scrypt\$/);
    expect(client.password_hash).not.toContain('Secret-123');
    const otps = await server.database.db.selectFrom('otps').select(['code_hash', 'password_token_hash']).execute();
    for (const otp of otps) {
      expect(otp.code_hash).toMatch(/^[0-9a-f]{64}$/);
      if (otp.password_token_hash !== null) expect(otp.password_token_hash).toMatch(/^[0-9a-f]{64}$/);
    }
  });
});

describe('login, logout and tokens', () => {
  it('refuses a wrong password and an unknown user with the same message', async () => {
    const wrong = await call(server.app, 'POST', 'clients/login', {
      body: { username: 'maria@example.org', password: 'nope-nope' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('Invalid username or password');
    const unknown = await call(server.app, 'POST', 'clients/login', {
      body: { username: 'who@example.org', password: 'nope-nope' },
    });
    expect(unknown.body.error).toBe('Invalid username or password');
  });

  it('signs in with email or phone and answers the user object with a token', async () => {
    const res = await call<Record<string, unknown>>(server.app, 'POST', 'clients/login', {
      body: { username: '0781111112', password: 'Secret-123' },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(
      [
        'decision_emails',
        'email',
        'first_name',
        'id',
        'id_number',
        'last_name',
        'other_name',
        'phone',
        'token',
        'uid',
      ].sort(),
    );
    expect(res.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers 401 without a token, with a wrong token and after logout', async () => {
    const user = await signUp(server);
    expect((await call(server.app, 'GET', `companies/${user.id}`)).status).toBe(401);
    expect((await call(server.app, 'GET', `companies/${user.id}`, { token: 'x'.repeat(43) })).status).toBe(401);
    expect((await call(server.app, 'GET', `companies/${user.id}`, { token: user.token })).status).toBe(200);
    const out = await call(server.app, 'POST', 'clients/logout', { token: user.token, body: {} });
    expect(out.status).toBe(200);
    const after = await call(server.app, 'GET', `companies/${user.id}`, { token: user.token });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ code: 401, data: null, error: 'Unauthenticated' });
  });
});

describe('the language of a code', () => {
  const lines = (since: number) => server.lines.slice(since).map((line) => line.replace(/ \d{6}$/, ' <code>'));

  it('is the language of the page that asked for it, whatever language the account keeps', async () => {
    const user = await signUp(server);
    await sendQueuedMail(server);
    const before = server.lines.length;
    await call(server.app, 'POST', 'clients/reset-password', {
      body: { username: user.email },
      headers: { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' },
    });
    await sendQueuedMail(server);
    expect(lines(before)).toEqual([
      `[mail] To ${user.email} (ru): Ваш код для сброса пароля EcoPermit <code>`,
      `[mail] To ${user.telephone} (ru): Ваш код для сброса пароля EcoPermit <code>`,
    ]);
  });

  it('follows a registration started again from a page in another language', async () => {
    await register('irina@example.org', '0781111119');
    await sendQueuedMail(server);
    const before = server.lines.length;
    const again = await call(server.app, 'POST', 'clients', {
      body: {
        first_name: 'Irina',
        last_name: 'Mugisha',
        other_name: null,
        telephone: '0781111119',
        email: 'irina@example.org',
      },
      headers: { 'accept-language': 'ru' },
    });
    expect(again.status).toBe(201);
    await sendQueuedMail(server);
    expect(lines(before)).toEqual([
      '[mail] To irina@example.org (ru): Ваш код регистрации EcoPermit <code>',
      '[mail] To 0781111119 (ru): Ваш код регистрации EcoPermit <code>',
    ]);
  });
});

describe('password reset', () => {
  it('sends a code, confirms it and sets the new password with the secret; every session ends', async () => {
    const user = await signUp(server);
    const second = await call<{ token: string }>(server.app, 'POST', 'clients/login', {
      body: { username: user.telephone, password: user.password },
    });
    await sendQueuedMail(server);
    const before = server.lines.length;
    const asked = await call(server.app, 'POST', 'clients/reset-password', { body: { username: user.email } });
    expect(asked.body.data).toEqual({ sent: true });
    await sendQueuedMail(server);
    expect(server.lines.slice(before).map((line) => line.replace(/ \d{6}$/, ' <code>'))).toEqual([
      `[mail] To ${user.email} (en): Your EcoPermit password reset code <code>`,
      `[mail] To ${user.telephone} (en): Your EcoPermit password reset code <code>`,
    ]);
    const confirmed = await confirm(user.email, await otpFor(server, user.email));
    expect(confirmed.status).toBe(200);
    const set = await call(server.app, 'POST', 'clients/reset-password', {
      body: { username: user.email, password: 'New-Secret-1', password_token: confirmed.body.data.password_token },
    });
    expect(set.body.data).toEqual({ done: true });
    expect(
      (await call(server.app, 'POST', 'clients/login', { body: { username: user.email, password: 'New-Secret-1' } }))
        .status,
    ).toBe(200);
    // The reset ended the sessions opened before it.
    for (const token of [user.token, second.body.data.token]) {
      expect((await call(server.app, 'GET', `companies/${user.id}`, { token })).status).toBe(401);
    }
  });

  it('answers the same for an unknown account and sends nothing', async () => {
    await sendQueuedMail(server);
    const before = server.lines.length;
    const res = await call(server.app, 'POST', 'clients/reset-password', { body: { username: 'ghost@example.org' } });
    expect(res.body).toEqual({ code: 200, data: { sent: true }, error: null });
    await sendQueuedMail(server);
    expect(server.lines.length).toBe(before);
  });
});

describe('profile', () => {
  it('updates the caller and refuses another client id with 403', async () => {
    const user = await signUp(server);
    const other = await signUp(server);
    const body = {
      first_name: 'Alicia',
      last_name: 'Uwase',
      other_name: 'M',
      email: user.email,
      phone: user.telephone,
      id_number: '1199080012345678',
    };
    const res = await call<Record<string, unknown>>(server.app, 'PUT', `client/${user.id}`, {
      token: user.token,
      body,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: user.id,
      first_name: 'Alicia',
      other_name: 'M',
      id_number: '1199080012345678',
    });
    expect(res.body.data.token).toBeUndefined();
    const forbidden = await call(server.app, 'PUT', `client/${other.id}`, { token: user.token, body });
    expect(forbidden.body).toEqual({ code: 403, data: null, error: 'Forbidden' });
    const bad = await call(server.app, 'PUT', `client/${user.id}`, {
      token: user.token,
      body: { ...body, email: 'x', first_name: '' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error).toBe('Invalid fields: first_name, email');
    const taken = await call(server.app, 'PUT', `client/${user.id}`, {
      token: user.token,
      body: { ...body, email: other.email },
    });
    expect(taken.status).toBe(409);
  });

  it('clears the phone when it is left blank, keeps it when it is left out', async () => {
    const user = await signUp(server);
    const body = { first_name: 'Alice', last_name: 'Uwase', other_name: '', email: user.email, id_number: '' };
    const kept = await call<Record<string, unknown>>(server.app, 'PUT', `client/${user.id}`, {
      token: user.token,
      body,
    });
    expect(kept.body.data.phone).toBe(user.telephone);
    const cleared = await call<Record<string, unknown>>(server.app, 'PUT', `client/${user.id}`, {
      token: user.token,
      body: { ...body, phone: '' },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.phone).toBeNull();
    const login = await call<Record<string, unknown>>(server.app, 'POST', 'clients/login', {
      body: { username: user.email, password: user.password },
    });
    expect(login.body.data.phone).toBeNull();
    // Nothing is sent to a phone the account no longer has; the number is free for another account.
    await sendQueuedMail(server);
    server.lines.length = 0;
    const reset = await call(server.app, 'POST', 'clients/reset-password', { body: { username: user.email } });
    expect(reset.status).toBe(200);
    await sendQueuedMail(server);
    expect(server.lines.filter((line) => line.includes(user.telephone))).toEqual([]);
    expect(server.lines.some((line) => line.includes(user.email))).toBe(true);
    const taker = await signUp(server, { telephone: user.telephone });
    expect(taker.telephone).toBe(user.telephone);
    // Two accounts without a phone do not clash.
    const other = await signUp(server);
    const alsoCleared = await call(server.app, 'PUT', `client/${other.id}`, {
      token: other.token,
      body: { ...body, email: other.email, phone: null },
    });
    expect(alsoCleared.status).toBe(200);
  });
});

describe('the log delivery (no SMTP_URL)', () => {
  const written = { subject: 'Subject', html: '<p>x</p>', language: 'de' };

  it('writes one line per message: the code of a code message, the first link of any other', async () => {
    const lines: string[] = [];
    const deliver = createDeliver('', 'x@example.org', { timeoutMs: 1_000, log: (line) => lines.push(line) });
    await deliver({ ...written, to: 'a@example.org', text: 'Your code: 012345', code: '012345' });
    await deliver({ ...written, to: '0780000000', text: 'Your code: 012345', code: '012345' });
    await deliver({
      ...written,
      to: 'b@example.org',
      text: 'See https://portal.example/a and https://portal.example/b',
    });
    await deliver({ ...written, to: 'c@example.org', text: 'No link' });
    expect(lines).toEqual([
      '[mail] To a@example.org (de): Subject 012345',
      '[mail] To 0780000000 (de): Subject 012345',
      '[mail] To b@example.org (de): Subject https://portal.example/a',
      '[mail] To c@example.org (de): Subject',
    ]);
  });
});
