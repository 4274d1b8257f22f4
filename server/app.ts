/**
 * The reference provider API as a Fastify instance: database opened, migrated and seeded, every
 * route of the contract under /api/, service submit routes from the definitions, and the built
 * portal served with a single-page fallback. `main.ts` listens; tests use `inject`.
 */
import { requireRequestSchemas, validationError } from './route-schemas';
import { installRequestValidation } from './request-validation';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { ServiceDefinition, RecordMigration } from '../engine/core';
import { installAuth } from './auth-hook';
import type { ServerConfig } from './config';
import type { AppContext } from './context';
import { isDatabaseUnavailable, isUniqueViolation, migrateToLatest, openDatabase } from './db/database';
import { DEFAULT_LOOKUPS_DIR, readReferenceData } from './db/reference-data';
import { seedReferenceData } from './db/seed';
import { DEFAULT_SERVICES_DIR, loadDefinitionsFrom } from './definitions';
import { readServerMessages, translateErrorData } from './messages';
import { studioRoutes } from './routes/studio';
import { studioCheckRoutes } from './routes/studio-check';
import { migrateStoredApplications } from './stored-migrations';
import { HttpError } from './http';
import { DependencyUnavailable } from './unavailable';
import { createDeliver } from './mail/deliver';
import { pendingMail } from './mail/mail-queue';
import { startMailSender, type MailSender, type MailSenderOptions } from './mail/mail-sender';
import { portalPages, type PortalPage } from './portal-pages';
import { accountRoutes } from './routes/accounts';
import { applicationRoutes } from './routes/applications';
import { draftRoutes } from './routes/drafts';
import { startDraftExpiry } from './drafts';
import { DELIVERED_WEBHOOK_DAYS, startRetentionJob } from './retention/retention-job';
import { applicationCopyRoutes } from './routes/application-copy';
import { taskRoutes } from './routes/tasks';
import { decisionRoutes } from './routes/decisions';
import { workQueueRoutes } from './routes/work-queues';
import { staffRoutes } from './routes/staff';
import { staffAccountRoutes } from './routes/staff-accounts';
import { staffConsoleRoutes } from './routes/staff-console';
import { staffLegalHoldRoutes } from './routes/staff-legal-hold';
import { certificateRoutes } from './routes/certificates';
import { companyRoutes } from './routes/companies';
import { uploadRoutes } from './routes/uploads';
import { downloadRoutes } from './routes/downloads';
import { MAX_UPLOAD_BYTES } from './storage/stored-files';
import { openFileStore } from './storage/open-store';
import { recordedIn, sweepOrphans } from './storage/orphans';
import { referenceRoutes } from './routes/reference';
import { reportRoutes } from './routes/reports';
import { submissionRoutes } from './routes/submissions';
import { installJsonBodyParser } from './json-body';
import { createPasswordHasher, type PasswordHasher } from './security';
import {
  answerClientError,
  answerFrameworkError,
  installNoStore,
  installSecurityHeaders,
  portalCacheControl,
} from './security-headers';
import { installSlowBodyCutoff, SLOW_BODY_MESSAGE } from './slow-bodies';
import { installDraining } from './draining';
import { installMetrics } from './metrics';
import { installRequestIdHeader, requestIdOf } from './request-id';
import { operationsRoutes } from './routes/operations';
import { requireResponseSchemas } from './contract/require-answers';
import { installOpenApi, openApiRoute } from './contract/openapi';
import { addBodyExamples } from './contract/examples';
import { installStaffSignIn } from './staff-auth/staff-sign-in';
import { loadWebhookSubscriptions } from './webhooks/subscriptions';
import { startWebhookSender, type WebhookSender } from './webhooks/webhook-sender';
import { staffWebhookRoutes } from './routes/staff-webhooks';

/** One route of the API: method, URL pattern (`/api/application/:id`) and whether it needs no token. */
export interface ApiRoute {
  method: string;
  url: string;
  public: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The API's routes, in registration order. */
    apiRoutes: readonly ApiRoute[];
    /** This instance's sender of the queued e-mails. */
    mailSender: MailSender;
    /** This instance's sender of the webhook events. */
    webhookSender: WebhookSender;
  }
}

