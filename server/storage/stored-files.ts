/**
 * What the file routes and the staff command share about a stored file: its kind from its first
 * bytes, its key, its commit together with its record, and how it is offered as a download.
 */
import { randomBytes } from 'node:crypto';
import type { FileKind } from '../../engine/core';
import type { FileStore, ReceivedFile } from './file-store';

export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

interface Sniffed {
  kind: FileKind;
  mime: string;
}

/** The kind of a file from its first bytes (magic numbers), or null when none matches. */
export function sniffKind(head: Buffer, extension: string): Sniffed | null {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return { kind: 'pdf', mime: 'application/pdf' };
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return { kind: 'image', mime: 'image/png' };
  if (starts(0xff, 0xd8, 0xff)) return { kind: 'image', mime: 'image/jpeg' };
  if (starts(0x47, 0x49, 0x46, 0x38)) return { kind: 'image', mime: 'image/gif' };
  if (starts(0x52, 0x49, 0x46, 0x46) && head.subarray(8, 12).toString('latin1') === 'WEBP')
    return { kind: 'image', mime: 'image/webp' };
  if (starts(0x42, 0x4d) && extension === '.bmp') return { kind: 'image', mime: 'image/bmp' };
  if (starts(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) return { kind: 'doc', mime: 'application/msword' };
  // A docx is a zip archive; only the .docx extension makes a zip acceptable.
  if (starts(0x50, 0x4b, 0x03, 0x04) && extension === '.docx') {
    return { kind: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };
  }
  return null;
}

/** True when a file's first bytes are a PDF's (the check of the staff's ToR and review documents). */
export function startsAsPdf(head: Buffer): boolean {
  return sniffKind(head, '.pdf')?.kind === 'pdf';
}

/** A new key for a stored file: `uploads/` and 32 random hex digits. */
export function newStoredKey(): string {
  return `uploads/${randomBytes(16).toString('hex')}`;
}

/**
 * Runs `record` with the received file committed under a new key, inside the caller's transaction:
 * the file becomes readable right before its record commits. When `record` or the commit fails,
 * nothing of the file is left.
 */
export async function commitWith<T>(
  files: FileStore,
  received: ReceivedFile,
  record: (key: string) => Promise<T>,
): Promise<T> {
  const key = newStoredKey();
  let committed = false;
  try {
    await files.commit(received, key);
    committed = true;
    return await record(key);
  } catch (error) {
    if (committed) await files.remove(key).catch(() => undefined);
    throw error;
  }
}

/** `attachment` disposition with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Content types of the template files a definition may ship. */
export const FILE_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.odt': 'application/vnd.oasis.opendocument.text',
};
