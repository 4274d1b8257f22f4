/**
 * Includes of the definition format: `{"$ref": "<file>.json", ...overrides}` anywhere in a service's
 * files is replaced by that file's content (relative to the including file, inside `services/`).
 */
import { pointerSegment, type Report } from './definition-problems';
import { isRecord } from './value-path';

/** `folder` + a path relative to it (`../shared/x.json` allowed), as a key of the files map; null outside. */
export function resolveFileKey(fromFile: string, relative: string): string | null {
  const parts = fromFile.split('/').slice(0, -1);
  for (const part of relative.split('/')) {
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else if (part && part !== '.') parts.push(part);
  }
  return parts.length >= 2 ? parts.join('/') : null;
}

/**
 * The file an include names: `{"$ref": "<file>.json", ...overrides}` (a `#/...` $ref is JSON Schema's
 * own and stays as it is).
 */
function includeOf(value: unknown): string | null {
  if (!isRecord(value)) return null;
  const ref = value.$ref;
  return typeof ref === 'string' && !ref.startsWith('#') && ref.endsWith('.json') ? ref : null;
}

/**
 * A file's content without the `$schema` naming its format: that is for editors, about the file,
 * never a part of what includes it or of the form. A list fragment is written as
 * `{ "$schema": ..., "$items": [...] }` (a file holding a bare list could not name its schema): its
 * content is the list.
 */
export function withoutFormat(content: unknown): unknown {
  if (!isRecord(content) || !('$schema' in content)) return content;
  const { $schema: _format, ...rest } = content;
  const keys = Object.keys(rest);
  return keys.length === 1 && keys[0] === '$items' && Array.isArray(rest.$items) ? rest.$items : rest;
}

/**
 * Replaces every `{"$ref": "<file>.json"}` in `value` by the content of that file (relative to
 * `fromFile`, inside services/), recursively: services share fragments this way (both licences'
 * Basel form, the legal-status blocks of the GCF letters). Keys beside the `$ref` are laid over the
 * included object, so a service takes a shared piece and adds or replaces what is its own (its field
 * order, its own fields). An include inside a list whose file holds a list is spread into that list
 * (the view rows the letters share). `included` collects the files used; a missing file, a cycle and
 * keys beside an include that is not an object are reported.
 */
export function resolveIncludes(
  value: unknown,
  fromFile: string,
  files: Record<string, unknown>,
  report: Report,
  included: Set<string>,
  pointer = '',
  stack: string[] = [fromFile],
): unknown {
  const ref = includeOf(value);
  if (ref !== null && isRecord(value)) {
    const key = resolveFileKey(fromFile, ref);
    const { $ref: _ref, ...overrides } = value;
    const own = resolveIncludes(overrides, fromFile, files, report, included, pointer, stack) as Record<
      string,
      unknown
    >;
    if (!key || !(key in files)) {
      report(fromFile, pointer, `included file '${ref}' is missing`);
      return own;
    }
    if (stack.includes(key)) {
      report(fromFile, pointer, `'${ref}' includes itself (${[...stack, key].join(' -> ')})`);
      return own;
    }
    included.add(key);
    const content = resolveIncludes(withoutFormat(files[key]), key, files, report, included, '', [...stack, key]);
    if (Object.keys(own).length === 0) return content;
    if (!isRecord(content)) {
      report(fromFile, pointer, `'${ref}' is not an object, so keys beside its $ref cannot be laid over it`);
      return content;
    }
    return { ...content, ...own };
  }
  if (Array.isArray(value)) {
    // An include in a list whose file is a list is spread into it: services share rows of a view.
    return value.flatMap((item, i) => {
      const resolved = resolveIncludes(item, fromFile, files, report, included, `${pointer}/${i}`, stack);
      return includeOf(item) !== null && Array.isArray(resolved) ? resolved : [resolved];
    });
  }
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value))
      out[key] = resolveIncludes(item, fromFile, files, report, included, `${pointer}/${pointerSegment(key)}`, stack);
    return out;
  }
  return value;
}

/** Reads a JSON file a definition names (relative to its service.json), with its includes resolved. */
export type FileReader = (relative: string, pointer: string) => [string, unknown] | null;

/** Reads the files a service's definition names from `files`, includes resolved; `included` collects shared files. */
export function fileReader(
  folder: string,
  files: Record<string, unknown>,
  fail: Report,
  included: Set<string>,
): FileReader {
  const serviceFile = `${folder}/service.json`;
  return (relative, pointer) => {
    const key = resolveFileKey(serviceFile, relative);
    const content = key ? files[key] : undefined;
    if (!key || !isRecord(content)) {
      fail(serviceFile, pointer, `file '${relative}' is missing or not a JSON object`);
      return null;
    }
    if (key.split('/')[0] !== folder) included.add(key);
    return [key, resolveIncludes(content, key, files, fail, included)];
  };
}
