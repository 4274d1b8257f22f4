/**
 * Adds one entry to a JSON file's text without rewriting the rest: the scaffold adds a service to
 * the seeded reference data (`fixtures/lookups/services.json`, `fixtures/lookups/i18n/<lang>.json`),
 * files people edit and lay out by hand, so everything it did not add keeps its bytes: order,
 * indentation, line breaks. The entry is laid out with the indentation the container already uses.
 */

/** Where a JSON value starts and ends in a text (`end` is just past its last character). */
interface Span {
  start: number;
  end: number;
}

const WHITESPACE = /\s/;

function skipSpace(text: string, at: number): number {
  let index = at;
  while (index < text.length && WHITESPACE.test(text[index] ?? '')) index += 1;
  return index;
}

/** The end of the string starting at `at` (a `"`), just past its closing quote. */
function stringEnd(text: string, at: number): number {
  let index = at + 1;
  while (index < text.length) {
    const char = text[index];
    if (char === '\\') index += 2;
    else if (char === '"') return index + 1;
    else index += 1;
  }
  throw new Error('unterminated string');
}

/** The span of the value starting at `at` (after whitespace). */
function valueSpan(text: string, at: number): Span {
  const start = skipSpace(text, at);
  const first = text[start];
  if (first === '"') return { start, end: stringEnd(text, start) };
  if (first === '{' || first === '[') {
    let depth = 0;
    let index = start;
    while (index < text.length) {
      const char = text[index];
      if (char === '"') {
        index = stringEnd(text, index);
        continue;
      }
      if (char === '{' || char === '[') depth += 1;
      else if (char === '}' || char === ']') {
        depth -= 1;
        if (depth === 0) return { start, end: index + 1 };
      }
      index += 1;
    }
    throw new Error('unterminated object or list');
  }
  let end = start;
  while (end < text.length && !/[\s,}\]]/.test(text[end] ?? '')) end += 1;
  return { start, end };
}

/** The members of the object at `span`: each key with the span of its value. */
function members(text: string, span: Span): Array<{ key: string; value: Span }> {
  const found: Array<{ key: string; value: Span }> = [];
  let index = skipSpace(text, span.start + 1);
  while (index < span.end - 1) {
    if (text[index] === ',') index = skipSpace(text, index + 1);
    if (text[index] !== '"') break;
    const keyEnd = stringEnd(text, index);
    const key = JSON.parse(text.slice(index, keyEnd)) as string;
    const colon = skipSpace(text, keyEnd);
    const value = valueSpan(text, colon + 1);
    found.push({ key, value });
    index = skipSpace(text, value.end);
  }
  return found;
}

/** The indentation of the line holding `index`. */
function lineIndent(text: string, index: number): string {
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? '';
}

/**
 * `text` with `entry` added at the end of the container at `path` (keys from the top; the top
 * itself when empty): a member `key: entry` of an object, or an item of a list when `key` is
 * undefined. A missing object on the way is added as a member holding the rest. Only the new
 * lines are written, indented as the container's entries are (its closing line's indentation
 * plus one step, the file's own step).
 * @throws Error when the text is not JSON, or the path leads to something else.
 */
export function insertJsonMember(
  text: string,
  path: readonly string[],
  key: string | undefined,
  entry: unknown,
): string {
  JSON.parse(text);
  let container = valueSpan(text, 0);
  let walked = 0;
  for (const name of path) {
    if (text[container.start] !== '{')
      throw new Error(`${path.slice(0, walked).join('.') || 'the top'} is not an object`);
    const member = members(text, container).find((item) => item.key === name);
    if (!member) break;
    container = member.value;
    walked += 1;
  }
  const [head, ...nested] = path.slice(walked);
  const isList = text[container.start] === '[';
  const where = path.slice(0, walked).join('.') || 'the top';
  let memberKey: string | undefined;
  let memberValue: unknown;
  if (head === undefined) {
    if (isList !== (key === undefined)) throw new Error(`${where} is not ${isList ? 'an object' : 'a list'}`);
    memberKey = key;
    memberValue = entry;
  } else {
    if (isList) throw new Error(`${where} is not an object`);
    // The missing objects on the way, holding the entry.
    memberKey = head;
    memberValue = nested.reduceRight<unknown>(
      (inner, name) => ({ [name]: inner }),
      key === undefined ? [entry] : { [key]: entry },
    );
  }

  const close = container.end - 1;
  const closingIndent = lineIndent(text, close);
  const body = text.slice(container.start + 1, close);
  const empty = body.trim() === '';
  // The file's step: what its entries add to the closing line's indentation (two spaces when empty).
  const firstEntry = skipSpace(text, container.start + 1);
  const multiline = !empty && text.slice(container.start, firstEntry).includes('\n');
  const entryIndent = multiline ? lineIndent(text, firstEntry) : `${closingIndent}  `;
  const step =
    entryIndent.startsWith(closingIndent) && entryIndent.length > closingIndent.length
      ? entryIndent.slice(closingIndent.length)
      : '  ';
  const laidOut = JSON.stringify(memberValue, null, step)
    .split('\n')
    .map((line, index) => (index === 0 ? line : `${entryIndent}${line}`))
    .join('\n');
  const member = memberKey === undefined ? laidOut : `${JSON.stringify(memberKey)}: ${laidOut}`;
  if (empty)
    return `${text.slice(0, container.start + 1)}\n${entryIndent}${member}\n${closingIndent}${text.slice(close)}`;
  // Written after the last entry (the whitespace before the closing line kept after it), so every
  // line before keeps its bytes.
  const lastEnd = close - (body.length - body.trimEnd().length);
  return `${text.slice(0, lastEnd)},\n${entryIndent}${member}${text.slice(lastEnd)}`;
}
