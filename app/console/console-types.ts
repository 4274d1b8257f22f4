/**
 * What the staff API answers, as the console reads it (server/routes/staff-*.ts). Fields the console
 * can do without are optional: a review answer without them still shows what it has.
 */
import type { RoleGrant } from '../../engine/core';

/** `GET staff/session`: who is signed in, what they may do, and the token their POSTs carry. */
export interface StaffSession {
  name: string;
  grants: RoleGrant[];
  csrfToken: string;
}

/** One row of `GET staff/queue`. */
export interface QueueItem {
  id: number;
  app_id: string;
  service: string;
  service_title: string;
  status_id: number;
  status_key: string;
  applicant: string | null;
  company: string | null;
  submitted_at: string | null;
  assignee: string | null;
}

export interface QueueAnswer {
  items: QueueItem[];
  total: number;
  page: number;
  size: number;
  counts: Array<{ status_id: number; status_key: string; count: number }>;
}

/** A document of an application under review (the applicant's, and the authority's own: `internal`). */
export interface ReviewDocument {
  id: number;
  name: string;
  description: string;
  /** The file's type when known (`application/pdf`, `image/png`): what the preview draws it with. */
  mime?: string | null;
  size?: number;
  created_at?: string | null;
  internal?: boolean;
  /** Its download address (`/api/staff/applications/:id/documents/:documentId`; `?inline=1` previews it). */
  url: string;
}

export interface ReviewHistoryEntry {
  id?: number;
  status_id: number;
  status_key?: string | null;
  transition?: string | null;
  comment?: string | null;
  actor?: string | null;
  created_at: string;
  /** The authority's own row (a read, a note, an assignment): never shown to the applicant. */
  internal?: boolean;
  /** What an internal row records (viewed, exported, noted, took, released, assigned, opened) and whom or what it names. */
  event?: string | null;
  event_subject?: string | null;
}

export interface ReviewNote {
  id: number;
  author: string;
  body: string;
  created_at: string;
}

/** A staff transition at the application's status: what it takes and whether the reader may take it. */
export interface ReviewTransition {
  name: string;
  /** Its label in the reader's language, from the application's definition (`withDefinitionRows`). */
  label?: string | null;
  description?: string | null;
  /** The status it leads to (id, and key). */
  to?: number;
  to_key?: string;
  /** Its text (HTML), by the body field that carries it. */
  text?: { name: string; required?: boolean; requiredMessage?: string } | null;
  /** Its document (a PDF in `file`). */
  document?: { description: string; notPdfMessage?: string } | null;
  allowed: boolean;
  /** Why the reader may not take it. */
  reason?: string | null;
}

/** `GET staff/applications/:id`. */
export interface ReviewAnswer {
  application: {
    id: number;
    app_id: string;
    service: string;
    service_title?: string;
    status_id: number;
    status_key?: string;
    applicant?: { name: string; email: string } | null;
    company?: string | null;
    submitted_at?: string | null;
    assignee: string | null;
    /** The reader's role on the service. */
    role?: string | null;
    /** Who keeps it from the retention job, since when and why; null when nobody does. */
    legal_hold?: { by: string; at: string; reason: string } | null;
  };
  /** The application as the applicant's view reads it (`GET application/:id`). */
  answers: Record<string, unknown>;
  documents: ReviewDocument[];
  history: ReviewHistoryEntry[];
  notes: ReviewNote[];
  transitions: ReviewTransition[];
}
