/**
 * The names the server gives the options of its lookup lists (from its own tables), by the API path
 * a widget reads them from: what the widget checks and the read-back calls use.
 */
import type { Kysely } from 'kysely';
import { isOfferedEntry } from '../../engine/core';
import type { AppContext } from '../context';
import type { Database } from '../db/tables';
import { isDbId } from '../http';
import { lookupEntry } from '../lookup-entry';

/** The key of the looked-up option in a row of a lookup-codes list: `waste_identification_id` -> `waste_identification`. */
export function optionKey(idField: string): string {
  return idField.endsWith('_id') ? idField.slice(0, -'_id'.length) : `${idField}_option`;
}

/** Matches API paths of the lookup lists, e.g. `plastics/consumption-areas/3` -> items of area 3. */
export interface LookupMatcher {
  kind: string;
  pattern: RegExp;
  hasParent: boolean;
}

/** The matchers of every lookup list the server serves. */
export function lookupMatchers(ctx: Pick<AppContext, 'reference'>): LookupMatcher[] {
  return ctx.reference.lookups.map((list) => {
    const escaped = list.path
      .replace(/^\/+/, '')
      .split('{parent}')
      .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('([^/]+)');
    return { kind: list.kind, pattern: new RegExp(`^${escaped}$`), hasParent: list.path.includes('{parent}') };
  });
}

/**
 * Names of the given ids in the list an API path serves, in one query: id -> name for the ids found
 * (ids that cannot be database ids, and entries a binding's `only` does not offer, are not found); undefined when the server does not serve
 * the path, so it cannot check it. A null path (a placeholder without a value) finds nothing.
 */
export async function lookupNames(
  db: Kysely<Database>,
  matchers: readonly LookupMatcher[],
  path: string | null,
  ids: readonly unknown[],
  only?: Record<string, unknown>,
): Promise<Map<string, string> | undefined> {
  const found = new Map<string, string>();
  if (path === null) return found;
  const clean = path.replace(/^\/+/, '').split('?')[0] ?? '';
  for (const matcher of matchers) {
    const m = matcher.pattern.exec(clean);
    if (!m) continue;
    const wanted = [...new Set(ids.filter(isDbId).map(Number))];
    if (wanted.length === 0) return found;
    let query = db
      .selectFrom('lookups')
      .select(['id', 'name', 'extra'])
      .where('kind', '=', matcher.kind)
      .where('id', 'in', wanted);
    if (matcher.hasParent) {
      const parent = decodeURIComponent(m[1] ?? '');
      if (!isDbId(parent)) return found;
      query = query.where('parent_id', '=', Number(parent));
    }
    for (const row of await query.execute())
      if (isOfferedEntry(lookupEntry(row), only)) found.set(String(row.id), row.name);
    return found;
  }
  return undefined;
}
