/**
 * The audit trail's chain: each event of an application (a row of `flow_histories`) and each row of
 * the register of applications (`trail_register`) holds the SHA-256 of the hash before it and of the
 * canonical JSON of its recorded fields, so editing a row changes its hash and deleting one breaks the
 * link of the row after it (and the head kept on the application, or the register's head row, finds a
 * deleted last row). Pure: the migration that chains the rows already stored, the writer and the check
 * all hash with this one function.
 */
import { createHash } from 'node:crypto';
import stableStringify from 'safe-stable-stringify';

/** What an event of an application records, as stored: the fields its hash covers. */
export interface TrailFields {
  application_id: number;
  seq: number;
  created_at: string;
  actor: string | null;
  session: string | null;
  kind: string;
  status_id: number;
  transition: string | null;
  comment_to_applicant: string | null;
  internal: number;
  event: string | null;
  event_subject: string | null;
  /** JSON text, hashed as stored (so both dialects hash the same bytes). */
  data: string | null;
}

/** What a row of the register records: an application made or deleted, without personal data. */
export interface RegisterFields {
  seq: number;
  kind: string;
  application_id: number;
  app_id: string;
  service_id: number;
  /** When the application was made. */
  created_at: string;
  /** When this row was written (the deletion's time for a tombstone). */
  at: string;
  /** A retention tombstone's decision time; absent otherwise (and then not hashed, as before it was kept). */
  decided_at?: string;
}

/** The fields a hash covers, in the stored types (a database may answer a number as a string). */
export function trailFieldsOf(row: Record<string, unknown>): TrailFields {
  return {
    application_id: Number(row.application_id),
    seq: Number(row.seq),
    created_at: String(row.created_at),
    actor: textOrNull(row.actor),
    session: textOrNull(row.session),
    kind: String(row.kind),
    status_id: Number(row.status_id),
    transition: textOrNull(row.transition),
    comment_to_applicant: textOrNull(row.comment_to_applicant),
    internal: Number(row.internal),
    event: textOrNull(row.event),
    event_subject: textOrNull(row.event_subject),
    data: textOrNull(row.data),
  };
}

/** The register's fields of a stored row, in the stored types. */
export function registerFieldsOf(row: Record<string, unknown>): RegisterFields {
  return {
    seq: Number(row.seq),
    kind: String(row.kind),
    application_id: Number(row.application_id),
    app_id: String(row.app_id),
    service_id: Number(row.service_id),
    created_at: String(row.created_at),
    at: String(row.at),
    ...(row.decided_at === null || row.decided_at === undefined ? {} : { decided_at: String(row.decided_at) }),
  };
}

function textOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

/**
 * The hash of a row: SHA-256 (hex) of the previous row's hash (empty for the first) followed by the
 * canonical JSON (keys sorted) of its recorded fields.
 */
export function chainHash(prevHash: string | null, fields: TrailFields | RegisterFields): string {
  return hashAfter(prevHash, stableStringify(fields) ?? '');
}

/** SHA-256 (hex) of `prevHash` (empty for the first row) followed by `canonical`, a row's canonical JSON. */
function hashAfter(prevHash: string | null, canonical: string): string {
  return createHash('sha256')
    .update(prevHash ?? '')
    .update(canonical)
    .digest('hex');
}

/** What tells apart the rows of one event appended to many applications (the export's read). */
export type TrailPlace = Pick<TrailFields, 'application_id' | 'seq' | 'status_id'>;
/** The place's fields (their order is the canonical JSON's: sorted). */
export const PLACE_KEYS: ReadonlyArray<keyof TrailPlace> = ['application_id', 'seq', 'status_id'];

/**
 * The hasher of rows that share every field but their place (`shared`): `(prevHash, place)` gives
 * what `chainHash` gives for the whole row. The canonical JSON's texts between the place's three
 * numbers are written once, so a row costs one text and one hash, where `chainHash` builds and
 * sorts an object each time; an export chains 100,000 rows, and that garbage, outliving the young
 * generation's collections, grew the server by 100 MB until a full collection.
 */
export function sharedFieldsHasher(
  shared: Omit<TrailFields, keyof TrailPlace>,
): (prevHash: string | null, place: TrailPlace) => string {
  const fields: Record<string, unknown> = { ...shared };
  // The canonical text split around the three numbers, in the order the sorted keys put them.
  const texts: string[] = [];
  const order: Array<keyof TrailPlace> = [];
  let text = '';
  for (const key of [...Object.keys(fields), ...PLACE_KEYS].sort()) {
    const separator = text === '' && texts.length === 0 ? '{' : ',';
    if ((PLACE_KEYS as readonly string[]).includes(key)) {
      texts.push(`${text}${separator}${JSON.stringify(key)}:`);
      order.push(key as keyof TrailPlace);
      text = '';
    } else if (fields[key] !== undefined) text += `${separator}${JSON.stringify(key)}:${JSON.stringify(fields[key])}`;
  }
  const [a = '', b = '', c = ''] = texts;
  const [x = 'application_id', y = 'seq', z = 'status_id'] = order;
  const end = `${text}}`;
  return (prevHash, place) => hashAfter(prevHash, `${a}${place[x]}${b}${place[y]}${c}${place[z]}${end}`);
}
