/**
 * What the portal's build gives RJSF in place of `markdown-to-jsx/react` (an alias in vite.config.ts):
 * RJSF renders its own few texts through it (an unsupported field's message, the file list of its
 * FileWidget), with **bold** and `code` marks, and service texts only when a definition turns
 * markdown on, which the definition check refuses (texts show as written). The full parser is 31 KB
 * gzip, a fifth of the wizard's download, for marks this renders in a few lines.
 */
import { createElement, Fragment, type ReactNode } from 'react';

/** The marks RJSF's own texts use: `**strong**` and `` `code` ``. */
const MARK = /\*\*([^*]+)\*\*|`([^`]+)`/g;

/** The text with its marks as elements; everything else as written (never as HTML). */
export function inlineMarkdown(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(MARK)) {
    const at = match.index ?? 0;
    if (at > last) parts.push(text.slice(last, at));
    parts.push(
      match[1] !== undefined
        ? createElement('strong', { key: at }, match[1])
        : createElement('code', { key: at }, match[2]),
    );
    last = at + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** `markdown-to-jsx/react`'s `Markdown`, for the texts above; options (raw HTML is never parsed) are ignored. */
export function Markdown({ children }: { children?: ReactNode; options?: unknown }) {
  return createElement(Fragment, null, ...(typeof children === 'string' ? inlineMarkdown(children) : [children]));
}

export default Markdown;
