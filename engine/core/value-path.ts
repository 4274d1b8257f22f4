/**
 * Reading form data and records by dotted path (`company.name`, `items.0`): one helper for the
 * engine and the server, so a path means the same thing on both sides.
 */

/** A plain object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value at a dotted path; array items by index; `undefined` when a step is missing. */
export function valueAt(data: unknown, path: string): unknown {
  let current: unknown = data;
  for (const part of path.split('.')) {
    if (!isRecord(current) && !Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/**
 * Writes `value` at a dotted path, creating the objects on the way; `undefined` or `null` removes
 * the key (and creates nothing).
 */
export function setValueAt(data: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let current: Record<string, unknown> = data;
  for (const part of parts.slice(0, -1)) {
    let next = current[part];
    if (!isRecord(next)) {
      if (value === undefined || value === null) return;
      next = {};
      current[part] = next;
    }
    current = next as Record<string, unknown>;
  }
  const last = parts[parts.length - 1] ?? path;
  if (value === undefined || value === null) delete current[last];
  else current[last] = value;
}

/** A flag as the API and the databases answer it: true, 1 or '1' (SQLite has no booleans). */
export function isSetFlag(value: unknown): boolean {
  return value === true || value === 1 || value === '1';
}
