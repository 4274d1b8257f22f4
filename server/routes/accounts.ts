/**
 * Accounts: registration with a one-time code, password creation and reset, login, logout and
 * profile (spec 01 sections 2, 5 and 7), with the limits of docs/security.md:
 *
 * - confirming a code answers a single-use `password_token` (15 minutes); only its holder can then
 *   set the password, so knowing someone's e-mail is not enough to take the account;
 * - sign-in failures are counted per account and per address, in the database and before the
 *   password is hashed, so a flood costs no hashing and concurrent guesses cannot exceed the limit;
 * - code guesses are limited per code and per account and hour, code sending per account and per
 *   e-mail or phone asked for;
 * - registration answers the same whether or not the e-mail or phone is taken (the owner is told);
 * - codes and notices are queued e-mails (server/mail/account-mail.ts): registration and reset do
 *   database work only, so they answer at once whether or not the account exists, whatever the mail
 *   server does, and a code is delivered (and retried) by the e-mail sender.
 *
 * The calls are registered by resource: registration (account-registration.ts), passwords
 * (account-passwords.ts), sessions (sessions.ts), the profile (profile.ts) and the applicant's own data
 * (own-data.ts: the archive of it, closing the account).
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import { accountService } from '../account-service';
import type { AppContext } from '../context';
import { databaseRateLimitStore } from '../rate-limit-store';
import { TooManyAttempts } from '../throttle';
import { passwordRoutes } from './account-passwords';
import { registrationRoutes } from './account-registration';
import { ownDataRoutes } from './own-data';
import { profileRoutes } from './profile';
import { sessionRoutes } from './sessions';

/** Registers the account calls, the public ones under a coarse per-address rate limit. */
export async function accountRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const limits = ctx.config.limits;
  // A coarse per-address cap on the public account calls, before any database or hashing work.
  await app.register(rateLimit, {
    global: false,
    // Counted in the database: every instance behind a load balancer shares the count.
    store: databaseRateLimitStore(ctx.db),
    errorResponseBuilder: (_request, context) => new TooManyAttempts(context.ttl),
  });
  const publicRoute: RouteShorthandOptions = {
    config: {
      public: true,
      ...(limits.accountRequestsPerMinute > 0
        ? { rateLimit: { max: limits.accountRequestsPerMinute, timeWindow: 60_000 } }
        : {}),
    },
  };
  const accounts = accountService(ctx);
  registrationRoutes(app, ctx, accounts, publicRoute);
  passwordRoutes(app, accounts, publicRoute);
  sessionRoutes(app, ctx, accounts, publicRoute);
  profileRoutes(app, ctx);
  ownDataRoutes(app, ctx);
}
