/**
 * The staff's queue: the submitted applications (never drafts) of the services a staff member may
 * view, filtered, searched, sorted and paged, with their count per status. Shared by the queue's list
 * and its export (queue-export.ts). Every filter is a condition on `applications` alone (the search
 * reaches the applicant and the company through `exists`), so the count per status runs on the
 * index of (service, status, submitted) without a join, and the page joins its applicants only.
 */
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import {
  lookupBindings,
  formsOf,
  STATUS,
  statusId,
  statusKey,
  visibleServices,
  type ServiceDefinition,
  type StaffActor,
} from '../engine/core';
import { applicantName } from './applicant-name';
import type { AppContext } from './context';
import type { QueueSort } from './contract/staff-console';
import type { DialectName } from './db/migrations';
import { HttpError, ValidationError } from './http';
import { keptAt, queueMark } from './queue-kept';

export const NO_ROLE_ON_SERVICE = 'You have no role on this service.';
export const NO_ROLE_AT_ALL = 'You have no role on any service.';

/** The queue's filters as the query gives them (texts). */
export interface QueueQuery {
  service?: string;
  status?: string;
  assignee?: string;
  mine?: string;
  from?: string;
  to?: string;
  q?: string;
}

/** The filters resolved: ids of the services and statuses, the day bounds, the search in lower case. */
export interface QueueFilter {
  /** The services searched (one when filtered), all viewable by the caller. */
  services: ServiceDefinition[];
  statusIds?: number[];
  assignee?: string;
  /** Submitted at or after (ISO date) and before (the day after `to`). */
  from?: string;
  before?: string;
  /** The search, a LIKE pattern (lower case, `%` and `_` escaped). */
  pattern?: string;
}

type Ctx = Pick<AppContext, 'db' | 'dialect' | 'definitions'>;

/** The day after a `YYYY-MM-DD` date, or null for a date that does not exist (2025-02-30). */
function dayAfter(day: string): string | null {
  const date = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) return null;
  return new Date(date.getTime() + 86_400_000).toISOString().slice(0, 10);
}

/**
 * The filters of `query` for `actor`: 403 when they may view no service, or the one a filter names;
 * 422 naming the field for an unknown service or status, or a date that does not exist.
 */
export function resolveQueueFilter(
  ctx: Pick<AppContext, 'definitions'>,
  actor: StaffActor,
  query: QueueQuery,
): QueueFilter {
  const viewable = new Set(
    visibleServices(
      actor.grants,
      ctx.definitions.map((definition) => definition.key),
    ),
  );
  let services = ctx.definitions.filter((definition) => viewable.has(definition.key));
  if (query.service !== undefined) {
    const named = ctx.definitions.find((definition) => definition.key === query.service);
    if (!named)
      throw new ValidationError([{ field: 'service', message: `No service has the key '${query.service}'.` }]);
    if (!viewable.has(named.key)) throw new HttpError(403, NO_ROLE_ON_SERVICE);
    services = [named];
  }
  if (services.length === 0) throw new HttpError(403, NO_ROLE_AT_ALL);
  const filter: QueueFilter = { services };
  if (query.status !== undefined) {
    const ids = /^\d{1,9}$/.test(query.status)
      ? [Number(query.status)]
      : [...new Set(services.map((definition) => statusId(definition, query.status as string)))].filter(
          (id): id is number => id !== undefined,
        );
    if (ids.length === 0)
      throw new ValidationError([{ field: 'status', message: `No status '${query.status}' in these services.` }]);
    filter.statusIds = ids;
  }
  if (query.mine === 'true') filter.assignee = actor.name;
  else if (query.assignee !== undefined) filter.assignee = query.assignee;
  const errors: Array<{ field: string; message: string }> = [];
  for (const field of ['from', 'to'] as const) {
    const day = query[field];
    if (day === undefined) continue;
    const after = dayAfter(day);
    if (!after) errors.push({ field, message: 'This day does not exist.' });
    else if (field === 'from') filter.from = day;
    else filter.before = after;
  }
  if (errors.length > 0) throw new ValidationError(errors);
  const q = query.q?.trim().toLowerCase();
  if (q) filter.pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return filter;
}

/** The company fields of each service, read from its forms once (a definition does not change while loaded). */
const companyFieldsOf = new WeakMap<ServiceDefinition, readonly string[]>();

/** The top-level fields of the services' forms that hold the applicant's company (their `company-picker`). */
function companyFields(definitions: readonly ServiceDefinition[]): string[] {
  const fields = new Set<string>();
  for (const definition of definitions) {
    let own = companyFieldsOf.get(definition);
    if (!own) {
      own = ownCompanyFields(definition);
      companyFieldsOf.set(definition, own);
    }
    for (const field of own) fields.add(field);
  }
  return [...fields];
}

