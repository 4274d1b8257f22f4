/**
 * The generic application wizard of every service: `<ServiceWizard definition clientId mode
 * applicationId? />`, reaching its backend through `BackendContext` (engine/core/backend-port.ts).
 *
 * - `new`: creates the draft (the backend's `createDraft`), then steps 1-3 (details, document
 *   uploads, confirm) and the submit pipeline of the definition, then the success panel.
 * - `view`: reads the application, titled by the service and its number with a line saying what
 *   happens next; a returned one (status 7) is edited with the same steps, anything else is shown
 *   read-only as text (its answered detail rows, tables, attachments and certificate action).
 *   A service with several forms shows the one whose record the application holds.
 * - `edit`: `view` on the service's edit route, titled `wizard.editTitle`.
 *
 * A new application of a service with several forms (variants) starts with the choice of the form.
 *
 * Nothing here knows a service: labels, fields, calls and uploads all come from the definition.
 * The pieces: new-application.tsx, application-view.tsx, wizard-flow.tsx (the steps and the submit
 * pipeline), documents-step.tsx, confirm-step.tsx.
 */
import { Suspense } from 'react';
import Box from '@mui/material/Box';
import { lazyNamed } from './lazy-named';
import { NewApplication } from './new-application';
import { Busy } from './status-blocks';
import { useTranslation } from './translation';
import type { ServiceWizardProps } from './wizard-types';
import { WizardTitle } from './wizard-title';

export type {
  ApplicationAttachment,
  ApplicationDetails,
  RenderLink,
  ResumePoint,
  ServiceWizardProps,
} from './wizard-types';

/**
 * The view of an existing application (its stage blocks, tasks, decisions and history) loads with its
 * first use: a new application, the wizard's heaviest use, never needs it.
 */
const ApplicationView = lazyNamed(() => import('./application-view'), 'ApplicationView');

/**
 * Loads the application view's code now (once): a page that opens a submitted application (the
 * start-up's preload of the address, a test) then draws it without a spinner.
 */
export function preloadApplicationView(): Promise<void> {
  return ApplicationView.preload();
}

export function ServiceWizard(props: ServiceWizardProps) {
  const { definition, mode } = props;
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="service-wizard-title">
      {/* A viewed application is titled by its number, known once it is read (application-view.tsx). */}
      {mode === 'view' ? null : (
        <WizardTitle>
          {mode === 'edit' ? (definition.wizard.editTitle ?? definition.wizard.title) : definition.wizard.title}
        </WizardTitle>
      )}
      {mode === 'new' ? (
        <NewApplication {...props} />
      ) : (
        <Suspense fallback={<Busy>{t('view.loading')}</Busy>}>
          <ApplicationView {...props} />
        </Suspense>
      )}
    </Box>
  );
}
