/**
 * The account limits of docs/security.md, each tried as an attacker would: the password
 * step bound to the person who confirmed the code, sign-in and code limits (also under concurrent
 * requests), password rules, session expiry, registration that does not reveal who is registered.
 */
import { buildApp } from '../../server/app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_EXPIRED } from '../../server/auth-hook';
import { COMMON_PASSWORD_COUNT, PASSWORD_MESSAGES } from '../../server/password-policy';
import { createPasswordHasher, sha256, type PasswordHasher } from '../../server/security';
import { consume } from '../../server/throttle';
import {
  call,
  loseClientRace,
  otpFor,
  sendQueuedMail,
  signUp,
  startServer,
  type TestServer,
  type TestUser,
} from './helpers';

/** A real hasher that counts the passwords it verifies. */
function countingHasher(): PasswordHasher & { verified: number } {
  const inner = createPasswordHasher(2);
  const counting = {
    verified: 0,
    hash: (password: string) => inner.hash(password),
    verify: (password: string, stored: string | null) => {
      counting.verified += 1;
      return inner.verify(password, stored);
    },
    load: () => inner.load(),
  };
  return counting;
}

const login = (server: TestServer, username: string, password: string, address?: string) =>
  call<{ token: string }>(server.app, 'POST', 'clients/login', {
    body: { username, password },
    ...(address ? { address } : {}),
  });

const register = (server: TestServer, email: string, telephone: string) =>
  call(server.app, 'POST', 'clients', { body: { first_name: 'Eve', last_name: 'Test', telephone, email } });

const confirm = (server: TestServer, username: string, otp: string) =>
  call<{ password_token: string }>(server.app, 'POST', 'client/confirm-otp', { body: { username, otp } });

const TOO_MANY = /^Too many attempts\. Please try again in \d+ minutes?\.$/;

describe('the password step belongs to whoever confirmed the code', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server.close());

  it('refuses an anonymous caller after the owner confirmed, and keeps the account unchanged', async () => {
    await register(server, 'owner@example.org', '0790000001');
    const confirmed = await confirm(server, 'owner@example.org', await otpFor(server, 'owner@example.org'));
    expect(confirmed.status).toBe(200);

    const noSecret = await call(server.app, 'POST', 'client/password', {
      body: { username: 'owner@example.org', password: 'Attacker-Pass-1' },
    });
    expect(noSecret.body).toEqual({ code: 403, data: null, error: 'Confirm the code sent to you first.' });
    const forged = await call(server.app, 'POST', 'client/password', {
      body: { username: 'owner@example.org', password: 'Attacker-Pass-1', password_token: 'A'.repeat(43) },
    });
    expect(forged.status).toBe(403);
    expect(forged.body.error).toBe('This confirmation is not valid or was already used. Please request a new code.');
    const row = await server.database.db
      .selectFrom('clients')
      .select('password_hash')
      .where('email', '=', 'owner@example.org')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();
    expect((await login(server, 'owner@example.org', 'Attacker-Pass-1')).status).toBe(401);

    const owner = await call(server.app, 'POST', 'client/password', {
      body: {
        username: 'owner@example.org',
        password: 'Owner-Pass-1',
        password_token: confirmed.body.data.password_token,
      },
    });
    expect(owner.status).toBe(200);
    expect((await login(server, 'owner@example.org', 'Owner-Pass-1')).status).toBe(200);
  });

  it("refuses another account's secret, an expired one, and a reset without one", async () => {
    const alice = await signUp(server);
    const bob = await signUp(server);
    await call(server.app, 'POST', 'clients/reset-password', { body: { username: bob.email } });
    const bobs = await confirm(server, bob.email, await otpFor(server, bob.email));
    const crossed = await call(server.app, 'POST', 'clients/reset-password', {
      body: { username: alice.email, password: 'Taken-Over-1', password_token: bobs.body.data.password_token },
    });
    expect(crossed.status).toBe(403);
    const bare = await call(server.app, 'POST', 'clients/reset-password', {
      body: { username: bob.email, password: 'Taken-Over-1' },
    });
    expect(bare.status).toBe(403);
    expect((await login(server, alice.email, alice.password)).status).toBe(200);
    expect((await login(server, bob.email, bob.password)).status).toBe(200);

    await server.database.db
      .updateTable('otps')
      .set({ confirmed_at: new Date(Date.now() - 16 * 60_000).toISOString() })
      .where('password_token_hash', 'is not', null)
      .where('used_at', 'is', null)
      .execute();
    const expired = await call(server.app, 'POST', 'clients/reset-password', {
      body: { username: bob.email, password: 'Late-Change-1', password_token: bobs.body.data.password_token },
    });
    expect(expired.body).toEqual({
      code: 403,
      data: null,
      error: 'This confirmation has expired. Please request a new code.',
    });
    expect((await login(server, bob.email, bob.password)).status).toBe(200);
  });

  it('sets exactly one password when one secret is sent twenty times at once', async () => {
    const user = await signUp(server);
    await call(server.app, 'POST', 'clients/reset-password', { body: { username: user.email } });
    const secret = (await confirm(server, user.email, await otpFor(server, user.email))).body.data.password_token;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(server.app, 'POST', 'clients/reset-password', {
          body: { username: user.email, password: `Parallel-Pass-${i}`, password_token: secret },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 403)).toHaveLength(19);
  });
});

