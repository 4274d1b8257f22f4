/**
 * Schema migrations, provided in code (no files to ship). Each one is written once for both
 * dialects: only the auto-increment id differs (`integer primary key autoincrement` on SQLite,
 * `serial primary key` on PostgreSQL).
 */
import { sql, type CreateTableBuilder, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { normalizeTin } from '../field-rules';
import { newCertificateToken } from '../security';
import { chainHash, trailFieldsOf } from '../trail/chain';

export type DialectName = 'sqlite' | 'postgres';

/* The migrations must not depend on the typed tables: they describe history. */
type AnyDb = Kysely<unknown>;

function withId<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: DialectName,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

function initial(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('clients'), dialect)
        .addColumn('uid', 'text', (c) => c.notNull().unique())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('other_name', 'text')
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('telephone', 'text', (c) => c.notNull().unique())
        .addColumn('id_number', 'text')
        .addColumn('password_hash', 'text')
        .addColumn('confirmed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('otps'), dialect)
        .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('confirmed_at', 'text')
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('otps_client_id').on('otps').columns(['client_id', 'id']).execute();

      await withId(db.schema.createTable('tokens'), dialect)
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .execute();

      await db.schema
        .createTable('lookups')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('id', 'integer', (c) => c.notNull())
        .addColumn('parent_id', 'integer')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('extra', 'text')
        .addPrimaryKeyConstraint('lookups_pk', ['kind', 'id'])
        .execute();
      await db.schema.createIndex('lookups_kind_parent').on('lookups').columns(['kind', 'parent_id']).execute();

      await db.schema
        .createTable('services')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('service_attachments'), dialect)
        .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('info', 'text')
        .addColumn('is_mandatory', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('service_attachments_service')
        .on('service_attachments')
        .column('service_id')
        .execute();

      await withId(db.schema.createTable('companies'), dialect)
        .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('company_category_id', 'integer', (c) => c.notNull())
        .addColumn('type_registration', 'text', (c) => c.notNull())
        .addColumn('tin', 'text', (c) => c.notNull())
        .addColumn('telephone', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('average_monthly_plastic_quantity', 'double precision')
        .addColumn('activities', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('contact_person_name', 'text')
        .addColumn('contact_person_job_title', 'text', (c) => c.notNull())
        .addColumn('contact_person_phone', 'text', (c) => c.notNull())
        .addColumn('contact_person_email', 'text', (c) => c.notNull())
        .addColumn('province_id', 'integer')
        .addColumn('district_id', 'integer')
        .addColumn('sector_id', 'integer')
        .addColumn('cell_id', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('companies_client').on('companies').columns(['client_id', 'id']).execute();

      await withId(db.schema.createTable('applications'), dialect)
        .addColumn('app_id', 'text', (c) => c.notNull().unique())
        .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
        .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id'))
        .addColumn('status_id', 'integer', (c) => c.notNull())
        .addColumn('resubmitted', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('submitted_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('manually_processed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('manual_certificate_path', 'text')
        .addColumn('manual_certificate_name', 'text')
        .addColumn('final_certificate_uploaded', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('tor_approval_date', 'text')
        .addColumn('approval_conditions', 'text')
        .addColumn('is_application_in_phase_2', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // The dashboard list filters one client, hides drafts and pages newest first: (client_id, id)
      // walks the page in order; (client_id, status_id) answers the COUNT and the statistics.
      await db.schema.createIndex('applications_client_id').on('applications').columns(['client_id', 'id']).execute();
      await db.schema
        .createIndex('applications_client_status')
        .on('applications')
        .columns(['client_id', 'status_id'])
        .execute();

      await withId(db.schema.createTable('application_records'), dialect)
        .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id'))
        .addColumn('record_key', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('application_records_key', ['application_id', 'record_key'])
        .execute();

      await withId(db.schema.createTable('attachments'), dialect)
        .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id'))
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('mime', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('attachments_application').on('attachments').column('application_id').execute();

      await withId(db.schema.createTable('flow_histories'), dialect)
        .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id'))
        .addColumn('status_id', 'integer', (c) => c.notNull())
        .addColumn('comment_to_applicant', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('flow_histories_application')
        .on('flow_histories')
        .columns(['application_id', 'id'])
        .execute();

      await withId(db.schema.createTable('recycled_reports'), dialect)
        .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('report_month', 'text', (c) => c.notNull())
        .addColumn('quantity', 'double precision', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('recycled_reports_client')
        .on('recycled_reports')
        .columns(['client_id', 'report_month'])
        .execute();
    },
    async down(db: AnyDb) {
      for (const table of [
        'recycled_reports',
        'flow_histories',
        'attachments',
        'application_records',
        'applications',
        'companies',
        'service_attachments',
        'services',
        'lookups',
        'tokens',
        'otps',
        'clients',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}

interface CompanyTinRow {
  id: number;
  tin: string;
}
interface ReportRow {
  id: number;
  company_id: number;
  report_month: string;
  quantity: number;
}

/**
 * Security and integrity: the attempt counters of the sign-in and code limits, the secret a
 * confirmed code hands to the password step, session idle time, certificate tokens, one company per
 * TIN and one recycled report per company and month. Existing rows are brought in line first so the
 * unique indexes can be created on a database that already holds data.
 */
function security(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('throttles')
        .addColumn('bucket', 'text', (c) => c.primaryKey())
        .addColumn('hits', 'double precision', (c) => c.notNull())
        .addColumn('window_started_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema.alterTable('otps').addColumn('password_token_hash', 'text').execute();

      await db.schema.alterTable('tokens').addColumn('last_used_at', 'text').execute();
      await sql`update tokens set last_used_at = created_at`.execute(db);
      await db.schema.createIndex('tokens_client').on('tokens').column('client_id').execute();

      await db.schema.alterTable('applications').addColumn('certificate_token', 'text').execute();
      const applications = await sql<{ id: number }>`select id from applications`.execute(db);
      for (const row of applications.rows) {
        await sql`update applications set certificate_token = ${newCertificateToken()} where id = ${row.id}`.execute(
          db,
        );
      }
      await db.schema
        .createIndex('applications_certificate_token')
        .unique()
        .on('applications')
        .column('certificate_token')
        .execute();

      // One company per TIN: the oldest keeps it, later copies are marked so their owners can correct them.
      const companies = await sql<CompanyTinRow>`select id, tin from companies order by id`.execute(db);
      const seen = new Set<string>();
      for (const company of companies.rows) {
        let tin = normalizeTin(company.tin);
        if (seen.has(tin)) tin = `${tin}-DUPLICATE-${company.id}`;
        seen.add(tin);
        if (tin !== company.tin) await sql`update companies set tin = ${tin} where id = ${company.id}`.execute(db);
      }
      await db.schema.createIndex('companies_tin').unique().on('companies').column('tin').execute();

      // One report per company and month: earlier duplicates were added up in the chart, so they are merged so.
      const reports =
        await sql<ReportRow>`select id, company_id, report_month, quantity from recycled_reports order by id`.execute(
          db,
        );
      const kept = new Map<string, ReportRow>();
      for (const report of reports.rows) {
        const key = `${report.company_id}|${report.report_month}`;
        const first = kept.get(key);
        if (!first) {
          kept.set(key, { ...report, quantity: Number(report.quantity) });
          continue;
        }
        first.quantity += Number(report.quantity);
        await sql`update recycled_reports set quantity = ${first.quantity} where id = ${first.id}`.execute(db);
        await sql`delete from recycled_reports where id = ${report.id}`.execute(db);
      }
      await db.schema
        .createIndex('recycled_reports_company_month')
        .unique()
        .on('recycled_reports')
        .columns(['company_id', 'report_month'])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropIndex('recycled_reports_company_month').ifExists().execute();
      await db.schema.dropIndex('companies_tin').ifExists().execute();
      await db.schema.dropIndex('applications_certificate_token').ifExists().execute();
      await db.schema.alterTable('applications').dropColumn('certificate_token').execute();
      await db.schema.dropIndex('tokens_client').ifExists().execute();
      await db.schema.alterTable('tokens').dropColumn('last_used_at').execute();
      await db.schema.alterTable('otps').dropColumn('password_token_hash').execute();
      await db.schema.dropTable('throttles').ifExists().execute();
    },
  };
}

/**
 * Decisions: each history entry names who made the move (`staff:<name>`, `applicant`, `system`), so
 * the applicant's history of an application says who decided what and when; attachments the
 * authority adds (the approved terms of reference) are internal: not in the applicant's list; staff
 * accounts (a name and the hash of an API key) make the same moves as the staff command over HTTP.
 */
function decisions(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('flow_histories').addColumn('actor', 'text').execute();
      await db.schema
        .alterTable('attachments')
        .addColumn('internal', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await withId(db.schema.createTable('staff'), dialect)
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('staff').ifExists().execute();
      await db.schema.alterTable('attachments').dropColumn('internal').execute();
      await db.schema.alterTable('flow_histories').dropColumn('actor').execute();
    },
  };
}

/**
 * The profile's phone is optional (spec 01: 'other names and phone optional'), so an account may
 * clear it: `clients.telephone` becomes nullable, still unique when set. PostgreSQL drops the
 * constraint in place; SQLite cannot, so the table is rebuilt from its own definition (SQLite's
 * documented procedure: foreign keys off around the rebuild, checked before they are turned on).
 */
function optionalPhone(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect === 'postgres') {
        await sql`alter table clients alter column telephone drop not null`.execute(db);
        return;
      }
      await rebuildSqliteTable(db, 'clients', (definition) => {
        const nullable = definition.replace(/("telephone"\s+text)\s+not null/i, '$1');
        if (nullable === definition) throw new Error('clients.telephone: its NOT NULL constraint was not found');
        return nullable;
      });
    },
    async down(db: AnyDb) {
      if (dialect === 'postgres') {
        await sql`alter table clients alter column telephone set not null`.execute(db);
        return;
      }
      await rebuildSqliteTable(db, 'clients', (definition) =>
        definition.replace(/("telephone"\s+text)(?!\s+not null)/i, '$1 not null'),
      );
    },
  };
}

/**
 * Definition versions: each application is stamped with the version of its service's definition it
 * was submitted under (a draft with the current one), so it is shown and judged by that version after
 * a later one ships. Applications made before versions existed were made under version 1.
 */
function definitionVersions(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('applications')
        .addColumn('definition_version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('applications').dropColumn('definition_version').execute();
    },
  };
}

/** Tables whose rows belong to one application: their changes change its client's answers. */
const APPLICATION_PARTS = ['attachments', 'flow_histories', 'application_records'] as const;

/**
 * The three stage columns of `applications` before the stages were declared by the services
 * (`lifecycle.facts` of service.json), as their facts are named: 0007 moves their values, with the
 * value a column held for "not set" left out.
 */
const STAGE_COLUMNS = [
  { column: 'tor_approval_date', unset: null },
  { column: 'approval_conditions', unset: null },
  { column: 'is_application_in_phase_2', unset: 0, flag: true },
] as const;

/**
 * Stage facts: one row per fact an action set on an application (`application_facts`: its JSON
 * value by name), instead of a column per service's stage on the generic `applications`; the values
 * of the former columns are moved, then the columns dropped. The client's revision follows the
 * facts like every other part of an application.
 */
function stageFacts(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('application_facts'), dialect)
        .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('application_facts_application_name', ['application_id', 'name'])
        .execute();
      for (const { column, unset, ...rest } of STAGE_COLUMNS) {
        const rows = await sql<{ id: number; value: unknown; updated_at: string }>`
          select id, ${sql.ref(column)} as value, updated_at from applications
          where ${sql.ref(column)} is not null and ${sql.ref(column)} <> ${unset ?? ''}`.execute(db);
        for (const row of rows.rows) {
          const value = 'flag' in rest ? Number(row.value) === 1 : row.value;
          await sql`insert into application_facts (application_id, name, value, updated_at)
            values (${row.id}, ${column}, ${JSON.stringify(value)}, ${row.updated_at})`.execute(db);
        }
      }
      for (const { column } of STAGE_COLUMNS) await db.schema.alterTable('applications').dropColumn(column).execute();
      await createPartRevisionTriggers(db, dialect, 'application_facts');
    },
    async down(db: AnyDb) {
      for (const stage of STAGE_COLUMNS)
        await db.schema
          .alterTable('applications')
          .addColumn(stage.column, 'flag' in stage ? 'integer' : 'text', (c) =>
            'flag' in stage ? c.notNull().defaultTo(0) : c,
          )
          .execute();
      const facts = await sql<{ application_id: number; name: string; value: string }>`
        select application_id, name, value from application_facts`.execute(db);
      for (const fact of facts.rows) {
        const stage = STAGE_COLUMNS.find((candidate) => candidate.column === fact.name);
        if (!stage) continue;
        const value = JSON.parse(fact.value) as unknown;
        await sql`update applications set ${sql.ref(stage.column)} = ${'flag' in stage ? (value === true ? 1 : 0) : (value as string | null)}
          where id = ${fact.application_id}`.execute(db);
      }
      await db.schema.dropTable('application_facts').execute();
    },
  };
}

/** The revision triggers of one more part of an application (as 0006 made them for the others). */
async function createPartRevisionTriggers(db: AnyDb, dialect: DialectName, table: string): Promise<void> {
  const ofApplication = (row: 'new' | 'old') => `(select client_id from applications where id = ${row}.application_id)`;
  const bump = (clientId: string) => `update clients set data_revision = data_revision + 1 where id = ${clientId}`;
  if (dialect === 'postgres') {
    const transitions = {
      insert: 'referencing new table as new_rows',
      update: 'referencing old table as old_rows new table as new_rows',
      delete: 'referencing old table as old_rows',
    };
    for (const event of ['insert', 'update', 'delete'] as const)
      await sql
        .raw(
          `create trigger ${table}_revision_${event} after ${event} on ${table} ${transitions[event]}
            for each statement execute function bump_application_client_revision()`,
        )
        .execute(db);
    return;
  }
  const trigger = (event: string, body: string) =>
    sql
      .raw(`create trigger ${table}_revision_${event} after ${event} on ${table} for each row begin ${body}; end`)
      .execute(db);
  await trigger('insert', bump(ofApplication('new')));
  await trigger('update', `${bump(ofApplication('old'))}; ${bump(ofApplication('new'))}`);
  await trigger('delete', bump(ofApplication('old')));
}

/**
 * Client revisions: `clients.data_revision` grows whenever anything a client's application answers
 * show changes (their applications, attachments, histories, saved records; a service's name). The
 * database's own triggers keep it, so a write by the staff command, another server instance or any
 * future route counts without code remembering to; the API keeps answers it has built by revision
 * (server/client-answers.ts) and builds them again only when the revision moved.
 */
function clientRevisions(dialect: DialectName): Migration {
  const bump = (clientId: string) => `update clients set data_revision = data_revision + 1 where id = ${clientId}`;
  const ofApplication = (row: 'new' | 'old') => `(select client_id from applications where id = ${row}.application_id)`;
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('clients')
        .addColumn('data_revision', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      if (dialect === 'postgres') {
        await createPostgresRevisionTriggers(db);
        return;
      }
      const trigger = async (name: string, event: string, table: string, body: string, when = '') =>
        sql
          .raw(`create trigger ${name} after ${event} on ${table} for each row ${when} begin ${body}; end`)
          .execute(db);
      await trigger('applications_revision_insert', 'insert', 'applications', bump('new.client_id'));
      await trigger('applications_revision_update', 'update', 'applications', bump('old.client_id'));
      await trigger(
        'applications_revision_move',
        'update',
        'applications',
        bump('new.client_id'),
        'when old.client_id <> new.client_id',
      );
      await trigger('applications_revision_delete', 'delete', 'applications', bump('old.client_id'));
      for (const table of APPLICATION_PARTS) {
        await trigger(`${table}_revision_insert`, 'insert', table, bump(ofApplication('new')));
        await trigger(
          `${table}_revision_update`,
          'update',
          table,
          `${bump(ofApplication('old'))}; ${bump(ofApplication('new'))}`,
        );
        await trigger(`${table}_revision_delete`, 'delete', table, bump(ofApplication('old')));
      }
      await trigger(
        'services_revision',
        'update',
        'services',
        'update clients set data_revision = data_revision + 1',
        'when old.name is not new.name',
      );
    },
    async down(db: AnyDb) {
      if (dialect === 'postgres') {
        for (const table of ['applications', ...APPLICATION_PARTS]) {
          for (const event of ['insert', 'update', 'delete'])
            await sql.raw(`drop trigger if exists ${table}_revision_${event} on ${table}`).execute(db);
        }
        await sql.raw('drop trigger if exists services_revision on services').execute(db);
        for (const name of [
          'bump_client_revision',
          'bump_application_client_revision',
          'bump_renamed_service_revision',
        ])
          await sql.raw(`drop function if exists ${name}()`).execute(db);
      } else {
        const triggers = await sql<{ name: string }>`
          select name from sqlite_master where type = 'trigger' and name like '%revision%'`.execute(db);
        for (const { name } of triggers.rows) await sql.raw(`drop trigger if exists "${name}"`).execute(db);
      }
      await db.schema.alterTable('clients').dropColumn('data_revision').execute();
    },
  };
}

/**
 * PostgreSQL's revision triggers run once per statement over its changed rows (transition tables):
 * a bulk insert of many applications of one client moves its revision once, not once per row on the
 * same row of `clients`.
 */
async function createPostgresRevisionTriggers(db: AnyDb): Promise<void> {
  const bumpEach = (clients: string) => `update clients set data_revision = data_revision + 1 where id in (${clients})`;
  const ofParts = (rows: string) => `select a.client_id from applications a join ${rows} r on a.id = r.application_id`;
  const functions: Array<[string, string]> = [
    [
      'bump_client_revision',
      `if tg_op <> 'INSERT' then ${bumpEach('select client_id from old_rows')}; end if;
       if tg_op <> 'DELETE' then ${bumpEach('select client_id from new_rows')}; end if;`,
    ],
    [
      'bump_application_client_revision',
      `if tg_op <> 'INSERT' then ${bumpEach(ofParts('old_rows'))}; end if;
       if tg_op <> 'DELETE' then ${bumpEach(ofParts('new_rows'))}; end if;`,
    ],
    [
      'bump_renamed_service_revision',
      `if exists (select 1 from old_rows o join new_rows n on o.id = n.id where o.name is distinct from n.name)
       then update clients set data_revision = data_revision + 1; end if;`,
    ],
  ];
  for (const [name, body] of functions) {
    await sql
      .raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`)
      .execute(db);
  }
  // A trigger with transition tables has one event: three per table.
  const transitions = {
    insert: 'referencing new table as new_rows',
    update: 'referencing old table as old_rows new table as new_rows',
    delete: 'referencing old table as old_rows',
  };
  const trigger = (name: string, event: keyof typeof transitions, table: string, fn: string) =>
    sql
      .raw(
        `create trigger ${name} after ${event} on ${table} ${transitions[event]}
          for each statement execute function ${fn}()`,
      )
      .execute(db);
  for (const event of ['insert', 'update', 'delete'] as const) {
    await trigger(`applications_revision_${event}`, event, 'applications', 'bump_client_revision');
    for (const table of APPLICATION_PARTS)
      await trigger(`${table}_revision_${event}`, event, table, 'bump_application_client_revision');
  }
  await trigger('services_revision', 'update', 'services', 'bump_renamed_service_revision');
}

/**
 * Rebuilds a SQLite table with an edited `create table` statement, keeping its rows, its ids and
 * its indexes and its triggers; the tables that refer to it keep referring to it by name.
 */
async function rebuildSqliteTable(db: AnyDb, table: string, edit: (definition: string) => string): Promise<void> {
  const objects = await sql<{ type: string; sql: string | null }>`
    select type, sql from sqlite_master where tbl_name = ${table}`.execute(db);
  const definition = objects.rows.find((o) => o.type === 'table')?.sql;
  if (!definition) throw new Error(`table ${table} not found`);
  // Dropping the table drops its indexes and triggers: they are created again on the rebuilt one.
  const dependents = objects.rows
    .filter((o) => (o.type === 'index' || o.type === 'trigger') && o.sql)
    .map((o) => o.sql as string);
  const rebuilt = `${table}_rebuilt`;
  const created = edit(definition).replace(/^create table\s+("?)[A-Za-z_]+\1/i, `create table "${rebuilt}"`);
  await sql`pragma foreign_keys = off`.execute(db);
  // Triggers of other tables that name this one (the data revisions') would make the rename refuse
  // while the table is away: the legacy rename does not check them, and they name it again after.
  await sql`pragma legacy_alter_table = on`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql.raw(created).execute(trx);
      await sql.raw(`insert into "${rebuilt}" select * from "${table}"`).execute(trx);
      await sql.raw(`drop table "${table}"`).execute(trx);
      await sql.raw(`alter table "${rebuilt}" rename to "${table}"`).execute(trx);
      for (const dependent of dependents) await sql.raw(dependent).execute(trx);
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error(`rebuilding ${table} broke ${broken.rows.length} reference(s)`);
    });
  } finally {
    await sql`pragma legacy_alter_table = off`.execute(db);
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

/**
 * Staff keys expire and are rotated: each account keeps when its key was made (`key_created_at`, the
 * account's creation for the keys made before) and when it was last used.
 */
function staffKeys(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('staff').addColumn('key_created_at', 'text').execute();
      await db.schema.alterTable('staff').addColumn('last_used_at', 'text').execute();
      await sql`update staff set key_created_at = created_at`.execute(db);
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('staff').dropColumn('last_used_at').execute();
      await db.schema.alterTable('staff').dropColumn('key_created_at').execute();
    },
  };
}

/**
 * Decision e-mails: the language the applicant last used and whether they want decision e-mails
 * (with the account), the queue of messages to send (one row per message, sent after the move that
 * made it commits, retried with backoff) and the lease that makes one instance the sender.
 */
function decisionMail(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('clients').addColumn('language', 'text').execute();
      await db.schema
        .alterTable('clients')
        .addColumn('decision_emails', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await withId(db.schema.createTable('mail_queue'), dialect)
        .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
        .addColumn('application_id', 'integer', (c) => c.references('applications.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('params', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .addColumn('last_error', 'text')
        .execute();
      await db.schema.createIndex('mail_queue_due').on('mail_queue').columns(['sent_at', 'next_attempt_at']).execute();
      await db.schema
        .createTable('leases')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('leases').execute();
      await db.schema.dropTable('mail_queue').execute();
      await db.schema.alterTable('clients').dropColumn('decision_emails').execute();
      await db.schema.alterTable('clients').dropColumn('language').execute();
    },
  };
}

/**
 * Each attachment's fingerprint (SHA-256 of its bytes, hex), computed as an upload arrives and printed
 * on the application's copy. Files stored before (and the authority's documents) have none: the copy
 * computes theirs from the stored file.
 */
function attachmentFingerprints(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('attachments').addColumn('sha256', 'text').execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('attachments').dropColumn('sha256').execute();
    },
  };
}

/**
 * Drafts kept for the applicant: the answers of step 1 as last saved (JSON text, not judged: a draft
 * is incomplete) and when they were saved, which the offer to continue shows and the expiry reads.
 */
function drafts(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('applications').addColumn('draft_answers', 'text').execute();
      await db.schema.alterTable('applications').addColumn('draft_saved_at', 'text').execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('applications').dropColumn('draft_saved_at').execute();
      await db.schema.alterTable('applications').dropColumn('draft_answers').execute();
    },
  };
}

/**
 * One-time codes and account notices join the e-mail queue: `priority` orders what is due (0, codes and
 * notices: someone is waiting for them; 1, the e-mails about applications, as every row queued before),
 * so a backlog of decision e-mails never holds a code back.
 */
function mailPriority(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('mail_queue')
        .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('mail_queue').dropColumn('priority').execute();
    },
  };
}

/**
 * The staff console: roles per service (`staff_roles`: a service key or `*`, and viewer, reviewer,
 * approver or admin), staff sign-in (a password hash and a one-time sign-in link for the embedded
 * OpenID provider; `subject` ties an account to the authority's provider), the console's sessions
 * (shared by every instance through the database), the embedded provider's own store, internal notes,
 * the assignment of an application, and the history's transition name (four eyes reads who took which),
 * the staff session that wrote a row, whether the row is internal (a staff read: never shown to the
 * applicant), and what an internal row records (`event`: viewed, noted, took, released, assigned, opened;
 * `event_subject`: the colleague or document it names), so each reader words it in its language.
 */
function staffConsole(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('staff').addColumn('password_hash', 'text').execute();
      await db.schema.alterTable('staff').addColumn('sign_in_link_hash', 'text').execute();
      await db.schema.alterTable('staff').addColumn('sign_in_link_expires_at', 'text').execute();
      await db.schema.alterTable('staff').addColumn('subject', 'text').execute();
      await withId(db.schema.createTable('staff_roles'), dialect)
        .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff.id').onDelete('cascade'))
        .addColumn('service', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('granted_by', 'text', (c) => c.notNull())
        .addColumn('granted_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('staff_roles_unique', ['staff_id', 'service', 'role'])
        .execute();
      await withId(db.schema.createTable('staff_sessions'), dialect)
        .addColumn('session_hash', 'text', (c) => c.notNull().unique())
        .addColumn('staff_name', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('issuer', 'text', (c) => c.notNull())
        .addColumn('grants', 'text', (c) => c.notNull())
        .addColumn('id_token', 'text')
        .addColumn('csrf_token', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema
        .createTable('oidc_store')
        .addColumn('model', 'text', (c) => c.notNull())
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('grant_id', 'text')
        .addColumn('user_code', 'text')
        .addColumn('uid', 'text')
        .addColumn('expires_at', 'text')
        .addColumn('consumed_at', 'text')
        .addPrimaryKeyConstraint('oidc_store_pk', ['model', 'id'])
        .execute();
      await db.schema.createIndex('oidc_store_grant').on('oidc_store').column('grant_id').execute();
      await db.schema.createIndex('oidc_store_uid').on('oidc_store').column('uid').execute();
      await withId(db.schema.createTable('application_notes'), dialect)
        .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('application_notes_application')
        .on('application_notes')
        .columns(['application_id', 'id'])
        .execute();
      await db.schema.alterTable('applications').addColumn('assignee', 'text').execute();
      await db.schema.createIndex('applications_assignee').on('applications').column('assignee').execute();
      await db.schema
        .createIndex('applications_service_status_submitted')
        .on('applications')
        .columns(['service_id', 'status_id', 'submitted_at'])
        .execute();
      await db.schema.alterTable('flow_histories').addColumn('transition', 'text').execute();
      await db.schema.alterTable('flow_histories').addColumn('session', 'text').execute();
      await db.schema
        .alterTable('flow_histories')
        .addColumn('internal', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('flow_histories').addColumn('event', 'text').execute();
      await db.schema.alterTable('flow_histories').addColumn('event_subject', 'text').execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('flow_histories').dropColumn('event_subject').execute();
      await db.schema.alterTable('flow_histories').dropColumn('event').execute();
      await db.schema.alterTable('flow_histories').dropColumn('internal').execute();
      await db.schema.alterTable('flow_histories').dropColumn('session').execute();
      await db.schema.alterTable('flow_histories').dropColumn('transition').execute();
      await db.schema.dropIndex('applications_service_status_submitted').execute();
      await db.schema.dropIndex('applications_assignee').execute();
      await db.schema.alterTable('applications').dropColumn('assignee').execute();
      await db.schema.dropTable('application_notes').execute();
      await db.schema.dropTable('oidc_store').execute();
      await db.schema.dropTable('staff_sessions').execute();
      await db.schema.dropTable('staff_roles').execute();
      for (const column of ['subject', 'sign_in_link_expires_at', 'sign_in_link_hash', 'password_hash'])
        await db.schema.alterTable('staff').dropColumn(column).execute();
    },
  };
}

/**
 * The staff queue's orders: its pages are read newest first (by service, by assignee, or over every
 * service), so each of those walks an index in submission order and stops at the page's end, instead
 * of sorting every matching application; each index also holds the service and status, which every
 * queue filters by, so its counts read the index alone. The assignee's index of 0013 is a prefix of
 * its new one.
 */
function queueOrder(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createIndex('applications_service_submitted')
        .on('applications')
        .columns(['service_id', 'submitted_at', 'status_id'])
        .execute();
      await db.schema
        .createIndex('applications_submitted')
        .on('applications')
        .columns(['submitted_at', 'service_id', 'status_id'])
        .execute();
      await db.schema.dropIndex('applications_assignee').execute();
      await db.schema
        .createIndex('applications_assignee_submitted')
        .on('applications')
        .columns(['assignee', 'submitted_at', 'service_id', 'status_id'])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropIndex('applications_assignee_submitted').execute();
      await db.schema.createIndex('applications_assignee').on('applications').column('assignee').execute();
      await db.schema.dropIndex('applications_submitted').execute();
      await db.schema.dropIndex('applications_service_submitted').execute();
    },
  };
}

/**
 * Closed accounts (docs/security.md#closing-an-account): `clients.closed_at`. A closed account keeps the
 * name and e-mail its submitted applications were made under (the authority's records), so the e-mail
 * is unique among open accounts only: the same person may register again with it. PostgreSQL drops the
 * column's constraint in place; SQLite cannot, so the table is rebuilt without it (as 0004 did). The
 * partial unique index then holds the rule on both.
 */
function closedAccounts(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('clients').addColumn('closed_at', 'text').execute();
      if (dialect === 'postgres') {
        await sql`alter table clients drop constraint clients_email_key`.execute(db);
      } else {
        await rebuildSqliteTable(db, 'clients', (definition) => {
          const open = definition.replace(/("email"\s+text\s+not null)\s+unique/i, '$1');
          if (open === definition) throw new Error('clients.email: its UNIQUE constraint was not found');
          return open;
        });
      }
      await sql`create unique index clients_open_email on clients (email) where closed_at is null`.execute(db);
    },
    async down(db: AnyDb) {
      await sql`drop index clients_open_email`.execute(db);
      if (dialect === 'postgres') {
        await sql`alter table clients add constraint clients_email_key unique (email)`.execute(db);
      } else {
        await rebuildSqliteTable(db, 'clients', (definition) =>
          definition.replace(/("email"\s+text\s+not null)(?!\s+unique)/i, '$1 unique'),
        );
      }
      await db.schema.alterTable('clients').dropColumn('closed_at').execute();
    },
  };
}

/**
 * The webhooks' outbox: one row per event and subscription wanting it, written by the executor in the
 * transaction of the status change it reports (server/webhooks/outbox.ts), delivered later by the
 * sender (server/webhooks/webhook-sender.ts) under its lease. `message_id` is the `webhook-id` of every
 * attempt, so a receiver drops a repeat; the sender walks pending rows oldest first and holds a
 * subscription's later rows of an application while an earlier one is not delivered.
 */
function webhookOutbox(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('webhook_outbox'), dialect)
        .addColumn('message_id', 'text', (c) => c.notNull().unique())
        .addColumn('subscription', 'text', (c) => c.notNull())
        .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
        .addColumn('service', 'text', (c) => c.notNull())
        .addColumn('event_type', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('delivered_at', 'text')
        .addColumn('last_error', 'text')
        .execute();
      await db.schema
        .createIndex('webhook_outbox_due')
        .on('webhook_outbox')
        .columns(['state', 'next_attempt_at', 'id'])
        .execute();
      await db.schema
        .createIndex('webhook_outbox_order')
        .on('webhook_outbox')
        .columns(['subscription', 'application_id', 'id'])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('webhook_outbox').execute();
    },
  };
}

/**
 * The audit trail (server/trail/): `flow_histories` becomes the append-only trail of every change of
 * an application. Each row gets its `kind` (the rows stored so far: `status`, or `internal` for staff
 * rows), its `data` (JSON: an answers patch, a file's fingerprint, facts, a note...), its place `seq`
 * (1..n per application) and its chain (`prev_hash`, `hash`: server/trail/chain.ts); the application
 * keeps the chain's head (`trail_seq`, `trail_hash`), so deleting its last rows is found too. The
 * register (`trail_register`, its head in `trail_register_head`) records each application made and
 * each deleted, chained the same way, so deleting a whole application is found. The rows stored so
 * far are chained here in id order per application, every application registered as made. The queue's
 * mark reads the newest row of the kinds it shows through a partial index.
 */
function auditTrail(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('flow_histories')
        .addColumn('kind', 'text', (c) => c.notNull().defaultTo('status'))
        .execute();
      await db.schema.alterTable('flow_histories').addColumn('data', 'text').execute();
      await db.schema.alterTable('flow_histories').addColumn('seq', 'integer').execute();
      await db.schema.alterTable('flow_histories').addColumn('prev_hash', 'text').execute();
      await db.schema.alterTable('flow_histories').addColumn('hash', 'text').execute();
      await sql`update flow_histories set kind = 'internal' where internal = 1`.execute(db);
      await db.schema
        .alterTable('applications')
        .addColumn('trail_seq', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('applications').addColumn('trail_hash', 'text').execute();
      await withId(db.schema.createTable('trail_register'), dialect)
        .addColumn('seq', 'integer', (c) => c.notNull().unique())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('application_id', 'integer', (c) => c.notNull())
        .addColumn('app_id', 'text', (c) => c.notNull())
        .addColumn('service_id', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('prev_hash', 'text')
        .addColumn('hash', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('trail_register_application')
        .on('trail_register')
        .columns(['application_id', 'kind'])
        .execute();
      await db.schema
        .createTable('trail_register_head')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('hash', 'text')
        .execute();

      const applications = await sql<{
        id: number;
        app_id: string;
        service_id: number;
        created_at: string;
      }>`select id, app_id, service_id, created_at from applications order by id`.execute(db);
      let registerSeq = 0;
      let registerHash: string | null = null;
      for (const application of applications.rows) {
        const rows = await sql<Record<string, unknown> & { id: number }>`
          select * from flow_histories where application_id = ${application.id} order by id`.execute(db);
        let seq = 0;
        let hash: string | null = null;
        for (const row of rows.rows) {
          seq += 1;
          const prev: string | null = hash;
          hash = chainHash(prev, trailFieldsOf({ ...row, seq }));
          await sql`update flow_histories set seq = ${seq}, prev_hash = ${prev}, hash = ${hash}
            where id = ${row.id}`.execute(db);
        }
        await sql`update applications set trail_seq = ${seq}, trail_hash = ${hash}
          where id = ${application.id}`.execute(db);
        registerSeq += 1;
        const fields = {
          seq: registerSeq,
          kind: 'created',
          application_id: Number(application.id),
          app_id: application.app_id,
          service_id: Number(application.service_id),
          created_at: application.created_at,
          at: application.created_at,
        };
        const prev: string | null = registerHash;
        registerHash = chainHash(prev, fields);
        await sql`insert into trail_register (seq, kind, application_id, app_id, service_id, created_at, at, prev_hash, hash)
          values (${fields.seq}, ${fields.kind}, ${fields.application_id}, ${fields.app_id}, ${fields.service_id},
            ${fields.created_at}, ${fields.at}, ${prev}, ${registerHash})`.execute(db);
      }
      await sql`insert into trail_register_head (id, seq, hash) values (1, ${registerSeq}, ${registerHash})`.execute(
        db,
      );
      await db.schema
        .createIndex('flow_histories_seq')
        .unique()
        .on('flow_histories')
        .columns(['application_id', 'seq'])
        .execute();
      await sql`create index flow_histories_queue_mark on flow_histories (id) where kind in ('status', 'assignment')`.execute(
        db,
      );
    },
    async down(db: AnyDb) {
      await db.schema.dropIndex('flow_histories_queue_mark').execute();
      await db.schema.dropIndex('flow_histories_seq').execute();
      await db.schema.dropTable('trail_register_head').execute();
      await db.schema.dropTable('trail_register').execute();
      await db.schema.alterTable('applications').dropColumn('trail_hash').execute();
      await db.schema.alterTable('applications').dropColumn('trail_seq').execute();
      for (const column of ['hash', 'prev_hash', 'seq', 'data', 'kind'])
        await db.schema.alterTable('flow_histories').dropColumn(column).execute();
    },
  };
}

/**
 * Retention (server/retention/): an application on legal hold (`legal_hold`, set and lifted by staff
 * with who, when and why) is never deleted for its age; a tombstone the retention job writes keeps when
 * the application was decided (`trail_register.decided_at`, hashed only when set, so the rows chained
 * before keep their hashes).
 */
function retention(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('applications')
        .addColumn('legal_hold', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      for (const column of ['legal_hold_by', 'legal_hold_at', 'legal_hold_reason'])
        await db.schema.alterTable('applications').addColumn(column, 'text').execute();
      await db.schema.alterTable('trail_register').addColumn('decided_at', 'text').execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('trail_register').dropColumn('decided_at').execute();
      for (const column of ['legal_hold_reason', 'legal_hold_at', 'legal_hold_by', 'legal_hold'])
        await db.schema.alterTable('applications').dropColumn(column).execute();
    },
  };
}

/** The in-code migration provider for a dialect. Names sort in the order they must run. */
export function migrationProvider(dialect: DialectName): MigrationProvider {
  return {
    getMigrations: async () => ({
      '0001_initial': initial(dialect),
      '0002_security': security(),
      '0003_decisions': decisions(dialect),
      '0004_optional_phone': optionalPhone(dialect),
      '0005_definition_versions': definitionVersions(),
      '0006_client_revisions': clientRevisions(dialect),
      '0007_stage_facts': stageFacts(dialect),
      '0008_staff_keys': staffKeys(),
      '0009_decision_mail': decisionMail(dialect),
      '0010_drafts': drafts(),
      '0011_attachment_fingerprints': attachmentFingerprints(),
      '0012_mail_priority': mailPriority(),
      '0013_staff_console': staffConsole(dialect),
      '0014_queue_order': queueOrder(),
      '0015_closed_accounts': closedAccounts(dialect),
      '0016_webhook_outbox': webhookOutbox(dialect),
      '0017_audit_trail': auditTrail(dialect),
      '0018_retention': retention(),
    }),
  };
}
