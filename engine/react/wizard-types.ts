/** Props and API shapes of the application wizard. */
import type { ReactNode } from 'react';
import type { ServiceDefinition } from '../core/definition-types';
import type { StepKey } from '../core/wizard-state';
import type { UploadFileOptions, UploadHandle } from './upload-file';

/** An existing attachment of an application. */
export interface ApplicationAttachment {
  id?: number;
  description?: string | null;
  path: string;
  name?: string | null;
  /** When it was uploaded. */
  created_at?: string | null;
  /** How many earlier files of the same document it replaces (a returned application's correction). */
  earlier_versions?: number;
}

/** The part of `application/{id}` the wizard reads; the record sits under `definition.view.record`. */
export interface ApplicationDetails {
  id: number;
  app_id: string;
  application_status_id: number;
  resubmitted?: boolean | number | null;
  manually_processed?: boolean | number | null;
  final_certificate_uploaded?: boolean | number | null;
  manual_certificate?: { path: string; file_name?: string | null } | null;
  /** Verification address of the certificate under the API base, set once approved. */
  certUrl?: string | null;
  application_attachments?: ApplicationAttachment[];
  application_flow_histories?: Array<{
    application_status_id: number;
    comment_to_applicant?: string | null;
    created_at?: string | null;
    /** Who moved it: staff, applicant or system. */
    actor?: string | null;
  }>;
  /** Its saved records (under their keys) and its stage facts (`lifecycle.facts`, by name). */
  [record: string]: unknown;
}

/** Where an applicant is in a draft: which application, at which step. */
export interface ResumePoint {
  applicationId: number | string;
  step: StepKey;
}

export type RenderLink = (href: string, children: ReactNode) => ReactNode;

export interface ServiceWizardProps {
  definition: ServiceDefinition;
  clientId: number | string;
  /** `edit` is `view` on the service's edit route (its own title). */
  mode: 'new' | 'view' | 'edit';
  /** Required in view and edit mode. */
  applicationId?: number | string;
  /** Renders a link (e.g. with the router's Link); defaults to a plain anchor. */
  renderLink?: RenderLink;
  /** Where the success panel's Back link goes. */
  dashboardHref?: string;
  /**
   * Called once the application's status changed by the applicant's hand: it became submitted (its
   * record call succeeded) or its approval conditions were answered, e.g. to refresh the dashboard and
   * what a submission unlocks in the portal.
   */
  onSubmitted?: () => void;
  /**
   * Keeps a new application's step 1 in its draft as it is filled, and the files chosen in step 2
   * (the portal; off in a preview). A draft continued later opens with them.
   */
  saveDrafts?: boolean;
  /**
   * The step a continued draft opens at (the portal reads it from the address); it opens at an earlier
   * one when its answers or files do not reach that far.
   */
  resumeStep?: StepKey;
  /**
   * Told where a draft kept by `saveDrafts` is (its id once it exists, and the step shown), at once and
   * on every step change: the portal writes it into the address, so a reload or the browser's Back
   * continues the same draft at the same step.
   */
  onResumePoint?: (point: ResumePoint) => void;
  /** Replaces the backend's upload (tests). */
  upload?: (options: UploadFileOptions) => UploadHandle;
}