describe('sign-in limits', () => {
  let server: TestServer;
  let hasher: ReturnType<typeof countingHasher>;
  let alice: TestUser;
  beforeAll(async () => {
    hasher = countingHasher();
    server = await startServer({ LOGIN_MAX_FAILURES_PER_ADDRESS: '8' }, { hasher });
    alice = await signUp(server);
  });
  afterAll(async () => server.close());

  it('locks an account for 15 minutes after 5 failures, even for the right password, then lets it in', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await login(server, alice.email, 'wrong-password', `10.1.0.${i}`)).status).toBe(401);
    }
    const locked = await login(server, alice.email, alice.password, '10.1.0.9');
    expect(locked.status).toBe(429);
    expect(locked.body.error).toBe('Too many attempts. Please try again in 15 minutes.');
    expect(Number(locked.response.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(locked.response.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // By phone too: the lock is the account's, not the name's.
    expect((await login(server, alice.telephone, alice.password, '10.1.0.9')).status).toBe(429);

    await server.database.db
      .updateTable('throttles')
      .set({ window_started_at: new Date(Date.now() - 16 * 60_000).toISOString() })
      .where('bucket', '=', `login-account:${alice.id}`)
      .execute();
    expect((await login(server, alice.email, alice.password, '10.1.0.9')).status).toBe(200);
    // A success clears the account's failures.
    for (let i = 0; i < 4; i += 1) await login(server, alice.email, 'wrong-password', '10.1.0.10');
    expect((await login(server, alice.email, alice.password, '10.1.0.11')).status).toBe(200);
  });

  it("limits one address across accounts; a success does not clear the others' failures", async () => {
    const bob = await signUp(server);
    const address = '10.2.0.1';
    for (let i = 0; i < 4; i += 1) await login(server, `nobody${i}@example.org`, 'wrong-password', address);
    expect((await login(server, bob.email, bob.password, address)).status).toBe(200);
    for (let i = 4; i < 8; i += 1) await login(server, `nobody${i}@example.org`, 'wrong-password', address);
    const blocked = await login(server, bob.email, bob.password, address);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toMatch(TOO_MANY);
    // Another address is not affected.
    expect((await login(server, bob.email, bob.password, '10.2.0.2')).status).toBe(200);
  });

  it('answers a blocked address before hashing: a flood costs no password checks', async () => {
    const address = '10.3.0.1';
    const before = hasher.verified;
    const answers = [];
    for (let i = 0; i < 40; i += 1) answers.push((await login(server, `flood${i}@example.org`, 'x', address)).status);
    expect(answers.filter((s) => s === 401)).toHaveLength(8);
    expect(answers.filter((s) => s === 429)).toHaveLength(32);
    expect(hasher.verified - before).toBe(8);
  });

  it('holds the account limit under twenty concurrent guesses', async () => {
    const carol = await signUp(server);
    const before = hasher.verified;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(server, carol.email, `guess-${i}`, `10.4.0.${i}`)),
    );
    expect(answers.filter((a) => a.status === 401)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(15);
    expect(hasher.verified - before).toBe(5);
  });

  it('caps the calls of one address on the public account routes', async () => {
    const capped = await startServer({ ACCOUNT_REQUESTS_PER_MINUTE: '3' });
    try {
      const answers = [];
      for (let i = 0; i < 4; i += 1) {
        answers.push(await call(capped.app, 'POST', 'clients/reset-password', { body: { username: 'x@example.org' } }));
      }
      expect(answers.slice(0, 3).map((a) => a.status)).toEqual([200, 200, 200]);
      expect(answers[3]?.status).toBe(429);
      expect(answers[3]?.body).toEqual({ code: 429, data: null, error: expect.stringMatching(TOO_MANY) });
      expect(answers[3]?.response.headers['retry-after']).toBeDefined();
    } finally {
      await capped.close();
    }
  });

  it('counts the calls of one address across instances on one database (not in one process)', async () => {
    const first = await startServer({ ACCOUNT_REQUESTS_PER_MINUTE: '3' });
    // A second instance on the same database, as behind a load balancer.
    const second = await buildApp({ ...first.config });
    try {
      const ask = (app: typeof second) =>
        call(app, 'POST', 'clients/reset-password', { body: { username: 'y@example.org' } }).then((a) => a.status);
      expect([await ask(first.app), await ask(second), await ask(first.app)]).toEqual([200, 200, 200]);
      expect(await ask(second)).toBe(429);
      // Another address keeps its own allowance.
      const other = await call(second, 'POST', 'clients/reset-password', {
        body: { username: 'y@example.org' },
        address: '10.9.0.1',
      });
      expect(other.status).toBe(200);
    } finally {
      await second.close();
      await first.close();
    }
  });
});

