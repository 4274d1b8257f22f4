import type { FileKind } from './definition-types';

/**
 * Upload kinds of the documents step: which extensions and MIME types each kind admits. Used for
 * the `<input accept>` attribute in the browser and for the server's own check of uploads.
 */

export interface FileKindSpec {
  /** Lower-case extensions with the leading dot. */
  extensions: readonly string[];
  /** MIME types browsers and content sniffing report for the kind. */
  mimeTypes: readonly string[];
}

export const FILE_KINDS: Readonly<Record<FileKind, FileKindSpec>> = {
  pdf: { extensions: ['.pdf'], mimeTypes: ['application/pdf'] },
  image: {
    extensions: ['.png', '.jpg', '.jpeg', '.gif', '.webp', '.bmp'],
    mimeTypes: ['image/png', 'image/jpeg', 'image/pjpeg', 'image/gif', 'image/webp', 'image/bmp'],
  },
  doc: { extensions: ['.doc'], mimeTypes: ['application/msword', 'application/vnd.ms-word', 'application/x-cfb'] },
  docx: {
    extensions: ['.docx'],
    // Content sniffing sees a docx as a zip archive, so the server may report application/zip.
    mimeTypes: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/zip'],
  },
};

/** Every kind name, for meta-schemas and tests. */
export const ALL_FILE_KINDS = Object.keys(FILE_KINDS) as FileKind[];

/** Lower-case extension of a file name with its dot, or '' when there is none. */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot).toLowerCase();
}

/** Value of `<input type="file" accept>` for the given kinds: extensions and MIME types. */
export function acceptAttribute(kinds: readonly FileKind[]): string {
  const parts: string[] = [];
  for (const kind of kinds) {
    const spec = FILE_KINDS[kind];
    for (const ext of spec.extensions) if (!parts.includes(ext)) parts.push(ext);
    // application/zip is only a sniffing alias; offering it in a picker would admit any archive.
    for (const mime of spec.mimeTypes) if (mime !== 'application/zip' && !parts.includes(mime)) parts.push(mime);
  }
  return parts.join(',');
}

/** MIME types that carry no information: browsers report them for unknown files. */
const UNINFORMATIVE_MIME = new Set(['', 'application/octet-stream']);

/**
 * True when the file's extension belongs to one of the kinds and its MIME type (when informative)
 * belongs to that same kind, so a renamed executable with a `.pdf` name and a foreign type is refused.
 */
export function isAcceptedFile(
  fileName: string,
  mimeType: string | null | undefined,
  kinds: readonly FileKind[],
): boolean {
  const ext = fileExtension(fileName);
  const mime = (mimeType ?? '').toLowerCase().split(';')[0]?.trim() ?? '';
  return kinds.some((kind) => {
    const spec = FILE_KINDS[kind];
    if (!spec.extensions.includes(ext)) return false;
    return UNINFORMATIVE_MIME.has(mime) || spec.mimeTypes.includes(mime);
  });
}

/** Main export: the kind table. */
export const fileKinds = FILE_KINDS;