/** Paths of static files (scripts, styles, images, fonts, maps): the portal's own routes have no such ending. */
const STATIC_FILE = /\.(?:js|mjs|css|map|json|png|jpe?g|gif|svg|ico|webp|woff2?|ttf|txt|webmanifest|br|gz)$/i;

/** How often expired drafts are looked for. */
const DRAFT_EXPIRY_INTERVAL_MS = 60 * 60 * 1000;

/** Files the start's sweep looks at, at most: a start stays quick whatever a crash left. */
const ORPHAN_SWEEP_LIMIT = 50_000;

export const CONCURRENT_CHANGE = 'This was changed by another request at the same time. Please try again.';

export interface BuildOptions {
  /** Folder of the service definitions (default: the repository's services/). */
  servicesDir?: string;
  /** Definitions to use instead of reading `servicesDir`. */
  definitions?: ServiceDefinition[];
  /** With `definitions`: their kept earlier versions and record migrations (by service id). */
  archived?: ServiceDefinition[];
  migrations?: Map<number, RecordMigration[]>;
  /** Folder of the seed files (default: fixtures/lookups). */
  lookupsDir?: string;
  /** Password hashing (default: scrypt, HASH_CONCURRENCY at a time); tests wrap it to count hashes. */
  hasher?: PasswordHasher;
  /**
   * The e-mail sender's settings instead of the config's (tests: a quicker clock, a delivery that also
   * records what it delivered).
   */
  mail?: Partial<MailSenderOptions>;
}