describe('code limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server.close());

  const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

  it('allows 20 wrong guesses per account and hour across new codes', async () => {
    const email = 'hourly@example.org';
    const phone = '0791000001';
    await register(server, email, phone);
    for (let round = 0; round < 4; round += 1) {
      if (round > 0) expect((await register(server, email, phone)).status).toBe(201); // a new code
      const code = await otpFor(server, email);
      for (let i = 0; i < 5; i += 1) expect((await confirm(server, email, wrongFor(code))).status).toBe(400);
    }
    await register(server, email, phone);
    const blocked = await confirm(server, email, await otpFor(server, email));
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('Too many attempts. Please try again in 60 minutes.');
  });

  it('counts concurrent guesses of one code atomically: five are judged, the rest refused', async () => {
    const email = 'racer@example.org';
    await register(server, email, '0791000002');
    const code = await otpFor(server, email);
    const answers = await Promise.all(Array.from({ length: 20 }, () => confirm(server, email, wrongFor(code))));
    expect(answers.filter((a) => a.status === 400)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(15);
    const otp = await server.database.db
      .selectFrom('otps')
      .innerJoin('clients', 'clients.id', 'otps.client_id')
      .select('otps.attempts')
      .where('clients.email', '=', email)
      .executeTakeFirstOrThrow();
    expect(otp.attempts).toBe(5);
  });

  it('sends at most 5 codes an hour per account', async () => {
    const user = await signUp(server);
    for (let i = 0; i < 4; i += 1) {
      // signUp sent the first one.
      expect(
        (await call(server.app, 'POST', 'clients/reset-password', { body: { username: user.email } })).status,
      ).toBe(200);
    }
    const sixth = await call(server.app, 'POST', 'clients/reset-password', { body: { username: user.telephone } });
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toMatch(TOO_MANY);
  });

  it('pauses a minute before a code is sent again, for unknown names exactly as for accounts', async () => {
    const paused = await startServer({ OTP_RESEND_SECONDS: '60' });
    try {
      // Registration sent a code a moment ago: a reset code is another kind, not a resend.
      const user = await signUp(paused);
      for (const username of [user.email, 'nobody-here@example.org']) {
        const first = await call(paused.app, 'POST', 'clients/reset-password', { body: { username } });
        const second = await call(paused.app, 'POST', 'clients/reset-password', { body: { username } });
        expect(first.status).toBe(200);
        expect(second.status).toBe(429);
        expect(second.body.error).toBe('Too many attempts. Please try again in 1 minute.');
        expect(Number(second.response.headers['retry-after'])).toBeGreaterThan(50);
      }
      // A registration asked again (the portal's "send the code again") waits the same pause.
      expect((await register(paused, 'paused@example.org', '0791000010')).status).toBe(201);
      const again = await register(paused, 'paused@example.org', '0791000010');
      expect(again.status).toBe(429);
      expect(again.body.error).toBe('Too many attempts. Please try again in 1 minute.');
    } finally {
      await paused.close();
    }
  });
});

