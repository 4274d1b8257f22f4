/**
 * What the trail records of a file added to or removed from an application: its document (slot), name,
 * size and SHA-256 (when taken), and whether it is the authority's; not where it is stored.
 */
export interface FileFingerprint {
  description: string;
  name: string;
  size: number;
  sha256: string | null;
  internal: number;
}

/** The fingerprint of an attachment row (or of what is about to be one). */
export function fileFingerprint(file: {
  description: string;
  name: string;
  size: number;
  sha256?: string | null;
  internal?: number;
}): FileFingerprint {
  return {
    description: file.description,
    name: file.name,
    size: Number(file.size),
    sha256: file.sha256 ?? null,
    internal: Number(file.internal ?? 0),
  };
}
