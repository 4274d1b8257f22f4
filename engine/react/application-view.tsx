/**
 * An existing application, titled by its service and number, its status with what happens next: a
 * returned one (status 7) is corrected with the wizard's steps (a view of the wizard's controller,
 * wizard-flow.tsx), a draft is continued in them, anything else is shown read-only as text, once:
 * the answered detail rows, the tables, the attachments and the certificate action. The application
 * is read through the engine's backend, by its source, in the query cache.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { serviceStatuses } from '../core/lifecycle';
import { historyCommentLabels } from '../core/localize-definition';
import type { ServiceAttachment } from '../core/api-types';
import { formOfApplication, formsOf, savedFormData } from '../core/service-forms';
import { latestReturnComment, presentStatus, STATUS } from '../core/status-presentation';
import { ApplicantTasks } from './applicant-task';
import { ApplicationHistory } from './application-history';
import { ApplicationStatus } from './application-status';
import { useBackend } from './backend-context';
import { isDraftDetails, NO_ANSWERS } from './draft-details';
import { ReadOnlyApplication } from './read-only-application';
import { RetryAlert } from './retry-alert';
import { StageBlocks } from './stage-blocks';
import { Busy } from './status-blocks';
import { useTranslation } from './translation';
import { useApiQuery } from './use-api-query';
import { useApplicationDownloads } from './use-application-downloads';
import { WizardFlow } from './wizard-flow';
import { WizardTitle } from './wizard-title';
import type { ApplicationDetails, ServiceWizardProps } from './wizard-types';

export function ApplicationView(props: ServiceWizardProps) {
  const { t } = useTranslation();
  const { applicationId, definition } = props;
  const backend = useBackend();
  const downloads = useApplicationDownloads();
  const known = applicationId !== undefined && applicationId !== null && applicationId !== '';
  // Read through the query cache: the portal may have read it already to know whose application it is.
  const view = useApiQuery<ApplicationDetails>(known ? backend.sources.application(applicationId) : null, {
    api: backend,
  });
  // The documents' names in the page's language (the wizard reads the same list through the cache).
  const readsDocumentList = known && formsOf(definition).some((form) => form.documents.serviceAttachments);
  const documentList = useApiQuery<ServiceAttachment[]>(
    readsDocumentList ? backend.sources.serviceAttachments(definition.id) : null,
    { api: backend },
  );

  // On the view route the heading is the service's title, then with the application's number once read.
  const titled = (content: ReactNode, number?: string | number) => (
    <>
      {props.mode === 'view' ? (
        <WizardTitle>
          {number === undefined ? definition.title : t('view.title', { service: definition.title, number })}
        </WizardTitle>
      ) : null}
      {content}
    </>
  );
  if (!known) return titled(<Alert severity="error">{t('view.noApplication')}</Alert>);
  if (view.status === 'error') return titled(<RetryAlert error={view.error} onRetry={view.refetch} />);
  if (!view.data) return titled(<Busy>{t('view.loading')}</Busy>);

  const app = view.data;
  /** The applicant changed the application (a task saved, conditions answered): read it again, and the dashboard. */
  const changedByApplicant = () => {
    view.refetch();
    props.onSubmitted?.();
  };
  // A service with several forms: the application's is the one whose record it holds.
  const form = formOfApplication(definition, app);
  const status = presentStatus(app, serviceStatuses(form));
  const attachments = app.application_attachments ?? [];
  const draft = isDraftDetails(app.draft) ? app.draft : null;

  return (
    <Stack spacing={2}>
      {titled(null, app.app_id)}
      <ApplicationStatus
        application={app}
        status={status}
        showsNumber={props.mode !== 'view'}
        copying={downloads.copying}
        onCopy={() => void downloads.downloadCopy(app.id, app.app_id)}
        onDownload={(source, name) => void downloads.download(source, name)}
      />
      <StageBlocks
        definition={form}
        application={app}
        onDownload={(document, name) => void downloads.download({ document }, name)}
        onAnswered={changedByApplicant}
      />
      <ApplicantTasks
        definition={definition}
        clientId={props.clientId}
        application={app}
        {...(props.upload ? { upload: props.upload } : {})}
        onDone={changedByApplicant}
      />
      {status.editable ? (
        <Alert severity="warning">
          <AlertTitle>{t('view.returned')}</AlertTitle>
          {latestReturnComment(app.application_flow_histories) ?? t('view.noComment')}
        </Alert>
      ) : null}
      {downloads.error ? (
        <Alert severity="error" role="alert" onClose={downloads.clearError}>
          {downloads.error}
        </Alert>
      ) : null}
      {status.editable ? (
        <WizardFlow
          {...props}
          definition={form}
          applicationId={app.id}
          initialData={savedFormData(form, app)}
          existing={attachments}
          editing
        />
      ) : app.application_status_id === STATUS.draft ? (
        // A draft is continued in the wizard of a new application, with what it holds.
        <WizardFlow
          {...props}
          applicationId={app.id}
          initialData={draft?.answers ?? NO_ANSWERS}
          {...(draft?.variant !== undefined ? { initialVariant: draft.variant } : {})}
          existing={attachments}
          editing={false}
          resumed
        />
      ) : (
        <ReadOnlyApplication
          definition={form}
          choice={definition.variants?.label}
          application={app}
          attachments={attachments}
          {...(Array.isArray(documentList.data) ? { serviceAttachments: documentList.data } : {})}
          onDownload={(path, name) => void downloads.download({ attachment: path }, name)}
        />
      )}
      <ApplicationHistory
        histories={app.application_flow_histories ?? []}
        statuses={serviceStatuses(form)}
        comments={historyCommentLabels(form.lifecycle)}
      />
    </Stack>
  );
}