describe('password rules', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server.close());

  it('ships a list of at least 10,000 common passwords', () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThanOrEqual(10_000);
  });

  it('refuses short, blank and common passwords with the messages of the password step', async () => {
    await register(server, 'rules@example.org', '0792000001');
    const secret = (await confirm(server, 'rules@example.org', await otpFor(server, 'rules@example.org'))).body.data
      .password_token;
    const attempt = (password: string) =>
      call<{ fields: unknown[] }>(server.app, 'POST', 'client/password', {
        body: { username: 'rules@example.org', password, password_token: secret },
      });
    for (const [password, message] of [
      ['Short-1', PASSWORD_MESSAGES.tooShort],
      ['ééééééé', PASSWORD_MESSAGES.tooShort],
      ['          ', PASSWORD_MESSAGES.blank],
      ['password123', PASSWORD_MESSAGES.common],
      ['Sunshine1', PASSWORD_MESSAGES.common],
      ['x'.repeat(201), PASSWORD_MESSAGES.tooLong],
    ] as const) {
      const answer = await attempt(password);
      expect(answer.status).toBe(422);
      expect(answer.body.error).toBe(message);
      expect(answer.body.data.fields).toEqual([{ field: 'password', message }]);
    }
    expect(PASSWORD_MESSAGES.tooShort).toBe('The password must have at least 8 characters.');
    // The refusals did not use the confirmation up.
    expect((await attempt('Correct-Horse-Battery')).status).toBe(200);
  });
});

describe('sessions', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server.close());

  const age = (token: string, changes: { created_at?: string; last_used_at?: string }) =>
    server.database.db.updateTable('tokens').set(changes).where('token_hash', '=', sha256(token)).execute();

  it('expires a token idle for more than 12 hours, and any token 30 days after sign-in', async () => {
    const user = await signUp(server);
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

    await age(user.token, { last_used_at: hoursAgo(11) });
    expect((await call(server.app, 'GET', `companies/${user.id}`, { token: user.token })).status).toBe(200);
    const touched = await server.database.db
      .selectFrom('tokens')
      .select('last_used_at')
      .where('token_hash', '=', sha256(user.token))
      .executeTakeFirstOrThrow();
    expect(Date.now() - Date.parse(touched.last_used_at ?? '')).toBeLessThan(60_000);

    await age(user.token, { last_used_at: hoursAgo(13) });
    const idle = await call(server.app, 'GET', `companies/${user.id}`, { token: user.token });
    expect(idle.body).toEqual({ code: 401, data: null, error: SESSION_EXPIRED });
    expect((await call(server.app, 'GET', `companies/${user.id}`, { token: user.token })).status).toBe(401);

    const fresh = (await login(server, user.email, user.password)).body.data.token;
    await age(fresh, { created_at: hoursAgo(31 * 24), last_used_at: hoursAgo(0) });
    const old = await call(server.app, 'GET', `companies/${user.id}`, { token: fresh });
    expect(old.body.error).toBe(SESSION_EXPIRED);
  });
});