function ownCompanyFields(definition: ServiceDefinition): string[] {
  const fields = new Set<string>();
  for (const form of formsOf(definition))
    for (const binding of lookupBindings(form))
      if (binding.check === 'own-company' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(binding.field)) fields.add(binding.field);
  return [...fields];
}

/** SQL: the company a record of `records` names in one of `fields` is `companies`' row. */
function companyJoin(dialect: DialectName, fields: readonly string[]): RawBuilder<SqlBool> {
  const matches = fields.map((field) =>
    dialect === 'postgres'
      ? sql`cast(co.id as text) = (r.data::jsonb ->> ${sql.lit(field)})`
      : sql`co.id = json_extract(r.data, ${sql.lit(`$.${field}`)})`,
  );
  return matches.length > 0 ? sql<SqlBool>`(${sql.join(matches, sql` or `)})` : sql<SqlBool>`1 = 0`;
}

/** The conditions of `filter` on `applications` (the status's left out with `withStatus` false). */
export function queueConditions(
  ctx: Pick<AppContext, 'dialect' | 'definitions'>,
  filter: QueueFilter,
  withStatus = true,
): RawBuilder<SqlBool>[] {
  const conditions: RawBuilder<SqlBool>[] = [
    sql<SqlBool>`applications.service_id in (${sql.join(filter.services.map((definition) => definition.id))})`,
    sql<SqlBool>`applications.status_id <> ${STATUS.draft}`,
  ];
  if (withStatus && filter.statusIds)
    conditions.push(sql<SqlBool>`applications.status_id in (${sql.join(filter.statusIds)})`);
  if (filter.assignee !== undefined) conditions.push(sql<SqlBool>`applications.assignee = ${filter.assignee}`);
  if (filter.from) conditions.push(sql<SqlBool>`applications.submitted_at >= ${filter.from}`);
  if (filter.before) conditions.push(sql<SqlBool>`applications.submitted_at < ${filter.before}`);
  if (filter.pattern) {
    // The applicants and companies searched are found once (uncorrelated `in`), not for each
    // application; the company a record names is read only for the applications of their holders.
    const like = (expression: RawBuilder<unknown>) => sql`lower(${expression}) like ${filter.pattern} escape '\\'`;
    conditions.push(sql<SqlBool>`(${like(sql`applications.app_id`)}
      or applications.client_id in (select c.id from clients c where ${like(sql`c.first_name || ' ' || c.last_name`)}
        or ${like(sql`c.first_name || ' ' || coalesce(c.other_name, '') || ' ' || c.last_name`)} or ${like(sql`c.email`)})
      or (applications.client_id in (select co.client_id from companies co where ${like(sql`co.name`)})
        and exists (select 1 from application_records r join companies co on ${companyJoin(
          ctx.dialect,
          companyFields(filter.services),
        )} where r.application_id = applications.id and ${like(sql`co.name`)})))`);
  }
  return conditions;
}

/** Applies `conditions` to a query of `applications`. */
export function whereAll<Q extends { where(expression: RawBuilder<SqlBool>): Q }>(
  query: Q,
  conditions: readonly RawBuilder<SqlBool>[],
): Q {
  return conditions.reduce((q, condition) => q.where(condition), query);
}

/** The key of status `id` as the first of `services` that declares it names it. */
export function statusKeyIn(services: readonly ServiceDefinition[], id: number): string {
  for (const definition of services) {
    const key = statusKey(definition, id);
    if (!key.startsWith('#')) return key;
  }
  return `#${id}`;
}

/** The name of the company each application's record names (by application id), read in one query. */
export async function companyNames(
  ctx: Pick<AppContext, 'db' | 'dialect'>,
  services: readonly ServiceDefinition[],
  ids: readonly number[],
): Promise<Map<number, string>> {
  const fields = companyFields(services);
  if (ids.length === 0 || fields.length === 0) return new Map();
  const rows = await sql<{ application_id: number; name: string }>`
    select r.application_id, co.name from application_records r join companies co on ${companyJoin(ctx.dialect, fields)}
    where r.application_id in (${sql.join(ids)}) order by r.id`.execute(ctx.db);
  return new Map(rows.rows.map((row) => [Number(row.application_id), row.name]));
}

/** The order of a sort: the columns, newest first by default, the id last so pages never overlap. */
function ordered<Q extends { orderBy(expression: RawBuilder<unknown>): Q }>(
  query: Q,
  sort: QueueSort,
  services: readonly ServiceDefinition[],
): Q {
  switch (sort) {
    case 'submitted':
      return query.orderBy(sql`applications.submitted_at asc`).orderBy(sql`applications.id asc`);
    case 'number':
      return query.orderBy(sql`applications.app_id asc`);
    case 'status':
      return query
        .orderBy(sql`applications.status_id asc`)
        .orderBy(sql`applications.submitted_at desc`)
        .orderBy(sql`applications.id desc`);
    case 'service': {
      // By the services' keys: their ids in that order.
      const byKey = [...services].sort((a, b) => a.key.localeCompare(b.key));
      const rank = sql`case applications.service_id ${sql.join(
        // Literals, not parameters: PostgreSQL would type a parameter of the result as text.
        byKey.map((definition, index) => sql`when ${sql.lit(definition.id)} then ${sql.lit(index)}`),
        sql` `,
      )} end`;
      return query
        .orderBy(sql`${rank} asc`)
        .orderBy(sql`applications.submitted_at desc`)
        .orderBy(sql`applications.id desc`);
    }
    default:
      return query.orderBy(sql`applications.submitted_at desc`).orderBy(sql`applications.id desc`);
  }
}

