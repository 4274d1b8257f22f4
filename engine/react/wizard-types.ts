/** Props and API shapes of the application wizard. */
import type { ReactNode } from 'react';
import type { ServiceDefinition } from '../core/definition-types';
import type { StepKey } from '../core/wizard-state';
import type { UploadFileOptions, UploadHandle } from './upload-file';

/**
 * An application's detail and its files as `GET application/{id}` answers them: derived from the
 * contract's schema (engine/core/api-types.ts). The records sit under `definition.view.record`, read
 * with `applicationField`.
 */
export type { ApplicationAttachment, ApplicationDetails } from '../core/api-types';

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