describe('registration does not tell who is registered', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => server.close());

  const clientCount = async () =>
    Number(
      (
        await server.database.db
          .selectFrom('clients')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('answers a taken e-mail or phone exactly like a new one, and tells the owner instead', async () => {
    const owner = await signUp(server);
    const fresh = await register(server, 'brand-new@example.org', '0793000001');
    const count = await clientCount();
    await sendQueuedMail(server);
    const before = server.lines.length;
    const takenEmail = await register(server, owner.email, '0793000002');
    const takenPhone = await register(server, 'someone-else@example.org', owner.telephone);
    for (const [answer, email, telephone] of [
      [takenEmail, owner.email, '0793000002'],
      [takenPhone, 'someone-else@example.org', owner.telephone],
    ] as const) {
      expect(answer.status).toBe(fresh.status);
      expect(answer.body).toEqual({ code: 201, data: { email, telephone }, error: null });
    }
    expect(await clientCount()).toBe(count);
    await sendQueuedMail(server);
    // The owner is told at each contact, once per attempt, with a link to sign in; nobody gets a code.
    const notice = (to: string) =>
      `[mail] To ${to} (en): Someone tried to register your EcoPermit account again ${server.config.publicUrl}/login`;
    expect(server.lines.slice(before)).toEqual([
      notice(owner.email),
      notice(owner.telephone),
      notice(owner.email),
      notice(owner.telephone),
    ]);
    expect((await login(server, owner.email, owner.password)).status).toBe(200);
  });

  it('starts an unconfirmed registration again with a new code', async () => {
    await register(server, 'pending@example.org', '0793000010');
    const first = await otpFor(server, 'pending@example.org');
    await register(server, 'pending@example.org', '0793000011');
    const second = await otpFor(server, '0793000011');
    expect((await confirm(server, 'pending@example.org', second)).status).toBe(200);
    expect(first).toMatch(/^\d{6}$/);
  });

  it('creates one account when one e-mail registers ten times at once, never failing', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        register(server, 'twins@example.org', `07940000${String(i).padStart(2, '0')}`),
      ),
    );
    // Each registration sends a code to the e-mail: past 5 an hour the answer is 429, never a 5xx.
    expect(answers.filter((a) => a.status === 201).length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.status === 201 || a.status === 429)).toBe(true);
    const rows = await server.database.db
      .selectFrom('clients')
      .select('id')
      .where('email', '=', 'twins@example.org')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('answers a registration that loses the race for its e-mail like any other', async () => {
    const undo = await loseClientRace(server, 'insert', 'email', 'contested@example.org');
    try {
      const answer = await register(server, 'contested@example.org', '0793000020');
      expect(answer.body).toEqual({
        code: 201,
        data: { email: 'contested@example.org', telephone: '0793000020' },
        error: null,
      });
    } finally {
      await undo();
    }
  });

  it('answers the same when a restarted registration loses the race for its new phone, and keeps it', async () => {
    await register(server, 'restart@example.org', '0793000030');
    const undo = await loseClientRace(server, 'update', 'telephone', '0793000031');
    try {
      const answer = await register(server, 'restart@example.org', '0793000031');
      expect(answer.body).toEqual({
        code: 201,
        data: { email: 'restart@example.org', telephone: '0793000031' },
        error: null,
      });
    } finally {
      await undo();
    }
    const row = await server.database.db
      .selectFrom('clients')
      .select('telephone')
      .where('email', '=', 'restart@example.org')
      .executeTakeFirstOrThrow();
    expect(row.telephone).toBe('0793000030');
  });

  it('answers 409 with the reason when another client takes the e-mail or phone between check and write', async () => {
    const user = await signUp(server);
    for (const [column, value, change] of [
      ['email', 'grabbed@example.org', { email: 'grabbed@example.org', phone: user.telephone }],
      ['telephone', '0793000040', { email: user.email, phone: '0793000040' }],
    ] as const) {
      const undo = await loseClientRace(server, 'update', column, value);
      try {
        const answer = await call(server.app, 'PUT', `client/${user.id}`, {
          token: user.token,
          body: { first_name: 'A', last_name: 'B', ...change },
        });
        expect(answer.body).toEqual({
          code: 409,
          data: null,
          error: 'An account with this email or phone already exists',
        });
      } finally {
        await undo();
      }
    }
  });

  it('answers 409, never 500, when two clients claim one e-mail at once', async () => {
    const a = await signUp(server);
    const b = await signUp(server);
    const profile = (user: TestUser) =>
      call(server.app, 'PUT', `client/${user.id}`, {
        token: user.token,
        body: { first_name: 'A', last_name: 'B', email: 'claimed@example.org', phone: user.telephone },
      });
    const answers = await Promise.all([profile(a), profile(b)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});

describe('attempt counters', () => {
  it('count thirty concurrent attempts on one bucket exactly: the limit admits five', async () => {
    const server = await startServer();
    try {
      const limit = { max: 5, windowMs: 60_000 };
      const results = await Promise.all(
        Array.from({ length: 30 }, () => consume(server.database.db, 'concurrent-bucket', limit)),
      );
      expect(results.filter((r) => r.allowed)).toHaveLength(5);
      expect(results.map((r) => r.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    } finally {
      await server.close();
    }
  });
});

describe('password hashing', () => {
  it('runs at most HASH_CONCURRENCY hashes at once; the others wait', async () => {
    const hasher = createPasswordHasher(2);
    let peak = 0;
    const work = Promise.all(Array.from({ length: 6 }, (_, i) => hasher.hash(`password-${i}`)));
    let done = false;
    void work.then(() => (done = true));
    while (!done) {
      peak = Math.max(peak, hasher.load().active);
      await new Promise((r) => setImmediate(r));
    }
    const hashes = await work;
    expect(peak).toBe(2);
    expect(new Set(hashes).size).toBe(6);
    expect(await hasher.verify('password-3', hashes[3] ?? null)).toBe(true);
  });
});

describe('code confirmation does not tell who is registered', () => {
  it('answers an unknown name like a wrong code', async () => {
    const server = await startServer();
    try {
      await register(server, 'known@example.org', '0795000001');
      const code = await otpFor(server, 'known@example.org');
      const wrong = await confirm(server, 'known@example.org', code === '000000' ? '111111' : '000000');
      const unknown = await confirm(server, 'unknown@example.org', '123456');
      expect(unknown.status).toBe(wrong.status);
      expect(unknown.body).toEqual(wrong.body);
    } finally {
      await server.close();
    }
  });

  it('counts the guesses of an unknown name like those of an account: the 21st of the hour is refused', async () => {
    const server = await startServer();
    try {
      // An account without a code waiting: every guess is wrong, as for a name nobody holds.
      const user = await signUp(server);
      for (const username of [user.email, 'nobody-at-all@example.org']) {
        for (let i = 0; i < 20; i += 1) {
          const answer = await confirm(server, username, '123456');
          expect(answer.body).toEqual({ code: 400, data: null, error: 'Invalid code' });
        }
        const refused = await confirm(server, username, '123456');
        expect(refused.status).toBe(429);
        expect(refused.body.error).toBe('Too many attempts. Please try again in 60 minutes.');
      }
    } finally {
      await server.close();
    }
  });
});