/** What the counts of `filter` depend on: every filter but the status (the counts count every status). */
function countsKey(filter: QueueFilter): string {
  return JSON.stringify([
    filter.services.map((definition) => definition.id),
    filter.assignee ?? null,
    filter.from ?? null,
    filter.before ?? null,
    filter.pattern ?? null,
  ]);
}

/** The count per status under `filter` but its status. */
async function statusCounts(ctx: Ctx, filter: QueueFilter) {
  const rows = await whereAll(ctx.db.selectFrom('applications'), queueConditions(ctx, filter, false))
    .select(['applications.status_id', (eb) => eb.fn.countAll<string | number>().as('n')])
    .groupBy('applications.status_id')
    .orderBy('applications.status_id')
    .execute();
  return rows.map((row) => ({
    status_id: row.status_id,
    status_key: statusKeyIn(filter.services, row.status_id),
    count: Number(row.n),
  }));
}

/** The rows of one page with their applicants' and companies' names. */
async function pageItems(ctx: Ctx, filter: QueueFilter, options: { sort: QueueSort; page: number; size: number }) {
  const { db } = ctx;
  // The page from `applications` alone, so the planner walks its index in the page's order; the
  // applicants are read for the page's rows after.
  const rows = await ordered(
    whereAll(db.selectFrom('applications'), queueConditions(ctx, filter)),
    options.sort,
    filter.services,
  )
    .select([
      'applications.id',
      'applications.app_id',
      'applications.client_id',
      'applications.service_id',
      'applications.status_id',
      'applications.submitted_at',
      'applications.assignee',
    ])
    .limit(options.size)
    .offset((options.page - 1) * options.size)
    .execute();
  const [companies, clients] = await Promise.all([
    companyNames(
      ctx,
      filter.services,
      rows.map((row) => row.id),
    ),
    rows.length > 0
      ? db
          .selectFrom('clients')
          .select(['id', 'first_name', 'other_name', 'last_name'])
          .where('id', 'in', [...new Set(rows.map((row) => row.client_id))])
          .execute()
      : Promise.resolve([]),
  ]);
  const applicants = new Map(clients.map((client) => [client.id, applicantName(client)]));
  const byId = new Map(filter.services.map((definition) => [definition.id, definition]));
  return rows.map((row) => {
    const definition = byId.get(row.service_id);
    return {
      id: row.id,
      app_id: row.app_id,
      service: definition?.key ?? String(row.service_id),
      service_title: definition?.title ?? '',
      status_id: row.status_id,
      status_key: definition ? statusKey(definition, row.status_id) : `#${row.status_id}`,
      applicant: applicants.get(row.client_id) ?? '',
      company: companies.get(row.id) ?? null,
      submitted_at: row.submitted_at,
      assignee: row.assignee ?? null,
    };
  });
}

/** A page of the queue: its items, their total, and the count per status under the same filters but the status. */
export interface QueuePage {
  items: Awaited<ReturnType<typeof pageItems>>;
  total: number;
  page: number;
  size: number;
  counts: Awaited<ReturnType<typeof statusCounts>>;
}

/**
 * One page of the queue with the count per status (under the same filters but the status), as the
 * text `serialise` makes of it. Kept while the queue's mark stands (queue-kept.ts): the counts per
 * filter, the page per filter, status, sort and page, and the answer's text, so a console's repeated
 * call is one read of the mark.
 */
export async function queueAnswer(
  ctx: Ctx,
  filter: QueueFilter,
  options: { sort: QueueSort; page: number; size: number },
  serialise: (page: QueuePage) => string,
): Promise<string> {
  const mark = await queueMark(ctx.db);
  const counted = countsKey(filter);
  const paged = `${counted} ${JSON.stringify([filter.statusIds ?? null, options.sort, options.page, options.size])}`;
  return keptAt(ctx.db, mark, `answer ${paged}`, async () => {
    const [counts, items] = await Promise.all([
      keptAt(ctx.db, mark, `counts ${counted}`, () => statusCounts(ctx, filter)),
      pageItems(ctx, filter, options),
    ]);
    const total = counts
      .filter((row) => !filter.statusIds || filter.statusIds.includes(row.status_id))
      .reduce((sum, row) => sum + row.count, 0);
    return serialise({ items, total, page: options.page, size: options.size, counts });
  });
}