/** Builds the server without listening. Closing the instance closes the database. */
export async function buildApp(config: ServerConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  // Files the definitions ship (document templates) live beside them; none for given definitions.
  const servicesDir = options.definitions
    ? (options.servicesDir ?? null)
    : (options.servicesDir ?? config.servicesDir ?? DEFAULT_SERVICES_DIR);
  // Every message leaves in the caller's language (server/messages.ts).
  const messages = readServerMessages({ servicesDir });
  const say = (request: FastifyRequest, text: string) =>
    messages.translate(text, messages.languageOf(request.headers['accept-language']));
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    // The caller's X-Request-Id is checked in requestIdOf: Fastify's requestIdHeader would take it as it comes.
    requestIdHeader: false,
    genReqId: requestIdOf,
    // Answers written before any hook runs carry the security headers too.
    frameworkErrors: answerFrameworkError(say),
    clientErrorHandler: answerClientError,
  });
  installRequestIdHeader(app);
  const drain = installDraining(app);
  installJsonBodyParser(app);
  installRequestValidation(app);
  installSlowBodyCutoff(app, config.limits.bodyTimeoutMs, (request) => say(request, SLOW_BODY_MESSAGE));
  // Every API route as registered: what the fuzz suite walks, so no endpoint escapes it.
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') apiRoutes.push({ method, url: route.url, public: route.config?.public === true });
    }
  });
  requireResponseSchemas(app);
  requireRequestSchemas(app);

  const database = openDatabase({
    ...config,
    onConnectionError: (err) =>
      app.log.warn({ err }, 'a database connection was lost: a new one is opened when needed'),
  });
  const files = await openFileStore(config);
  let mailSender: MailSender | undefined;
  let webhookSender: WebhookSender | undefined;
  let stopDraftExpiry: (() => Promise<void>) | undefined;
  let stopRetention: (() => Promise<void>) | undefined;
  app.addHook('onClose', async () => {
    await mailSender?.stop();
    await webhookSender?.stop();
    await stopDraftExpiry?.();
    await stopRetention?.();
    await files.close();
    await database.close();
  });
  try {
    const reference = readReferenceData(options.lookupsDir ?? config.lookupsDir ?? DEFAULT_LOOKUPS_DIR);

    let definitions = options.definitions;
    let archived: ServiceDefinition[] = options.archived ?? [];
    let migrations = options.migrations ?? new Map<number, RecordMigration[]>();
    if (!definitions) {
      const loaded = loadDefinitionsFrom(servicesDir ?? DEFAULT_SERVICES_DIR);
      for (const problem of loaded.problems) {
        app.log.error(
          `service definition problem: ${problem.file}${problem.pointer ? ` ${problem.pointer}` : ''}: ${problem.message}`,
        );
      }
      ({ definitions, archived, migrations } = loaded);
    }
    // Judged against the services before anything is written: a wrong file stops the start.
    const subscriptions = loadWebhookSubscriptions(config.webhooks.file, definitions);
    // Under one lock with the migrations: instances started together do not seed, or migrate the
    // stored applications to their services' versions, at the same time.
    const migrated: string[] = [];
    await migrateToLatest(database, async () => {
      await seedReferenceData(database.db, reference);
      migrated.push(...(await migrateStoredApplications(database.db, definitions, archived, migrations)));
    });
    for (const line of migrated) app.log.info(line);
    const swept = await sweepOrphans(files, recordedIn(database.db), {
      graceMs: config.orphanGraceMs,
      limit: ORPHAN_SWEEP_LIMIT,
    });
    if (swept > 0) app.log.info(`removed ${swept} unfinished or unrecorded upload(s) left by an interrupted run`);

    const statuses = new Map(reference.statuses.map((s) => [s.id, s.name]));
    const ctx: AppContext = {
      db: database.db,
      dialect: database.dialect,
      config,
      wakeMailSender: () => mailSender?.wake(),
      hasher: options.hasher ?? createPasswordHasher(config.limits.hashConcurrency),
      reference,
      definitions,
      archived,
      statusName: (id) => statuses.get(id) ?? 'Under Review',
      files,
      servicesDir,
      messages,
      webhooks: { subscriptions, publicUrl: config.publicUrl },
    };

    mailSender = startMailSender(ctx, {
      deliver: createDeliver(config.smtpUrl, config.smtpFrom, { timeoutMs: config.smtpTimeoutMs }),
      publicUrl: config.publicUrl,
      ...config.mail,
      onError: (err, id) => app.log.warn({ err }, `e-mail ${id} not sent yet: it will be tried again`),
      ...options.mail,
    });
    app.decorate('mailSender', mailSender);
    webhookSender = startWebhookSender(ctx.db, {
      ...config.webhooks,
      subscriptions,
      onError: (err, id) => app.log.warn({ err }, `webhook event ${id} not delivered yet`),
    });
    app.decorate('webhookSender', webhookSender);

    // Drafts left alone past the retention are removed with their files: now, then every hour.
    stopDraftExpiry = startDraftExpiry(ctx, {
      intervalMs: DRAFT_EXPIRY_INTERVAL_MS,
      onRemoved: (count) => app.log.info(`removed ${count} draft(s) left alone past their retention class`),
      onError: (err) => app.log.warn({ err }, 'removing expired drafts failed: tried again in an hour'),
    });

    // Decided applications past their retention class go for good, under a lease: now, then every interval.
    if (config.retentionIntervalMs > 0)
      stopRetention = startRetentionJob(ctx, {
        intervalMs: config.retentionIntervalMs,
        holder: randomUUID(),
        onRun: (run) => {
          if (run.applications + run.clients + run.webhooks > 0)
            app.log.info(
              `retention: deleted ${run.applications} application(s) past their class (${run.files} file(s)), ${run.clients} closed account(s) and ${run.webhooks} webhook event(s) delivered over ${DELIVERED_WEBHOOK_DAYS} days ago`,
            );
        },
        onError: (err) => app.log.warn({ err }, 'the retention job failed: tried again at its next run'),
      });

    app.setErrorHandler((thrown: FastifyError | HttpError, request, reply) => {
      const translate = (text: string) => say(request, text);
      let error = thrown;
      // The database away (restarting, unreachable, locked): a 503 that says so, not a server failure.
      if (!(error instanceof HttpError) && isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'the database is unavailable');
        error = new DependencyUnavailable('database', { cause: error });
      } else if (error instanceof DependencyUnavailable) {
        request.log.warn({ err: error.cause ?? error }, `the ${error.dependency} dependency is unavailable`);
      }
      if (error instanceof HttpError) {
        return reply
          .code(error.statusCode)
          .headers(error.headers)
          .send({
            code: error.statusCode,
            data: translateErrorData(error.data, translate),
            error: translate(error.message),
          });
      }
      if ((error as FastifyError).validation) {
        const refused = validationError(error as FastifyError);
        return reply.code(422).send({
          code: 422,
          data: translateErrorData(refused.data, translate),
          error: translate(refused.message),
        });
      }
      // A race on a unique index that no route foresaw: a conflict, not a server failure.
      if (isUniqueViolation(error)) {
        return reply.code(409).send({ code: 409, data: null, error: translate(CONCURRENT_CHANGE) });
      }
      const status = (error as FastifyError).statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.code(status).send({ code: status, data: null, error: translate(error.message) });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ code: 500, data: null, error: translate('server error') });
    });

    installSecurityHeaders(app);
    installMetrics(app, {
      enabled: config.metrics,
      pool: database.pool ?? null,
      mailQueue: () => pendingMail(database.db),
    });
    await app.register(fastifyMultipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 10_000, parts: 20 },
    });

    addBodyExamples(app);
    await installOpenApi(app, process.env.npm_package_version ?? '0.1.0');
    // The console's OpenID Connect sign-in (the embedded provider at /oidc, unless an issuer is set).
    const staffSignIn = await installStaffSignIn(app, ctx);
    await app.register(
      async (api) => {
        installNoStore(api);
        installAuth(api, ctx);
        await accountRoutes(api, ctx);
        referenceRoutes(api, ctx);
        companyRoutes(api, ctx);
        applicationRoutes(api, ctx);
        draftRoutes(api, ctx);
        applicationCopyRoutes(api, ctx);
        decisionRoutes(api, ctx);
        taskRoutes(api, ctx);
        workQueueRoutes(api, ctx);
        staffRoutes(api, ctx);
        staffAccountRoutes(api, ctx);
        staffConsoleRoutes(api, ctx);
        staffLegalHoldRoutes(api, ctx);
        staffWebhookRoutes(api, ctx);
        await staffSignIn.routes(api);
        certificateRoutes(api, ctx);
        uploadRoutes(api, ctx);
        downloadRoutes(api, ctx);
        reportRoutes(api, ctx);
        submissionRoutes(api, ctx);
        studioRoutes(api, ctx);
        studioCheckRoutes(api, ctx);
        operationsRoutes(api, ctx, drain);
        openApiRoute(api);
      },
      { prefix: '/api' },
    );

    const hasPortal = existsSync(join(config.staticDir, 'index.html'));
    const pageOf = hasPortal ? portalPages(config.staticDir) : (): PortalPage => ({ file: 'index.html' });
    /** The portal's page of an address, in the language of the visitor's cookie (portal-pages.ts). */
    const sendPage = (request: FastifyRequest, reply: FastifyReply, path: string) => {
      const page = pageOf(path, request.headers.cookie);
      // The same address answers another language's page to another cookie.
      void reply.header('Vary', 'Cookie');
      if (page.language) void reply.header('Content-Language', page.language);
      return reply.type('text/html; charset=utf-8').sendFile(page.file);
    };
    if (hasPortal) {
      // The landing page is a page like any other (not the folder's index.html).
      app.get('/', (request, reply) => sendPage(request, reply, '/'));
      await app.register(fastifyStatic, {
        root: config.staticDir,
        prefix: '/',
        wildcard: true,
        index: ['index.html'],
        // The build writes .br and .gz twins (vite-plugin-precompress): sent as the browser accepts.
        preCompressed: true,
        // Files whose names start with a dot are the build's notes to its tools (its `.compression`),
        // not the portal's: never sent.
        dotfiles: 'ignore',
        cacheControl: false,
        setHeaders: (response, path) => response.setHeader('Cache-Control', portalCacheControl(path)),
      });
    }

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const isApi = path === '/api' || path.startsWith('/api/');
      // A file the build does not hold (a chunk of an earlier release) is missing, not a page: the app
      // shell in its place would reach the browser as a script of type text/html.
      const isFile = path.startsWith('/assets/') || STATIC_FILE.test(path);
      // The portal routes on the client: any other GET that is not a file gets its page.
      if (hasPortal && !isApi && !isFile && (request.method === 'GET' || request.method === 'HEAD')) {
        return sendPage(request, reply, path);
      }
      return reply.code(404).send({ code: 404, data: null, error: say(request, 'Not found') });
    });
  } catch (error) {
    await webhookSender?.stop();
    await stopDraftExpiry?.();
    await stopRetention?.();
    await files.close();
    await database.close();
    throw error;
  }
  return app;
}
