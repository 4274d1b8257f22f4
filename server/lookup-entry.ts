/** A lookup list's entry as the API answers it (server/routes/reference.ts) and the submissions read it. */

/** A row of a list as the API answers it: id, name and the entry's own fields (`is_active`). */
export function lookupEntry(row: { id: number; name: string; extra: string | null }): Record<string, unknown> {
  const extra = row.extra ? (JSON.parse(row.extra) as Record<string, unknown>) : {};
  return { ...extra, id: row.id, name: row.name };
}
